import { stemmer } from 'stemmer'

// Tokens and stems exactly as SQLite FTS5 makes them (unicode61 + porter), so what the store
// indexes, what retrieval scores and what the answer checks compare are the same words. Lives
// below store/ and retrieve/ because both use it.

/** A token as FTS5's unicode61 tokenizer reads one: a run of letters and digits. */
const TOKEN = /[\p{L}\p{N}]+/gu

/** Splits like FTS5's unicode61 tokenizer: letters and digits; everything else separates. */
export function tokenize(text: string): string[] {
  return text.toLowerCase().normalize('NFKC').match(TOKEN) ?? []
}

/** The same runs as tokenize(), capitals kept (what a word's inner capitals are read from). */
export function casedTokens(text: string): string[] {
  return text.normalize('NFKC').match(TOKEN) ?? []
}

/** FTS5's porter tokenizer stems every ASCII token with a letter ("x11colors" → "x11color"), so do we. */
export function stem(word: string): string {
  return /^[a-z0-9]*[a-z][a-z0-9]*$/.test(word) ? stemmer(word) : word
}

const stemCache = new Map<string, string>()
/** stem(), memoised: passages repeat their vocabulary. */
export function cachedStem(w: string): string {
  let s = stemCache.get(w)
  if (s === undefined) {
    s = stem(w)
    if (stemCache.size > 50_000) stemCache.clear()
    stemCache.set(w, s)
  }
  return s
}

/** The stems of a passage, in order (memoised per word: passages repeat their vocabulary). */
export function passageStems(text: string): string[] {
  return tokenize(text).map(cachedStem)
}
