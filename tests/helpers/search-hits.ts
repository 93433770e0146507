import type { SearchHit } from '@shared/library-types.js'

/** A search hit for tests: only the fields a test cares about need giving. */
export function hit(rank: number, text: string, over: Partial<SearchHit> = {}): SearchHit {
  return {
    rank,
    chunkId: 100 + rank,
    documentId: 1,
    file: '/docs/annual-report.pdf',
    title: 'Annual report',
    pages: [rank],
    text,
    score: 1 / rank,
    matchedTerms: [],
    heading: null,
    ...over,
    chunkIds: over.chunkIds ?? [over.chunkId ?? 100 + rank],
  }
}
