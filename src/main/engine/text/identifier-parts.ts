import { cachedStem, casedTokens, tokenize } from './tokens.js'

// Names written as one word with inner capitals (R's `farmPrice`, `ethnictyOTHER`, an API's
// `registerFontFamily`, a class `HTMLParser`) are one token to FTS5 and to our stems, so a question
// that asks in words ("the price farmers receive", "register a font family") never meets them.
// Each such word is indexed with its parts as well as whole: the whole word still matches exactly,
// and the parts match the words a reader would use.

/** A lower-case letter then a capital, or two capitals then a lower-case letter ("HTMLParser"). */
const INNER_CAPITAL = /\p{Ll}\p{Lu}|\p{Lu}{2}\p{Ll}/u
/** Runs of capitals not followed by a lower-case letter ("HTML"), or a word ("Parser", "farm"). */
const PART = /\p{Lu}+(?!\p{Ll})|\p{Lu}?\p{Ll}+/gu

/**
 * A part worth a word of its own: three letters or more, or an acronym of two ("QR" of `PivQR`).
 * Two-letter pieces of a word in mixed case are rarely words ("La", "Te" of LaTeX; "Pa" of GPa).
 */
const wordLike = (p: string) => p.length >= 3 || (p.length === 2 && p === p.toUpperCase())

/**
 * The parts of a word with inner capitals, lower-cased ("farmPrice" → farm, price; "PivQR" → piv,
 * qr; "sexM" → sex); [] for a word without inner capitals, or whose only part is the word.
 */
export function identifierParts(word: string): string[] {
  if (!INNER_CAPITAL.test(word)) return []
  const parts = (word.match(PART) ?? []).filter(wordLike)
  return parts.length >= 2 || (parts.length === 1 && parts[0]!.length < word.length)
    ? parts.map((p) => p.toLowerCase())
    : []
}

/** The parts of every word of the text with inner capitals, in order (what the keyword index adds). */
export function textIdentifierParts(text: string): string[] {
  if (!INNER_CAPITAL.test(text)) return []
  return casedTokens(text).flatMap(identifierParts)
}

/**
 * A chunk's stems: those the import stored (`chunks.stems`, space-separated), or, for a chunk stored
 * before stems were (NULL), its text's indexStems().
 */
export function chunkStems(stored: string | null, text: string): string[] {
  if (stored === null) return indexStems(text)
  return stored.length ? stored.split(' ') : []
}

/**
 * The stems of a passage as retrieval scores it: tokenize()'s stems, each word with inner capitals
 * followed by its parts' stems, so they stand where the word stands (the proximity window sees
 * "farm price" next to the number on farmPrice's line). A text without such words has exactly
 * passageStems's stems.
 */
export function indexStems(text: string): string[] {
  const tokens = tokenize(text)
  const stems = tokens.map(cachedStem)
  if (!INNER_CAPITAL.test(text)) return stems
  const cased = casedTokens(text)
  // Lower-casing first (tokenize) and after (here) split alike but for a few exotic letters; if
  // they ever differ, the parts go at the end rather than beside the wrong word.
  if (cased.length !== tokens.length) return [...stems, ...textIdentifierParts(text).map(cachedStem)]
  const out: string[] = []
  for (let i = 0; i < tokens.length; i++) {
    out.push(stems[i]!)
    for (const p of identifierParts(cased[i]!)) out.push(cachedStem(p))
  }
  return out
}
