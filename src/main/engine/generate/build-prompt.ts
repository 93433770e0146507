import type { Citation } from '@shared/chat-types.js'
import type { SearchHit } from '@shared/library-types.js'
import type { ChatMessage } from './ollama-client.js'
import { packPassages } from './pack-passages.js'
import { ANSWER_SYSTEM_PROMPT, formatAnswerRequest } from './prompt-text.js'
import { estimateMessagesTokens } from './token-estimate.js'

export interface AnswerPrompt {
  messages: ChatMessage[]
  sources: Citation[]
  omitted: SearchHit[]
  truncatedTop: boolean
  /** Sources given as their most relevant sentences (with neighbours) to fit the window. */
  trimmed: number
  promptTokens: number
  /** Sent as options.num_ctx: always covers the prompt and the answer room. */
  numCtx: number
  /** Sent as options.num_predict. */
  answerTokens: number
}

/** Tokens kept free for estimation error at the seams (template tokens, BOS/EOS). */
const SAFETY_TOKENS = 32

/**
 * Builds the answer request for a context window of `window` tokens: system rules, as many top
 * passages as fit after the question and the answer room, and the num_ctx that holds it all.
 */
export function buildAnswerPrompt(
  question: string,
  hits: SearchHit[],
  opts: { window: number; answerTokens: number },
): AnswerPrompt {
  return fitPrompt(
    ANSWER_SYSTEM_PROMPT,
    (blocks) => formatAnswerRequest(question, blocks),
    question,
    hits,
    opts,
  )
}

/**
 * A request to the model for a context window of `window` tokens: the `system` rules, then the
 * user message `request` writes around as many top passages as fit after its own words and the
 * answer room. Answers and comparisons differ only in their rules and their request's words.
 */
export function fitPrompt(
  system: string,
  request: (sourceBlocks: string[]) => string,
  question: string,
  hits: SearchHit[],
  opts: { window: number; answerTokens: number },
): AnswerPrompt {
  // A small model must not spend most of its window on room for the answer.
  const answerTokens = Math.max(64, Math.min(opts.answerTokens, Math.floor(opts.window / 3)))
  const frame: ChatMessage[] = [
    { role: 'system', content: system },
    { role: 'user', content: request([]) },
  ]
  const budget = opts.window - answerTokens - estimateMessagesTokens(frame) - SAFETY_TOKENS
  const packed = packPassages(hits, budget, question)
  const messages: ChatMessage[] = [frame[0]!, { role: 'user', content: request(packed.blocks) }]
  return {
    messages,
    sources: packed.sources,
    omitted: packed.omitted,
    truncatedTop: packed.truncatedTop,
    trimmed: packed.trimmed,
    promptTokens: estimateMessagesTokens(messages),
    numCtx: opts.window,
    answerTokens,
  }
}
