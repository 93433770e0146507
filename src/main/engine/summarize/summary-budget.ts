// How a summary's requests fit the model's context: every request's prompt plus the room for its
// reply stays within the one num_ctx every request uses (generate/context-budget.ts).
import { estimateMessagesTokens } from '../generate/token-estimate.js'
import type { ChatMessage } from '../generate/ollama-client.js'

/** Tokens kept free for estimation error at the seams (as the answer prompt keeps). */
export const SAFETY_TOKENS = 32

/** Reply room for one section's summary: a few sentences, a larger share of a small window. */
export function sectionReplyTokens(window: number): number {
  return clamp(Math.floor(window / 8), 160, 400)
}

/** Reply room for a combining request: more sentences than a section's. */
export function combineReplyTokens(window: number): number {
  return clamp(Math.floor(window / 6), 200, 600)
}

/** Tokens left for the numbered passages or statements once the frame and the reply room are counted. */
export function sourceBudget(window: number, frame: ChatMessage[], replyTokens: number): number {
  return window - replyTokens - estimateMessagesTokens(frame) - SAFETY_TOKENS
}

function clamp(n: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(hi, n))
}
