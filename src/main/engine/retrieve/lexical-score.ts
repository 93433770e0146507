import { stem, tokenize, type QueryTerm } from './query-terms.js'

export interface LexicalMatch {
  /** IDF-weighted share of the query's terms found in the passage, 0..1. */
  coverage: number
  /** Coverage plus bonuses for query bigrams and identifiers found verbatim. */
  score: number
  matched: string[]
}

export interface WeightedTerm extends QueryTerm {
  idf: number
}

const stemCache = new Map<string, string>()
function cachedStem(w: string): string {
  let s = stemCache.get(w)
  if (s === undefined) {
    s = stem(w)
    if (stemCache.size > 50_000) stemCache.clear()
    stemCache.set(w, s)
  }
  return s
}

export function passageStems(text: string): string[] {
  return tokenize(text).map(cachedStem)
}

/**
 * Scores a passage against query terms the way a reader would: how much of what was asked
 * (weighted by rarity) the passage mentions, with extra credit when query words appear next to
 * each other (phrases like "zero truncated") or an identifier appears whole.
 */
export function lexicalMatch(
  stems: string[],
  terms: WeightedTerm[],
  phrases: string[][],
  headingStems: string[] = [],
): LexicalMatch {
  if (terms.length === 0) return { coverage: 0, score: 0, matched: [] }
  const counts = new Map<string, number>()
  for (const s of stems) counts.set(s, (counts.get(s) ?? 0) + 1)
  const heading = new Set(headingStems)
  let total = 0
  let got = 0
  let tfPart = 0
  const matched: string[] = []
  for (const t of terms) {
    total += t.idf
    const tf = counts.get(t.stem) ?? 0
    if (tf > 0 || heading.has(t.stem)) {
      got += t.idf
      matched.push(t.word)
      // Saturating term frequency: the second mention adds a little, the tenth nothing.
      tfPart += t.idf * (tf / (tf + 1.2))
      if (heading.has(t.stem)) tfPart += t.idf * 0.3
    }
  }
  const coverage = total > 0 ? got / total : 0
  let bonus = 0
  const termStems = terms.map((t) => t.stem)
  const pairs = new Set<string>()
  for (let i = 0; i + 1 < stems.length; i++) pairs.add(`${stems[i]} ${stems[i + 1]}`)
  for (let i = 0; i + 1 < termStems.length; i++) {
    if (pairs.has(`${termStems[i]} ${termStems[i + 1]}`)) bonus += 0.08
  }
  const joined = ` ${stems.join(' ')} `
  for (const p of phrases) if (joined.includes(` ${p.map(cachedStem).join(' ')} `)) bonus += 0.25
  return { coverage, score: coverage + 0.35 * (tfPart / total) + bonus, matched }
}
