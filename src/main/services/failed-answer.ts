import type { AnswerResult } from '@shared/chat-types.js'

/**
 * The `done` event for an answer that failed outright (the search itself broke, say). The event
 * stream has no error variant, so the UI learns of the failure the way it learns of any ending.
 */
export function failedAnswer(question: string, conversationId: number, message: string): AnswerResult {
  return {
    answer: '',
    mode: 'retrieval-only',
    status: 'failed',
    declined: false,
    citations: [],
    sources: [],
    invalidCitations: [],
    unsupportedFigures: [],
    conversationId,
    messageId: 0,
    model: null,
    timings: { retrieval_ms: 0, first_token_ms: null, total_ms: 0 },
    warnings: [message],
    ollama: null,
    trace: {
      question,
      rewrite: null,
      searchQuery: question,
      context: [],
      searchMode: null,
      declined: false,
      hits: [],
      packed: [],
      omitted: [],
      truncatedTop: false,
      numCtx: null,
      promptTokens: null,
    },
  }
}
