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
 * wRerank/(rerankRrfK + reranker rank). Candidates the budget left unscored (null, or past the end
 * of `scores`) rank just after every scored one in the reranker's list, so they neither jump ahead
 * nor drop out.
 */
export function fuseReranked(
  fused: FusedChunk[],
  scores: readonly (number | null)[],
  T: Tuning,
): FusedChunk[] {
  const byScore = scores
    .flatMap((s, i) => (s === null ? [] : [{ s, i }]))
    .sort((a, b) => b.s - a.s || a.i - b.i)
  const rerankRank = new Map(byScore.map(({ i }, rank) => [i, rank + 1]))
  return fused
    .map((f, i) => ({
      row: f.row,
      score:
        1 / (T.rerankRrfK + i + 1) + T.wRerank / (T.rerankRrfK + (rerankRank.get(i) ?? byScore.length + 1)),
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
    // Scored best first until the budget runs out (score-groups.ts); the first group always runs,
    // so a reranker slower than its budget still says what it costs.
    const scores = await reranker.score(
      r.question.query,
      pool.map((f) => rerankText(f.row, focus)),
      { deadline: started + r.T.rerankBudgetMs },
    )
    const scored = scores.filter((s) => s !== null).length
    const before = r.fused.slice(0, r.k).map((f) => f.row.id)
    r.fused = fuseReranked(r.fused, scores, r.T)
    r.notes.push({
      stage: 'rerank',
      model: reranker.modelId,
      weights: reranker.weights,
      candidates: pool.length,
      scored,
      moved: r.fused.slice(0, r.k).filter((f, i) => f.row.id !== before[i]).length,
      ms: Math.round(performance.now() - started),
      cutShort: scored < pool.length ? 'budget' : null,
    })
  },
}
