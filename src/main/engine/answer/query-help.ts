// Query help (opt-in, Settings › Search or --query-help): before searching, the local model writes
// other wordings of the question (query expansion: Query2doc / multi-query) or a short passage that
// would answer it (HyDE, Gao et al. 2022), and search looks for those beside the question. Within a
// time budget: a model slower than that is stopped and search runs on the question alone, saying so.
// The decision to decline stays the question's own (what the passages cover of its words).
import type { QueryHelpMode, QueryHelpTrace } from '@shared/chat-types.js'
import type { ChatMessage, ChatStreamRequest, ChatStreamResult } from '../generate/ollama-client.js'

export const EXPAND_SYSTEM_PROMPT = [
  'You help a search engine find passages in technical documents.',
  "Write three other ways to ask the user's question, using the words a manual or a report would use for the same thing.",
  'Do not answer the question. One question per line, nothing else.',
].join('\n')

export const HYDE_SYSTEM_PROMPT = [
  'You help a search engine find passages in technical documents.',
  'Write one short paragraph (at most 80 words) in the style of a manual or a report that would answer the question.',
  'It is only used to search: write it even if you are unsure of the facts. No preamble, no list.',
].join('\n')

/** Default time query help may add before search: about a second of a small local model. */
export const DEFAULT_QUERY_HELP_BUDGET_MS = 1500
const MAX_QUERIES = 3
const MAX_HYDE_WORDS = 100

/** The model's other wordings, one per line, without numbering or quotes, none equal to the question. */
export function cleanAlternatives(reply: string, question: string): string[] {
  const seen = new Set([question.trim().toLowerCase()])
  const out: string[] = []
  for (const raw of reply.replace(/<think>[\s\S]*?(<\/think>|$)/g, '').split('\n')) {
    const line = raw
      .trim()
      .replace(/^(\d+[.)]|[-*•])\s*/, '')
      .replace(/^["'“”]+|["'“”]+$/g, '')
      .trim()
    if (line.length < 3 || line.length > 300 || seen.has(line.toLowerCase())) continue
    seen.add(line.toLowerCase())
    out.push(line)
    if (out.length === MAX_QUERIES) break
  }
  return out
}

/** The hypothetical passage, cut to MAX_HYDE_WORDS words; null when the model wrote nothing usable. */
export function cleanHypothetical(reply: string): string | null {
  const words = reply
    .replace(/<think>[\s\S]*?(<\/think>|$)/g, '')
    .split(/\s+/)
    .filter(Boolean)
  return words.length >= 3 ? words.slice(0, MAX_HYDE_WORDS).join(' ') : null
}

/**
 * Asks the model for help with the question within budgetMs. Never throws for the model: a slow,
 * failed or empty reply is a trace with no queries and the reason.
 */
export async function queryHelp(
  chat: (req: ChatStreamRequest) => Promise<ChatStreamResult>,
  model: string,
  question: string,
  opts: { mode: Exclude<QueryHelpMode, 'off'>; budgetMs: number; window: number; signal?: AbortSignal },
): Promise<QueryHelpTrace> {
  const started = performance.now()
  const budget = new AbortController()
  const timer = setTimeout(() => budget.abort(), opts.budgetMs)
  const signal = opts.signal ? AbortSignal.any([opts.signal, budget.signal]) : budget.signal
  const messages: ChatMessage[] = [
    { role: 'system', content: opts.mode === 'hyde' ? HYDE_SYSTEM_PROMPT : EXPAND_SYSTEM_PROMPT },
    { role: 'user', content: question },
  ]
  try {
    const res = await chat({
      model,
      messages,
      options: {
        temperature: 0,
        num_predict: opts.mode === 'hyde' ? 160 : 96,
        num_ctx: Math.min(opts.window, 2048),
      },
      signal,
    })
    const ms = Math.round(performance.now() - started)
    const base = { mode: opts.mode, model, budgetMs: opts.budgetMs, ms }
    if (budget.signal.aborted && !opts.signal?.aborted) return { ...base, queries: [], skipped: 'budget' }
    if (res.outcome !== 'complete') return { ...base, queries: [], skipped: 'failed' }
    const queries =
      opts.mode === 'hyde'
        ? [cleanHypothetical(res.text)].filter((q): q is string => !!q)
        : cleanAlternatives(res.text, question)
    return { ...base, queries, skipped: queries.length ? null : 'empty' }
  } finally {
    clearTimeout(timer)
  }
}
