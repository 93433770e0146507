/** When /api/show does not say how long the model's context is, assume a size every current model has. */
export const FALLBACK_CONTEXT_TOKENS = 4096
/**
 * Upper bound on num_ctx by default. Models advertise up to 128k tokens, but Ollama allocates the
 * whole KV cache up front: a huge num_ctx can exhaust memory on an analyst's laptop.
 */
export const DEFAULT_MAX_CONTEXT_TOKENS = 8192
/** Room kept for the answer (also sent as num_predict). */
export const DEFAULT_ANSWER_TOKENS = 1024
/** Ollama's own default when num_ctx is not sent; never ask for less. */
const MIN_CONTEXT_TOKENS = 2048

/** The context Quire may fill: the model's real length, capped by the configured maximum. */
export function contextWindow(modelContext: number | null, maxContext = DEFAULT_MAX_CONTEXT_TOKENS): number {
  return Math.min(modelContext ?? FALLBACK_CONTEXT_TOKENS, maxContext)
}

/**
 * num_ctx for one request: prompt plus answer room, rounded up to a power of two. Ollama reloads
 * the model whenever num_ctx changes, so a few fixed sizes keep consecutive questions fast.
 */
export function numCtxFor(promptTokens: number, answerTokens: number, window: number): number {
  const needed = promptTokens + answerTokens
  let size = MIN_CONTEXT_TOKENS
  while (size < needed) size *= 2
  return Math.min(size, window)
}
