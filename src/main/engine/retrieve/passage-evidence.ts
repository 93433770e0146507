import type { WeightedTerm } from './lexical-score.js'

/**
 * Evidence around a passage. Questions are paraphrased, so the passage holding the answer often
 * shares few words with the question, while the document as a whole (its name, its other
 * passages) carries the rest of what was asked: "in pscl", "with dblatex".
 */

/** IDF-weighted share of the query terms found in any of the given stem sets, 0..1. */
export function unionCoverage(terms: WeightedTerm[], stemSets: Iterable<Set<string>>): number {
  const found = new Set<string>()
  for (const set of stemSets) for (const t of terms) if (set.has(t.stem)) found.add(t.stem)
  let total = 0
  let got = 0
  for (const t of terms) {
    total += t.idf
    if (found.has(t.stem)) got += t.idf
  }
  return total > 0 ? got / total : 0
}

/**
 * Per document: how much of the question the document covers across its candidate passages and
 * its name. A question naming a package or tool ("in pscl", "with dblatex") is about that document
 * even when the answering passage does not repeat the name.
 */
export function documentCoverage(
  terms: WeightedTerm[],
  passages: { documentId: number; stems: Set<string> }[],
  names: Map<number, Set<string>>,
): Map<number, number> {
  const byDoc = new Map<number, Set<string>[]>()
  for (const p of passages) {
    let list = byDoc.get(p.documentId)
    if (!list) byDoc.set(p.documentId, (list = names.has(p.documentId) ? [names.get(p.documentId)!] : []))
    list.push(p.stems)
  }
  const out = new Map<number, number>()
  for (const [doc, sets] of byDoc) out.set(doc, unionCoverage(terms, sets))
  return out
}
