// Why Quire found nothing to answer with, in words, from the search's decline decision. The app's
// "not found" card and the CLI print the same sentence.
import type { SearchDecision } from './library-types.js'

/**
 * Who declined an answer, as a stable code for scripts and the IPC/HTTP records: one of search's
 * own reasons (library-types.ts SearchDecision.reason), or `model` when search passed the passages
 * on and the model replied that they do not answer the question.
 */
export type DeclineCode = Exclude<SearchDecision['reason'], 'answered'> | 'model'

/** What is read of a stored answer: its RetrievalTrace (chat-types.ts) holds search's decision. */
interface StoredDecline {
  declined: boolean
  trace?: { decision?: SearchDecision | null } | null
}

export const DECLINE_CODES: readonly DeclineCode[] = [
  'no-results',
  'no-content-words',
  'names-absent',
  'low-coverage',
  'model',
]

/** The sentence the "not found" card and the CLI print when the model declined. */
export const MODEL_DECLINE_SENTENCE =
  'The model read the passages below and found no answer to the question in them.'

/**
 * The decline code of a stored answer. Search's decision is kept in the trace: a declined answer
 * whose search did not decline was declined by the model. Null when not declined, or for answers
 * stored before the decision was kept.
 */
export function declineCodeOf(m: StoredDecline): DeclineCode | null {
  if (!m.declined) return null
  const d = m.trace?.decision
  if (!d) return null
  return d.declined && d.reason !== 'answered' ? d.reason : 'model'
}

/** Why a stored answer was declined, in words (search's reason, or the model's verdict). */
export function answerDeclineReason(m: StoredDecline): string | null {
  const code = declineCodeOf(m)
  if (code === 'model') return MODEL_DECLINE_SENTENCE
  return code ? declineReason(m.trace?.decision) : null
}

/** Words a reason names at most: a few say what is missing; a long question's hundreds would bury it. */
export const MAX_LISTED_WORDS = 5

function quoted(words: string[]): string {
  const q = words.slice(0, MAX_LISTED_WORDS).map((w) => `“${w}”`)
  const more = words.length - q.length
  if (more > 0) return `${q.join(', ')} and ${more} other ${more === 1 ? 'word' : 'words'}`
  return q.length <= 1 ? (q[0] ?? '') : `${q.slice(0, -1).join(', ')} and ${q.at(-1)}`
}

export function declineReason(decision: SearchDecision | null | undefined): string | null {
  if (!decision || !decision.declined) return null
  switch (decision.reason) {
    case 'no-results':
      return 'Nothing in the searched documents matches the question.'
    case 'no-content-words':
      return 'The question has no words to search for; name what you are asking about.'
    case 'names-absent':
      return `None of the documents that match the question mentions ${quoted(decision.decisive)}.`
    case 'low-coverage': {
      if (decision.outOfScope?.length)
        return `The documents searched never mention ${quoted(decision.outOfScope)}; other documents in the library do.`
      const pct = Math.round(decision.coverage * 100)
      const missing = decision.missing.length ? ` No document contains ${quoted(decision.missing)}.` : ''
      return `The nearest passages cover only ${pct}% of what the question asks.${missing}`
    }
    case 'answered':
      return null
  }
}
