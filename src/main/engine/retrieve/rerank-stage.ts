// The rerank stage: with a cross-encoder imported, the first stage's top passages are read together
// with the question and re-scored, within a time budget, and that ranking is fused with the first
// stage's (weighted RRF) rather than replacing it: coverage, names and neighbours still count, and a
// passage the budget left unscored keeps its place. Without a reranker the stage does not run.
import type { FusedChunk } from './fuse-candidates.js'
import type { ChunkRow } from './gather-candidates.js'
import type { SearchStage } from './search-stage-types.js'
import type { Tuning } from './tuning.js'
import type { WeightedTerm } from './lexical-score.js'
import { focusWindow, windowWords } from './rerank-window.js'

/** A batch the first search (no time per passage measured yet beyond the warm-up) starts with. */
const MIN_BATCH = 4
/**
 * At most this many pairs a forward pass. With one ONNX session, 30 pairs in passes of 10 took 3–6%
 * less CPU than one pass of 30; with a scoring thread per core each pass is split in four groups,
 * and passes of 10 (groups of 3, 3, 3, 1) left a thread idle at each pass's end: on two idle cores
 * MiniLM-L-6 int8 took p50 174 / p95 196 ms for 30 pairs in passes of 10 against 151 / 167 ms in
 * passes of 15 (bench/sections/rerank.ts --batches 10,15, side by side). Two passes still let the
 * budget stop half-way.
 */
const MAX_BATCH = 15

/** What the cross-encoder reads of a chunk: where it is from, then its text (rerank-window.ts). */
export function rerankText(
  row: ChunkRow,
  focus?: { query: string; terms: readonly WeightedTerm[]; maxTokens: number },
): string {
  const heading = row.heading && !row.text.startsWith(row.heading) ? `${row.heading}\n` : ''
  const header = `${row.title}\n${heading}`
  if (!focus) return `${header}${row.text}`
  return header + focusWindow(row.text, focus.terms, windowWords(focus.maxTokens, focus.query, header))
}

/**
 * The first stage's ranking and the reranker's, fused: 1/(rerankRrfK + first rank) +
 * wRerank/(rerankRrfK + reranker rank). Candidates the budget left unscored rank just after every scored one in the
 * reranker's list, so they neither jump ahead nor drop out.
 */
export function fuseReranked(fused: FusedChunk[], scores: number[], T: Tuning): FusedChunk[] {
  const byScore = scores.map((s, i) => ({ s, i })).sort((a, b) => b.s - a.s || a.i - b.i)
  const rerankRank = new Map(byScore.map(({ i }, rank) => [i, rank + 1]))
  return fused
    .map((f, i) => ({
      row: f.row,
      score:
        1 / (T.rerankRrfK + i + 1) + T.wRerank / (T.rerankRrfK + (rerankRank.get(i) ?? scores.length + 1)),
    }))
    .sort((a, b) => b.score - a.score)
}

export const rerankStage: SearchStage = {
  name: 'rerank',
  applies: (r, d) => d.reranker !== null && r.T.rerankCandidates > 0 && r.fused.length > 1,
  run: async (r, d) => {
    const reranker = d.reranker!
    const pool = r.fused.slice(0, r.T.rerankCandidates)
    const focus = { query: r.question.query, terms: r.question.terms, maxTokens: reranker.maxTokens }
    const started = performance.now()
    const scores: number[] = []
    // Batches sized to what the budget has left at the measured time per passage; the first
    // batch always runs, so a reranker slower than its budget still says what it costs.
    while (scores.length < pool.length) {
      const left = r.T.rerankBudgetMs - (performance.now() - started)
      const fits = Math.floor(left / Math.max(reranker.msPerPassage(), 0.01))
      if (scores.length > 0 && fits < 1) break
      const size = Math.min(
        pool.length - scores.length,
        MAX_BATCH,
        Math.max(fits, scores.length ? 1 : MIN_BATCH),
      )
      const batch = pool.slice(scores.length, scores.length + size)
      scores.push(
        ...(await reranker.score(
          r.question.query,
          batch.map((f) => rerankText(f.row, focus)),
        )),
      )
    }
    const before = r.fused.slice(0, r.k).map((f) => f.row.id)
    r.fused = fuseReranked(r.fused, scores, r.T)
    r.notes.push({
      stage: 'rerank',
      model: reranker.modelId,
      weights: reranker.weights,
      candidates: pool.length,
      scored: scores.length,
      moved: r.fused.slice(0, r.k).filter((f, i) => f.row.id !== before[i]).length,
      ms: Math.round(performance.now() - started),
      cutShort: scores.length < pool.length ? 'budget' : null,
    })
  },
}
