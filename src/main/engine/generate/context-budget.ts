/** When /api/show does not say how long the model's context is, assume a size every current model has. */
export const FALLBACK_CONTEXT_TOKENS = 4096
/**
 * Upper bound on num_ctx by default. Models advertise up to 128k tokens, but Ollama allocates the
 * whole KV cache up front: a huge num_ctx can exhaust memory on an analyst's laptop.
 */
export const DEFAULT_MAX_CONTEXT_TOKENS = 8192
/** Room kept for the answer (also sent as num_predict). */
export const DEFAULT_ANSWER_TOKENS = 1024
/**
 * The context Quire may fill, and the num_ctx of every request to the model: the model's real
 * length (read from /api/show before the first request), capped by the configured maximum. One
 * size for every request, the follow-up rewrite included: Ollama reloads the model whenever
 * num_ctx changes, and a size fitted to each prompt changed it between the rewrite and the answer
 * and between questions.
 */
export function contextWindow(modelContext: number | null, maxContext = DEFAULT_MAX_CONTEXT_TOKENS): number {
  return Math.min(modelContext ?? FALLBACK_CONTEXT_TOKENS, maxContext)
}
