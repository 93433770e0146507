import type { WeightedTerm } from './lexical-score.js'
import { isStopword } from './query-terms.js'

/**
 * Pseudo-relevance feedback (RM3-style): words that are frequent in the best first-round passages
 * and rare in the library describe what the question is about in the documents' own vocabulary
 * ("resampling" → the passages say "bootstrap"). They are added to the query with a small weight.
 */
export function feedbackTerms(
  top: { stems: string[]; words: string[]; weight: number }[],
  exclude: Set<string>,
  idfOf: (stem: string) => number,
  count: number,
): WeightedTerm[] {
  const mass = new Map<string, { w: number; word: string; docs: number }>()
  for (const p of top) {
    if (p.stems.length === 0) continue
    const tf = new Map<string, number>()
    p.stems.forEach((s, i) => {
      const w = p.words[i]!
      if (exclude.has(s) || isStopword(w) || w.length < 3 || /^\d+$/.test(w)) return
      tf.set(s, (tf.get(s) ?? 0) + 1)
    })
    for (const [s, n] of tf) {
      const e = mass.get(s) ?? { w: 0, word: p.words[p.stems.indexOf(s)]!, docs: 0 }
      e.w += p.weight * (n / p.stems.length)
      e.docs++
      mass.set(s, e)
    }
  }
  // A feedback word must recur in at least two of the top passages: one passage's quirks are noise.
  const scored = [...mass.entries()]
    .filter(([, e]) => e.docs >= Math.min(2, top.length))
    .map(([stem, e]) => ({ stem, word: e.word, idf: idfOf(stem), w: e.w }))
    .map((t) => ({ ...t, w: t.w * t.idf }))
    .sort((a, b) => b.w - a.w)
    .slice(0, count)
  return scored.map(({ stem, word, idf }) => ({ stem, word, idf }))
}
