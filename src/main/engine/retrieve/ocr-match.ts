import { foldConfusable } from '../text/ocr-fold.js'
import { lexicalMatch, type LexicalMatch, type WeightedTerm } from './lexical-score.js'
import type { Tuning } from './tuning.js'

/**
 * The question's terms as they are matched against a passage on OCR'd pages: each stem with its
 * OCR-confusable characters folded (ocr-fold.ts), as the passage's own stems are, so "lmtest"
 * finds the "Imtest" a scan read. Built once per question.
 */
export interface OcrTerms {
  terms: WeightedTerm[]
  contextTerms: WeightedTerm[]
  /** Folded stem → the question's stems it stands for (two words can fold alike). */
  original: Map<string, string[]>
}

export function ocrTerms(terms: WeightedTerm[], contextTerms: WeightedTerm[]): OcrTerms {
  const original = new Map<string, string[]>()
  const fold = (list: WeightedTerm[]) =>
    list.map((t) => {
      const stem = foldConfusable(t.stem)
      original.set(stem, [...(original.get(stem) ?? []), t.stem])
      return {
        ...t,
        stem,
        ...(t.alts ? { alts: t.alts.map((a) => ({ ...a, stem: foldConfusable(a.stem) })) } : {}),
      }
    })
  return { terms: fold(terms), contextTerms: fold(contextTerms), original }
}

/** An OCR passage's stems and heading stems with their confusable characters folded. */
export interface FoldedPassage {
  stems: string[]
  headingStems: string[]
}

/** Folds a passage once, for every term list matched against it. */
export function foldPassage(stems: string[], headingStems: string[]): FoldedPassage {
  return { stems: stems.map(foldConfusable), headingStems: headingStems.map(foldConfusable) }
}

/**
 * lexicalMatch over a folded OCR passage with the folded terms; `matchedStems` are given back as
 * the question's own stems, so document coverage compares them with every other passage's.
 */
export function ocrLexicalMatch(
  passage: FoldedPassage,
  terms: WeightedTerm[],
  original: Map<string, string[]>,
  phrases: string[][],
  T: Tuning,
): LexicalMatch {
  const m = lexicalMatch(passage.stems, terms, phrases, passage.headingStems, T, foldConfusable)
  const matchedStems = new Set<string>()
  for (const s of m.matchedStems) for (const o of original.get(s) ?? [s]) matchedStems.add(o)
  return { ...m, matchedStems }
}
