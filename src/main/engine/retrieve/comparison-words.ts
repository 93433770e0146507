import { tokenize } from '../text/tokens.js'

// Words the asker uses only to compare with something they know: "like colspan/rowspan in HTML",
// "Indian-style grouping", "similar to make's -n". They name the asker's reference point, not what
// the question is about, so a library that never uses them can still answer; the decline rule must
// not read them as "a name the library lacks" (decide.ts).

/** "X-style", "X-like", "X-esque", "X-ish", "X-inspired": X is the comparison. */
const RESEMBLANCE_COMPOUND = /([\p{L}\p{N}]+(?:[._][\p{L}\p{N}]+)*)-(?:style|like|esque|ish|inspired)\b/giu

/**
 * A comparison phrase: its marker, then the words up to the end of the clause (a question or
 * exclamation mark, a semicolon or colon, a comma, a full stop before a space), at most
 * `MAX_WORDS` of them.
 */
const MARKER = /(?<!-)\b(?:like|as in|similar to|akin to|analogous to|just as|à la)\s+/giu
const CLAUSE_END = /[?!;:,]|\.(?=\s|$)/u
const MAX_WORDS = 6

/** "like" as a verb ("I would like to", "don't like"), not a comparison. */
const VERB_LIKE = new Set([
  'i',
  'we',
  'you',
  'they',
  'would',
  'd',
  'to',
  'do',
  'does',
  'did',
  'not',
  't',
  'also',
  'really',
  'just',
])

/** The question's comparison words, lower case and split as the tokenizer splits them. */
export function comparisonWords(question: string): Set<string> {
  const out = new Set<string>()
  for (const m of question.matchAll(RESEMBLANCE_COMPOUND)) for (const w of tokenize(m[1]!)) out.add(w)
  for (const m of question.matchAll(MARKER)) {
    if (/^like/i.test(m[0])) {
      const before = tokenize(question.slice(0, m.index)).at(-1)
      if (before !== undefined && VERB_LIKE.has(before)) continue
    }
    const rest = question.slice(m.index + m[0].length)
    const end = rest.search(CLAUSE_END)
    for (const w of tokenize(end < 0 ? rest : rest.slice(0, end)).slice(0, MAX_WORDS)) out.add(w)
  }
  return out
}
