import { stem } from '../text/tokens.js'
import type { Vocabulary } from './analyse-question.js'
import type { KeywordSearch } from './keyword-search.js'
import type { ChunkScope } from './scope-chunks.js'
import type { Tuning } from './tuning.js'

/** A vocabulary that can also count a word within some documents (decide.ts narrows to those found). */
export interface NarrowableVocabulary extends Vocabulary {
  documentFrequencyIn(word: string, documentIds: number[]): number
}

/** A scope's vocabulary, which also knows whether the whole library uses a word. */
export interface ScopedVocabulary extends NarrowableVocabulary {
  inLibrary(word: string): boolean
}

/**
 * The library's vocabulary as seen from the documents a search is scoped to (a collection, the
 * ticked documents, a document the question names): a word the scope never uses is unseen there,
 * and a word's IDF is over the scope's chunks. Otherwise a question about "hurdle models" with
 * only survival.pdf ticked was judged by the whole library, which has hurdle models in another
 * document, and went to the model with six unrelated passages instead of declining.
 *
 * A word rarer than `candidatePostings` chunks in the whole library is counted in the scope
 * exactly (its postings are few, so the count is cheap); a commoner one is estimated from its
 * share of the library (it names nothing specific, and counting its postings per question would
 * cost milliseconds in a large library), never below 1, so it stays a word the scope has.
 */
export function scopedVocabulary(
  keyword: KeywordSearch,
  scope: ChunkScope,
  T: Tuning,
): ScopedVocabulary & { estimateOnly: Vocabulary } {
  const counted = new Map<string, number>()
  const chunks = scope.ids.length
  const documentIds = [...scope.documentIds]
  const countInScope = (w: string) => {
    let n = 0
    for (const id of keyword.chunksHolding(w)) if (scope.has(id)) n++
    // A word found only as an OCR misreading of it: the folded index's count (rare, and exact).
    return n > 0 || !keyword.ocrChunks() ? n : keyword.documentFrequencyIn(w, documentIds)
  }
  const share = () => chunks / Math.max(1, keyword.chunkCount())
  const estimate = (df: number) => (df === 0 ? 0 : Math.max(1, Math.round(df * share())))
  return {
    documentFrequency: (w) => {
      const df = keyword.documentFrequency(w)
      if (df === 0 || df > T.candidatePostings) return estimate(df)
      let n = counted.get(w)
      if (n === undefined) counted.set(w, (n = countInScope(w)))
      return n
    },
    chunkCount: () => chunks,
    documentFrequencyIn: (w, ids) => keyword.documentFrequencyIn(w, ids),
    inLibrary: (w) => keyword.documentFrequency(stem(w)) > 0 || keyword.documentFrequency(w) > 0,
    // Words taken from the passages found (feedback): present in the scope by construction.
    estimateOnly: {
      documentFrequency: (w) => estimate(keyword.documentFrequency(w)),
      chunkCount: () => chunks,
    },
  }
}
