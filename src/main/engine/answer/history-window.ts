import type { Message } from '@shared/chat-types.js'
import { stripCitationMarkers } from '@shared/citation-markers.js'
import { earlierPassagesOfAnswer } from './earlier-passages.js'

export interface Turn {
  question: string
  /** The answer without citation markers (their numbers meant something only in that turn). */
  answer: string
  /**
   * The chunks of the passages the answer rests on, cited ones first (earlier-passages.ts); empty
   * for a declined answer. A follow-up that points back is searched there first.
   */
  passages?: number[]
}

export interface HistoryWindowOptions {
  /** Most recent turns kept. */
  maxTurns?: number
  /** Each earlier answer is cut to this many characters. */
  maxAnswerChars?: number
  /** All turns together stay under this many characters. */
  maxChars?: number
}

/**
 * The bounded slice of a conversation that goes to the model: the latest few question/answer pairs,
 * long answers shortened. Older turns are dropped first, so a long conversation costs the same as
 * a short one.
 */
export function historyWindow(messages: Message[], opts: HistoryWindowOptions = {}): Turn[] {
  const maxTurns = opts.maxTurns ?? 3
  const maxAnswerChars = opts.maxAnswerChars ?? 600
  const maxChars = opts.maxChars ?? 3000
  const turns: Turn[] = []
  // An edited question is a revision replying to the turn's first wording: only the latest
  // wording of each turn (with its answers) is the turn.
  const latest = new Map<number, number>()
  for (const m of messages) if (m.role === 'user') latest.set(m.replyTo ?? m.id, m.id)
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i]!
    if (m.role !== 'user' || latest.get(m.replyTo ?? m.id) !== m.id) continue
    // A regenerated turn holds several answers: the latest one is the turn's answer.
    let j = i + 1
    while (messages[j]?.role === 'assistant' && messages[j + 1]?.role === 'assistant') j++
    const next = messages[j]
    const replied = next?.role === 'assistant' ? next : null
    const answer = replied ? shorten(stripCitationMarkers(replied.text), maxAnswerChars) : ''
    const passages = replied ? earlierPassagesOfAnswer(replied) : []
    turns.push({ question: m.text.trim(), answer, ...(passages.length ? { passages } : {}) })
  }
  const window: Turn[] = []
  let chars = 0
  for (const t of turns.reverse()) {
    const size = t.question.length + t.answer.length
    if (window.length >= maxTurns || (window.length > 0 && chars + size > maxChars)) break
    window.unshift(t)
    chars += size
  }
  return window
}

function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= max) return flat
  return flat.slice(0, max).replace(/\s+\S*$/, '') + ' …'
}

/** Earlier questions, oldest first: the retrieval context when no model can rewrite the follow-up. */
export function earlierQuestions(turns: Turn[]): string[] {
  return turns.map((t) => t.question)
}
