import { cachedStem } from '../text/tokens.js'
import type { QueryTerm } from './query-terms.js'
import { DEFAULT_TUNING, type Tuning } from './tuning.js'

export interface LexicalMatch {
  /** IDF-weighted share of the query's terms found in the passage, 0..1. */
  coverage: number
  /** The largest IDF-weighted share of the query found within one proximity window, 0..1. */
  local: number
  /** Coverage plus bonuses for query bigrams and identifiers found verbatim. */
  score: number
  matched: string[]
  /** Stems of the query terms the passage (or its heading) contains. */
  matchedStems: Set<string>
}

export interface WeightedTerm extends QueryTerm {
  idf: number
  /** Chunks containing the term (when known). */
  df?: number
  /**
   * Other words that stand for this term in a passage, each worth `weight` of a match: the joined
   * form of a hyphenated compound ("log-scale" → "logscale", 1) or a WordNet synonym (less).
   */
  alts?: AltTerm[]
}

export interface AltTerm {
  word: string
  stem: string
  weight: number
  /** Chunks containing it. */
  df: number
}

interface CompiledTerms {
  index: Map<string, number>
  /** Alternative stems → the terms they stand for, with their weight. */
  alts: Map<string, { j: number; weight: number }[]>
  idf: Map<string, number>
  pairs: Set<string>
}

// The same query terms are matched against every candidate: build their lookups once per query.
const compiledCache = new WeakMap<WeightedTerm[], CompiledTerms>()
function compiled(terms: WeightedTerm[]): CompiledTerms {
  let c = compiledCache.get(terms)
  if (!c) {
    const pairs = new Set<string>()
    for (let i = 0; i + 1 < terms.length; i++) pairs.add(`${terms[i]!.stem} ${terms[i + 1]!.stem}`)
    const index = new Map(terms.map((t, i) => [t.stem, i]))
    const alts = new Map<string, { j: number; weight: number }[]>()
    terms.forEach((t, j) => {
      for (const a of t.alts ?? [])
        if (!index.has(a.stem)) alts.set(a.stem, [...(alts.get(a.stem) ?? []), { j, weight: a.weight }])
    })
    c = {
      index,
      alts,
      idf: new Map(terms.map((t) => [t.stem, t.idf])),
      pairs,
    }
    compiledCache.set(terms, c)
  }
  return c
}

/**
 * Scores a passage against query terms the way a reader would: how much of what was asked
 * (weighted by rarity) the passage mentions, with extra credit when query words appear next to
 * each other (phrases like "zero truncated"), an identifier appears whole, or the words come
 * together in one place (proximity). One pass over the passage's stems: this runs for hundreds of
 * candidates per query.
 */
export function lexicalMatch(
  stems: string[],
  terms: WeightedTerm[],
  phrases: string[][],
  headingStems: string[] = [],
  T: Tuning = DEFAULT_TUNING,
  /** Applied to the phrases' stems: OCR passages are matched with folded stems (ocr-match.ts). */
  phraseStem: (stem: string) => string = (s) => s,
): LexicalMatch {
  if (terms.length === 0) return { coverage: 0, local: 0, score: 0, matched: [], matchedStems: new Set() }
  const { index, alts, pairs } = compiled(terms)
  const tf = new Array<number>(terms.length).fill(0)
  // Best weight an alternative word reached for each term (only when the term itself is absent).
  const altWeight = alts.size ? new Array<number>(terms.length).fill(0) : null
  const foundPairs = new Set<string>()
  let prevIsTerm = false
  for (let i = 0; i < stems.length; i++) {
    const j = index.get(stems[i]!)
    if (j === undefined) {
      if (altWeight)
        for (const a of alts.get(stems[i]!) ?? []) altWeight[a.j] = Math.max(altWeight[a.j]!, a.weight)
      prevIsTerm = false
      continue
    }
    tf[j]!++
    if (prevIsTerm) {
      const pair = `${stems[i - 1]} ${stems[i]}`
      if (pairs.has(pair)) foundPairs.add(pair)
    }
    prevIsTerm = true
  }
  const heading = new Set(headingStems)
  let total = 0
  let got = 0
  let tfPart = 0
  const matched: string[] = []
  const matchedStems = new Set<string>()
  terms.forEach((t, i) => {
    total += t.idf
    const n = tf[i]!
    const inHeading = heading.has(t.stem)
    if (n > 0 || inHeading) {
      got += t.idf
      matched.push(t.word)
      matchedStems.add(t.stem)
      // Saturating term frequency: the second mention adds a little, the tenth nothing.
      tfPart += t.idf * (n / (n + T.tfSaturation))
      if (inHeading) tfPart += t.idf * T.wHeadingTerm
    } else if (altWeight && altWeight[i]! > 0) {
      // Found only as another word for it: that share of a match, and no heading or tf credit.
      got += t.idf * altWeight[i]!
      tfPart += t.idf * altWeight[i]! * (1 / (1 + T.tfSaturation))
      if (altWeight[i]! >= 1) matchedStems.add(t.stem)
    }
  })
  const coverage = total > 0 ? got / total : 0
  let bonus = T.wAdjacentPair * foundPairs.size
  if (phrases.length > 0) {
    const joined = ` ${stems.join(' ')} `
    for (const p of phrases)
      if (joined.includes(` ${p.map((w) => phraseStem(cachedStem(w))).join(' ')} `))
        bonus += T.wIdentifierPhrase
  }
  const local = total > 0 && got > 0 ? windowCoverage(stems, terms, T.proximityWindow) / total : 0
  return {
    coverage,
    local,
    score: coverage + T.wTermFrequency * (tfPart / total) + T.wProximity * local + bonus,
    matched,
    matchedStems,
  }
}

/**
 * The largest IDF mass of distinct query terms inside any window of `size` tokens. Large passages
 * can collect the question's words from scattered places; the answer is where they come together.
 */
export function windowCoverage(stems: string[], terms: WeightedTerm[], size: number): number {
  const { idf } = compiled(terms)
  const inWindow = new Map<string, number>()
  let mass = 0
  let best = 0
  for (let i = 0; i < stems.length; i++) {
    const add = stems[i]!
    const w = idf.get(add)
    if (w !== undefined) {
      const c = inWindow.get(add) ?? 0
      if (c === 0) mass += w
      inWindow.set(add, c + 1)
    }
    if (i >= size) {
      const drop = stems[i - size]!
      const dw = idf.get(drop)
      if (dw !== undefined) {
        const c = inWindow.get(drop)! - 1
        inWindow.set(drop, c)
        if (c === 0) mass -= dw
      }
    }
    if (mass > best) best = mass
  }
  return best
}
