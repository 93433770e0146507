// Stage 6, record: the finished answer stored as the reply to its question, and the result
// handed to the caller built from that stored message.
import type { AnswerResult, RetrievalTrace } from '@shared/chat-types.js'
import type { ConversationStore } from '../chat/conversation-store.js'
import { problemLine } from '../generate/ollama-problem.js'

/**
 * Everything about an answer the stages decided, before it is stored: the result's own fields
 * (one definition, in @shared) without what storing adds, plus the raw first-token time.
 */
export type AnswerDraft = Omit<AnswerResult, 'conversationId' | 'messageId' | 'timings' | 'trace'> & {
  firstTokenMs: number | null
}

export function recordAnswer(
  store: ConversationStore,
  draft: AnswerDraft,
  at: {
    conversationId: number
    replyTo: number
    trace: RetrievalTrace
    started: number
    retrievalMs: number
  },
): AnswerResult {
  const timings = {
    retrieval_ms: Math.round(at.retrievalMs),
    first_token_ms: draft.firstTokenMs === null ? null : Math.round(draft.firstTokenMs),
    total_ms: Math.round(performance.now() - at.started),
  }
  const model = draft.mode === 'llm' ? draft.model : null
  const message = store.addMessage({
    conversationId: at.conversationId,
    role: 'assistant',
    text: draft.answer,
    citations: draft.citations,
    trace: at.trace,
    model,
    mode: draft.mode,
    status: draft.status,
    declined: draft.declined,
    timings,
    warnings: draft.warnings,
    error: draft.ollama ? problemLine(draft.ollama) : null,
    sources: draft.sources,
    replyTo: at.replyTo,
    ollama: draft.ollama,
  })
  return {
    answer: draft.answer,
    mode: draft.mode,
    status: draft.status,
    declined: draft.declined,
    // As stored: stamped with the document's hash and the labels printed on the cited pages.
    citations: message.citations,
    sources: message.sources,
    invalidCitations: draft.invalidCitations,
    unsupportedFigures: draft.unsupportedFigures,
    conversationId: at.conversationId,
    messageId: message.id,
    model,
    timings,
    warnings: draft.warnings,
    ollama: draft.ollama,
    trace: at.trace,
  }
}
