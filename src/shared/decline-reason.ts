// Why Quire found nothing to answer with, in words, from the search's decline decision. The app's
// "not found" card and the CLI print the same sentence.
import type { SearchDecision } from './library-types.js'

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
      const pct = Math.round(decision.coverage * 100)
      const missing = decision.missing.length ? ` No document contains ${quoted(decision.missing)}.` : ''
      return `The nearest passages cover only ${pct}% of what the question asks.${missing}`
    }
    case 'answered':
      return null
  }
}
