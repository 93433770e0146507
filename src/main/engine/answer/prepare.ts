// Stage 1, prepare: what search should look for. A follow-up is rewritten into a standalone
// question when the model is there and the rewrite passes the guard; otherwise the earlier
// questions go to search as context.
import type { QueryHelpTrace, QuestionRewrite, RetrievalTrace } from '@shared/chat-types.js'
import type { ChatStreamRequest, ChatStreamResult } from '../generate/ollama-client.js'
import { earlierQuestions, type Turn } from './history-window.js'
import { rewriteFollowUp } from './rewrite-question.js'

export interface PreparedQuestion {
  question: string
  rewrite: QuestionRewrite | null
  rewriteRejected: NonNullable<RetrievalTrace['rewriteRejected']> | null
  /** What search is asked: the rewrite, else the question itself. */
  searchQuery: string
  /** Earlier questions, used as search context when there is no rewrite. */
  context: string[]
  /**
   * With the context: the previous answer's passages (chunk ids, cited first), where a follow-up
   * that points back is searched first (retrieve/earlier-turn-stage.ts).
   */
  earlierPassages: number[]
  /** What query help wrote to search beside the question (query-help.ts); absent when off. */
  queryHelp?: QueryHelpTrace
}

export interface PrepareInput {
  question: string
  /** The bounded history window (empty for a first question). */
  turns: Turn[]
  /** The ready model, or null when Ollama cannot answer. */
  model: string | null
  chat: (req: ChatStreamRequest) => Promise<ChatStreamResult>
  window: number
  signal?: AbortSignal
}

export async function prepareQuestion(input: PrepareInput): Promise<PreparedQuestion> {
  const { question, turns, model } = input
  let rewrite: QuestionRewrite | null = null
  let rewriteRejected: PreparedQuestion['rewriteRejected'] = null
  let context: string[] = []
  let earlierPassages: number[] = []
  if (turns.length > 0) {
    if (model) {
      const out = await rewriteFollowUp(input.chat, model, turns, question, {
        window: input.window,
        ...(input.signal ? { signal: input.signal } : {}),
      })
      rewrite = out.rewrite
      if (!out.rewrite && out.rejected) rewriteRejected = out.rejected
    }
    if (!rewrite) {
      context = earlierQuestions(turns)
      earlierPassages = turns.at(-1)?.passages ?? []
    }
  }
  return {
    question,
    rewrite,
    rewriteRejected,
    searchQuery: rewrite?.to ?? question,
    context,
    earlierPassages,
  }
}
