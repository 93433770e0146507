/**
 * The embedding contract the rest of the engine relies on. Implemented by
 * transformers-embedder.ts (real ONNX model from a local folder).
 */
export interface Embedder {
  /** Model name recorded in the library manifest (e.g. "Xenova/all-MiniLM-L6-v2"). */
  readonly modelId: string
  readonly dim: number
  /** L2-normalised mean-pooled embeddings, one row per text, in input order. */
  embed(texts: string[], opts?: EmbedOptions): Promise<Float32Array[]>
  dispose(): Promise<void>
}

export interface EmbedOptions {
  /** Another thread of this process is busy (PDF extraction): leave it a core. */
  sharingCores?: boolean
}
