import { isStopword } from './query-terms.js'
import { tokenize } from '../text/tokens.js'

// Words the asker uses to describe their own situation, not to name what they ask about: an
// example ("accented capitals such as É"), a place that identifies something ("the Sorbian spoken
// around Cottbus"), a quantity or a date that is the question's premise ("a 64 KiB page size",
// "files last modified in 1975"). A library can answer the question without ever using these
// words, so the decline rule must not read them as "a name the library lacks" (decide.ts).

/**
 * An example clause: its marker, then the phrase it introduces: the words after any leading
 * article, up to the next function word or the end of the clause, at most `MAX_WORDS` of them
 * ("such as DRAFT behind every page with fancyhdr" gives "draft behind every": the example, not
 * the rest of the question).
 */
const EXAMPLE = /(?<![\p{L}\p{N}-])(?:such as|e\.\s?g\.|eg\.|for example|for instance)[\s,:]+/giu
/**
 * An identifying place clause set off by a comma or a bracket (", around Cottbus", "(near Bonn)"):
 * set off, it is an aside that says which one is meant. Without the comma "around" and "near" are
 * usually the subject's own words ("boxes drawn around links").
 */
const IDENTIFYING_PLACE = /[,(]\s*(?:somewhere\s+)?(?:around|near|close to|in the area of)\s+/giu
const CLAUSE_END = /[?!;:,()]|\.(?=\s|$)/u
const MAX_WORDS = 3

/**
 * A number standing alone (not part of a word, an identifier, a dotted version or a list of
 * numbers): digits, with thousands separators ("100,000").
 */
const ALONE_BEFORE = String.raw`(?<![\p{L}\p{N}._-]|[\p{L}\p{N}][.,])`
const ALONE_AFTER = String.raw`(?![\p{L}\p{N}]|[.,_-][\p{L}\p{N}])`
const NUMBER = new RegExp(`${ALONE_BEFORE}(?:\\d{1,3}(?:,\\d{3})+|\\d+)${ALONE_AFTER}`, 'gu')
/** A unit symbol after a quantity ("KiB", "MB", "GHz", "px"): up to three letters. */
const UNIT = /^\s+(\p{L}{1,3})(?![\p{L}\p{N}])/u

/** The question's describing words, lower case and split as the tokenizer splits them. */
export function describedWords(question: string): Set<string> {
  const out = new Set<string>()
  for (const marker of [EXAMPLE, IDENTIFYING_PLACE])
    for (const m of question.matchAll(marker)) {
      const rest = question.slice(m.index + m[0].length)
      const end = rest.search(CLAUSE_END)
      for (const w of phrase(tokenize(end < 0 ? rest : rest.slice(0, end)))) out.add(w)
    }
  for (const m of question.matchAll(NUMBER)) {
    if (labels(question.slice(0, m.index))) continue
    for (const w of tokenize(m[0])) out.add(w)
    const unit = UNIT.exec(question.slice(m.index + m[0].length))
    if (unit && !isStopword(unit[1]!.toLowerCase())) out.add(tokenize(unit[1]!)[0]!)
  }
  return out
}

/**
 * Whether a number right after `before` is what the question asks about: it labels the word before
 * it ("error 404", "Table 3", "n = 5000"). After an article, a preposition or a verb's function word
 * ("a 500 MB database", "modified in 1975", "with 100,000 nodes"), or opening the question, it is a
 * quantity or a date the asker gives.
 */
function labels(before: string): boolean {
  if (/(?:[=#:]|\bno\.)\s*$/iu.test(before)) return true
  const word = /([\p{L}\p{N}]+)\s+$/u.exec(before)
  return word !== null && !isStopword(word[1]!.toLowerCase())
}

/** The phrase a marker introduces: leading function words skipped, then content words up to the next. */
function phrase(words: string[]): string[] {
  let i = 0
  while (i < words.length && isStopword(words[i]!)) i++
  let j = i
  while (j < words.length && j - i < MAX_WORDS && !isStopword(words[j]!)) j++
  return words.slice(i, j)
}
