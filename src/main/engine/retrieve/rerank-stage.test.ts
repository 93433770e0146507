// The rerank stage over a real library with the random-weight test cross-encoder: it runs only with
// a reranker, says so in the response, keeps the first stage's evidence in the fused ranking, and
// stays within its time budget by scoring fewer candidates (wiring only: the scores mean nothing).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_RERANKER_DIR } from '@tests/test-model.js'
import { loadReranker } from '../rerank/cross-encoder.js'
import type { Reranker } from '../rerank/reranker.js'
import type { FusedChunk } from './fuse-candidates.js'
import type { ChunkRow } from './gather-candidates.js'
import { HybridSearch } from './hybrid-search.js'
import { fuseReranked, rerankText } from './rerank-stage.js'
import { chunk, tempLibrary } from './test-library.js'
import { DEFAULT_TUNING, tuningWith } from './tuning.js'

let reranker: Reranker
beforeAll(async () => {
  reranker = await loadReranker(TEST_RERANKER_DIR, { threads: 1 })
})
afterAll(() => reranker.dispose())

const TOPICS = ['soil', 'watering', 'pests', 'pruning', 'harvest', 'seeds', 'compost', 'frost']
function gardenLibrary() {
  return tempLibrary({
    'garden.pdf': TOPICS.map((t, i) =>
      chunk(i, `Tomato ${t}`, `Tomato plants and ${t}: how the garden ${t} affects tomato plants in summer.`),
    ),
  })
}

describe('the rerank stage', () => {
  it('does not run without a reranker: no note, the first stage order', async () => {
    const db = gardenLibrary()
    const plain = await new HybridSearch({ db, embedder: null, vectors: null }).search('tomato plants garden')
    expect(plain.stages).toBeUndefined()
    expect(plain.results.length).toBeGreaterThan(1)
  })

  it('re-scores the candidates with the cross-encoder and says so', async () => {
    const db = gardenLibrary()
    const T = tuningWith({ mergeChunks: 1 })
    const plain = await new HybridSearch({ db, embedder: null, vectors: null, tuning: T }).search(
      'tomato plants garden',
    )
    const reranked = await new HybridSearch({
      db,
      embedder: null,
      vectors: null,
      tuning: T,
      reranker,
    }).search('tomato plants garden')
    const note = reranked.stages?.find((s) => s.stage === 'rerank')
    expect(note).toMatchObject({ stage: 'rerank', model: 'quire/test-cross-encoder-tiny', candidates: 8 })
    expect(note?.stage === 'rerank' && note.scored).toBeGreaterThan(0)
    // The random weights order the eight near-identical chunks their own way: the order changes,
    // the same passages are found, and the decision (coverage) is the first stage's.
    const ids = (r: typeof plain) => r.results.map((h) => h.chunkId)
    expect(ids(reranked)).not.toEqual(ids(plain))
    expect(new Set(ids(reranked))).toEqual(new Set(ids(plain)))
    expect(reranked.decision).toEqual(plain.decision)
    expect(note?.stage === 'rerank' && note.moved).toBeGreaterThan(0)
  })

  it('scores fewer candidates when the budget runs out, and says why', async () => {
    const db = gardenLibrary()
    // A budget of 0 ms: the first batch runs (so the trace says what the reranker costs), no more.
    const T = tuningWith({ rerankBudgetMs: 0 })
    const r = await new HybridSearch({ db, embedder: null, vectors: null, tuning: T, reranker }).search(
      'tomato plants garden',
    )
    expect(r.stages).toEqual([
      expect.objectContaining({ stage: 'rerank', candidates: 8, scored: 4, cutShort: 'budget' }),
    ])
  })

  it('reranks at most rerankCandidates passages', async () => {
    const db = gardenLibrary()
    const r = await new HybridSearch({
      db,
      embedder: null,
      vectors: null,
      tuning: tuningWith({ rerankCandidates: 3, rerankBudgetMs: 60_000 }),
      reranker,
    }).search('tomato plants garden')
    expect(r.stages).toEqual([
      expect.objectContaining({ stage: 'rerank', candidates: 3, scored: 3, cutShort: null }),
    ])
  })
})

describe('rerankText', () => {
  const long = {
    title: 'Garden guide',
    heading: 'Care',
    text: `${'Plants need light. '.repeat(40)}Tomatoes want watering twice a week. ${'Soil matters. '.repeat(40)}`,
  } as ChunkRow

  it('gives the whole passage under its title and heading when the reranker reads it all', () => {
    expect(rerankText(long)).toBe(`Garden guide\nCare\n${long.text}`)
  })

  it("gives a passage longer than the reranker's cap from where the question's terms are", () => {
    const terms = [{ word: 'tomatoes', stem: 'tomato', idf: 2 }]
    const text = rerankText(long, { query: 'How often are tomatoes watered?', terms, maxTokens: 64 })
    expect(text).toMatch(/^Garden guide\nCare\n… .*Tomatoes want watering twice a week\./)
    expect(text.length).toBeLessThan(long.text.length / 2)
  })
})

describe('fuseReranked', () => {
  const fused = (n: number): FusedChunk[] =>
    Array.from({ length: n }, (_, i) => ({ row: { id: i + 1 } as ChunkRow, score: 1 - i / 10 }))

  it('keeps the first stage order when the reranker agrees with it', () => {
    const out = fuseReranked(fused(4), [4, 3, 2, 1], DEFAULT_TUNING)
    expect(out.map((f) => f.row.id)).toEqual([1, 2, 3, 4])
  })

  it('lifts the passage the reranker puts first, without discarding the first stage', () => {
    // The reranker agrees with the first stage except that it puts the 30th passage first.
    const scores = [...Array.from({ length: 29 }, (_, i) => 29 - i), 100]
    const out = fuseReranked(fused(30), scores, DEFAULT_TUNING).map((f) => f.row.id)
    expect(out.indexOf(30)).toBe(3)
    expect(out.filter((id) => id !== 30)).toEqual(Array.from({ length: 29 }, (_, i) => i + 1))
  })

  it("breaks the reranker's ties by the first stage order", () => {
    const out = fuseReranked(fused(4), [0, 0, 0, 0], DEFAULT_TUNING)
    expect(out.map((f) => f.row.id)).toEqual([1, 2, 3, 4])
  })

  it('ranks passages the budget left unscored after the scored ones they follow', () => {
    const out = fuseReranked(fused(5), [1, 2], DEFAULT_TUNING)
    expect(out.map((f) => f.row.id)).toEqual([2, 1, 3, 4, 5])
  })

  it('ranks unscored passages among the scored ones by the first stage alone', () => {
    // The budget reached a group of passages 1 and 3 only (a tier's groups go by length, not rank).
    const out = fuseReranked(fused(5), [1, null, 2, null, null], DEFAULT_TUNING)
    expect(out.map((f) => f.row.id)).toEqual([3, 1, 2, 4, 5])
  })
})
