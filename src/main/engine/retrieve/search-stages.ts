// The search pipeline as a declared list: each stage reads the run's record and writes its part.
// A new stage is a module exporting a SearchStage and one entry in SEARCH_STAGES; a stage that is
// off for a search (`applies` false) leaves the record exactly as it found it.
import { citesTable } from './cites-table.js'
import { decide } from './decide.js'
import { feedbackTerms, withFeedback } from './feedback-terms.js'
import { fuseCandidates } from './fuse-candidates.js'
import { markOcrPassages } from './mark-ocr-passages.js'
import { rerankStage } from './rerank-stage.js'
import { alsoSearchStage } from './also-search-stage.js'
import { earlierTurnStage } from './earlier-turn-stage.js'
import { scoreEvidence } from './score-evidence.js'
import { shapePassages } from './shape-passages.js'
import { summaryStage } from './summary-stage.js'
import { tableContextStage } from './table-context-stage.js'
import type { SearchRun, SearchStage, StageDeps } from './search-stage-types.js'

export type { SearchRun, SearchStage, StageDeps }

const gather: SearchStage = {
  name: 'gather',
  run: async (r, d) => {
    r.candidates = await d.gatherer.gather(r.question, r.mode, r.T, r.opts.documentIds)
  },
}

const score: SearchStage = {
  name: 'score',
  run: (r) => {
    r.evidence = scoreEvidence(r.question, r.candidates.rows, r.T)
    if (citesTable(r.question.query)) r.candidates = { ...r.candidates, tableFirst: true }
  },
}

const fuse: SearchStage = {
  name: 'fuse',
  run: (r) => {
    r.fused = fuseCandidates(r.candidates, r.evidence, r.k, r.T)
  },
}

/** Pseudo-relevance feedback: the first passages' own words re-score the candidates once. */
const feedback: SearchStage = {
  name: 'feedback',
  applies: (r) => r.T.wFeedback > 0,
  run: (r, d) => {
    const terms = feedbackTerms(r.question, r.fused, r.scope?.estimateOnly ?? d.keyword, r.T)
    r.evidence = withFeedback(r.evidence, r.candidates.rows, terms, r.T)
    r.fused = fuseCandidates(r.candidates, r.evidence, r.k, r.T)
  },
}

/** Neighbouring chunks merged into passages, OCR'd pages flagged. */
const shape: SearchStage = {
  name: 'shape',
  run: (r, d) => {
    r.results = markOcrPassages(d.db, shapePassages(r.fused, r.evidence, r.k, r.T))
  },
}

/** Declined or not, with the reason. */
const decideStage: SearchStage = {
  name: 'decide',
  run: async (r, d) => {
    const similarity = new Map(r.candidates.vector.map((v) => [v.id, v.similarity]))
    r.decision = await decide(
      r.question,
      r.results,
      r.evidence,
      similarity,
      r.scope ?? d.keyword,
      r.mode,
      r.T,
    )
  },
}

/**
 * In order: gather → also-search → earlier-turn → table-context → score → fuse → feedback → rerank → shape → decide → summaries. Summaries come
 * after the decision: it is made on the document passages alone, as in a library without summaries.
 */
export const SEARCH_STAGES: readonly SearchStage[] = [
  gather,
  alsoSearchStage,
  earlierTurnStage,
  tableContextStage,
  score,
  fuse,
  feedback,
  rerankStage,
  shape,
  decideStage,
  summaryStage,
]

/** Runs the stages in order over a new record for the analysed question. */
export async function runStages(
  start: Pick<SearchRun, 'question' | 'mode' | 'k' | 'T' | 'opts' | 'scope'>,
  deps: StageDeps,
  stages: readonly SearchStage[] = SEARCH_STAGES,
): Promise<SearchRun> {
  const run: SearchRun = {
    ...start,
    candidates: { bm25: [], bm25Context: [], vector: [], rows: [] },
    evidence: new Map(),
    fused: [],
    results: [],
    decision: null,
    notes: [],
  }
  for (const stage of stages) if (stage.applies?.(run, deps) ?? true) await stage.run(run, deps)
  return run
}
