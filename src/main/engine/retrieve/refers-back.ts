// Whether a follow-up points back at what was said before ("which one of those …", "what does that
// option do?", "is it slower?"): such a question is about where the previous answer was found,
// most often the same passage or table, and its own words rarely say which (earlier-turn-stage.ts).
import { isStopword, tokenize } from './query-terms.js'

/** Pronouns and demonstratives that can name something said before. */
const POINTERS = new Set([
  'this',
  'that',
  'these',
  'those',
  'it',
  'its',
  'they',
  'them',
  'their',
  'such',
  'same',
])
const DEMONSTRATIVES = new Set(['this', 'that', 'these', 'those'])
/** After these, "that" is a conjunction ("so that readers …", "given that …"), pointing at nothing. */
const BEFORE_CONJUNCTION = new Set(['so', 'such', 'now', 'given', 'provided', 'except', 'assuming'])

/** A word that says what the question is about (not a function word, not a single letter). */
function isContent(word: string): boolean {
  return !isStopword(word) && (word.length > 1 || /\d/.test(word))
}

/**
 * True when the question points back: a pronoun or demonstrative before any word of its own topic
 * ("is it slower …", "which one of those …", "does that happen …"), or a demonstrative opening a
 * phrase of its own ("what does the -V in that command do?"): a word naming something of the
 * question itself comes first in "how can I shorten them?" or "the option that sets …", and those
 * point at nothing said before. Read only for a question asked after another turn.
 */
export function refersBack(question: string): boolean {
  const words = tokenize(question)
  let topicSeen = false
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!
    if (POINTERS.has(w) && !topicSeen) return true
    const next = words[i + 1]
    const before = i > 0 ? words[i - 1]! : null
    if (
      DEMONSTRATIVES.has(w) &&
      next !== undefined &&
      isContent(next) &&
      (before === null || (!isContent(before) && !(w === 'that' && BEFORE_CONJUNCTION.has(before))))
    )
      return true
    if (isContent(w)) topicSeen = true
  }
  return false
}
