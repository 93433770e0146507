/** A cross-encoder: reads the question and a passage together and scores how well it answers. */
export interface Reranker {
  /** quire-model.json's modelId, else the folder name. */
  readonly modelId: string
  readonly dir: string
  /** Which weights are loaded, e.g. "int8 onnx/model_quantized.onnx" (Settings and the trace say it). */
  readonly weights: string
  /** Word pieces per pair it reads (question and passage); the rest of a longer pair is cut. */
  readonly maxTokens: number
  /**
   * One relevance score per passage, in input order (higher: more relevant; only the order means
   * anything). Passages are given in first-stage order and scored best first; with a deadline (a
   * performance.now() time) those it could not score by then are null. Some are always scored.
   */
  score(query: string, passages: string[], budget?: { deadline?: number }): Promise<(number | null)[]>
  dispose(): Promise<void>
}
