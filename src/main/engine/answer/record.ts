// Stage 6, record: the finished answer stored as the reply to its question. The result is the
// stored message itself beside what the checks found: one shape from here to every surface.
import type {
  AnswerExtras,
  AnswerMessage,
  AnswerMode,
  AnswerResult,
  AnswerStatus,
  AnswerWarning,
  Citation,
  OllamaProblem,
  RetrievalTrace,
} from '@shared/chat-types.js'
import type { ConversationStore } from '../chat/conversation-store.js'
import { problemLine } from '../generate/ollama-problem.js'

/** Everything about an answer the stages decided, before it is stored. */
export interface AnswerDraft extends AnswerExtras {
  answer: string
  mode: AnswerMode
  status: AnswerStatus
  declined: boolean
  /** Sources the answer cites, in number order. */
  citations: Citation[]
  /** Every passage given to the model or shown, numbered as in the answer. */
  sources: Citation[]
  model: string | null
  warnings: AnswerWarning[]
  /** Set when the model could not be used (retrieval-only) or broke midway. */
  ollama: OllamaProblem | null
  /** From the question to the first token, raw. */
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
    retrievalMs: Math.round(at.retrievalMs),
    firstTokenMs: draft.firstTokenMs === null ? null : Math.round(draft.firstTokenMs),
    totalMs: Math.round(performance.now() - at.started),
  }
  const message = store.addMessage({
    conversationId: at.conversationId,
    role: 'assistant',
    text: draft.answer,
    citations: draft.citations,
    trace: at.trace,
    model: draft.mode === 'llm' ? draft.model : null,
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
  // As stored (citations stamped with the document's hash and page labels), trace and timings set.
  const answer: AnswerMessage = { ...message, role: 'assistant', mode: draft.mode, trace: at.trace, timings }
  return {
    message: answer,
    extras: { invalidCitations: draft.invalidCitations, unsupportedFigures: draft.unsupportedFigures },
  }
}
