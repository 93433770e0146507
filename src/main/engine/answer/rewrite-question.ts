import type { OllamaProblem, QuestionRewrite } from '@shared/chat-types.js'
import type { ChatMessage, ChatStreamRequest, ChatStreamResult } from '../generate/ollama-client.js'
import type { Turn } from './history-window.js'
import { rejectRewrite, type RewriteRejection } from './rewrite-guard.js'

export const REWRITE_SYSTEM_PROMPT = [
  'You rewrite a follow-up question from a conversation into a standalone question.',
  'Use the conversation only to resolve references such as "it", "they", "that year" or "the same report".',
  'Do not answer the question. Do not add facts that are not in the conversation.',
  'If the question is already standalone, repeat it unchanged.',
  'Reply with the standalone question only, on one line.',
].join('\n')

export function formatRewriteRequest(turns: Turn[], question: string): string {
  const lines = ['Conversation so far:']
  for (const t of turns) {
    lines.push(`User: ${t.question}`)
    if (t.answer) lines.push(`Assistant: ${t.answer}`)
  }
  lines.push('', `Follow-up question: ${question.trim()}`, '', 'Standalone question:')
  return lines.join('\n')
}

/** Takes the model's reply down to the question itself: first line, no label, no quotes. */
export function cleanRewrite(reply: string, original: string): string | null {
  const line = reply
    .replace(/<think>[\s\S]*?<\/think>/g, '')
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l.length > 0)
  if (!line) return null
  const text = line
    .replace(/^(standalone question|rewritten question|question)\s*:\s*/i, '')
    .replace(/^["'“”]+|["'“”]+$/g, '')
    .trim()
  // A rambling reply is an answer, not a question; fall back to the original.
  if (!text || text.length > Math.max(400, original.length * 4)) return null
  return text
}

export type RewriteOutcome =
  | { rewrite: QuestionRewrite }
  | { rewrite: null; problem: OllamaProblem | null; rejected?: { text: string; reason: RewriteRejection } }

/**
 * Asks the model to turn a follow-up into a standalone question for retrieval. Only the bounded
 * history window goes to the model. Low temperature: this is a deterministic edit, not writing.
 */
export async function rewriteFollowUp(
  chat: (req: ChatStreamRequest) => Promise<ChatStreamResult>,
  model: string,
  turns: Turn[],
  question: string,
  opts: { signal?: AbortSignal; window: number },
): Promise<RewriteOutcome> {
  const started = performance.now()
  const messages: ChatMessage[] = [
    { role: 'system', content: REWRITE_SYSTEM_PROMPT },
    { role: 'user', content: formatRewriteRequest(turns, question) },
  ]
  const answerTokens = 128
  const res = await chat({
    model,
    messages,
    options: {
      temperature: 0,
      num_predict: answerTokens,
      num_ctx: opts.window,
    },
    ...(opts.signal ? { signal: opts.signal } : {}),
  })
  if (res.outcome !== 'complete') return { rewrite: null, problem: res.problem }
  const to = cleanRewrite(res.text, question)
  if (!to) return { rewrite: null, problem: null }
  const reason = rejectRewrite(to, question, turns)
  if (reason) return { rewrite: null, problem: null, rejected: { text: to, reason } }
  return { rewrite: { from: question, to, model, ms: Math.round(performance.now() - started) } }
}
