import { stem, tokenize } from '../text/tokens.js'

// Re-exported for retrieval code that reads query and passage words together.
export { stem, tokenize }

// Function words and question scaffolding: they carry no topic and dilute keyword scoring.
const STOPWORDS = new Set(
  `a about above after again against all am an and any are as at be because been before being below between both but by
  can could did do does doing down during each few for from further had has have having he her here hers herself him himself
  his how i if in into is it its itself just me more most my myself no nor not now of off on once only or other our ours
  ourselves out over own same she should so some such than that the their theirs them themselves then there these they this
  those through to too under until up very was we were what when where which while who whom why will with would you your
  yours yourself yourselves also many much may might must shall let lets get gets got use used using uses want wants need needs way ways
  tell say says said please thing things something anything give gives given one ones two kind sort able else instead rather
  like make makes made go goes going know happen happens doesn't don't isn't aren't i'd i'm it's what's whats`.split(
    /\s+/,
  ),
)

export function isStopword(word: string): boolean {
  return STOPWORDS.has(word)
}

let stopStems: Set<string> | null = null
/** The stopwords as stems (how chunks store their words). */
export function stopwordStems(): Set<string> {
  return (stopStems ??= new Set([...STOPWORDS].map(stem)))
}

export interface QueryTerm {
  /** Surface form as typed (lower-cased). */
  word: string
  /** Porter stem, matching SQLite FTS5's porter tokenizer. */
  stem: string
}

/** Content terms of a query, de-duplicated by stem, in order. */
export function queryTerms(text: string): QueryTerm[] {
  const seen = new Set<string>()
  const out: QueryTerm[] = []
  for (const word of tokenize(text)) {
    if (STOPWORDS.has(word) || (word.length < 2 && !/\d/.test(word))) continue
    const s = stem(word)
    if (seen.has(s)) continue
    seen.add(s)
    out.push({ word, stem: s })
  }
  return out
}

/**
 * Identifier-like tokens the user typed (dotted names, options, snake_case, CamelCase):
 * searched as exact phrases because their parts mean little alone.
 */
export function identifierPhrases(text: string): string[][] {
  const out: string[][] = []
  for (const m of text.matchAll(/[\p{L}\p{N}]+(?:[._\-:/][\p{L}\p{N}]+)+/gu)) {
    const parts = tokenize(m[0])
    if (parts.length > 1) out.push(parts)
  }
  return out
}

/** Quotes a token for an FTS5 MATCH expression. */
export function ftsQuote(token: string): string {
  return `"${token.replace(/"/g, '""')}"`
}
