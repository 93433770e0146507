// The record a search fills in stage by stage, and the shape of a stage (search-stages.ts lists
// them in order). Apart from the list so that a stage's own file can name these types without
// importing the list that imports it.
import type { SearchDecision, SearchHit, SearchOptions, StageNote } from '@shared/library-types.js'
import type { Db } from '../store/open-database.js'
import type { QuestionAnalysis, Vocabulary } from './analyse-question.js'
import type { ScopedVocabulary } from './scoped-vocabulary.js'
import type { FusedChunk } from './fuse-candidates.js'
import type { Candidates, CandidateGatherer } from './gather-candidates.js'
import type { KeywordSearch } from './keyword-search.js'
import type { Reranker } from '../rerank/reranker.js'
import type { ChunkEvidence } from './score-evidence.js'
import type { Tuning } from './tuning.js'

/** What one search has found so far; each stage fills in its part. */
export interface SearchRun {
  readonly question: QuestionAnalysis
  readonly mode: 'hybrid' | 'keyword'
  readonly k: number
  readonly T: Tuning
  readonly opts: SearchOptions
  /**
   * A scoped search's vocabulary (scoped-vocabulary.ts): the question is weighed, fed back and
   * judged by the documents searched. Absent: the whole library's.
   */
  readonly scope?: ScopedVocabulary & { estimateOnly: Vocabulary }
  candidates: Candidates
  evidence: Map<number, ChunkEvidence>
  /** The ranking passages are shaped from, best first (top k × mergePool). */
  fused: FusedChunk[]
  results: SearchHit[]
  decision: SearchDecision | null
  /** What optional stages did, for the trace (absent when none ran). */
  notes: StageNote[]
}

/** What the stages search with: the library's tables and the optional models. */
export interface StageDeps {
  db: Db
  keyword: KeywordSearch
  gatherer: CandidateGatherer
  /** The cross-encoder imported in Settings (or --reranker); null: no rerank stage. */
  reranker: Reranker | null
}

export interface SearchStage {
  name: string
  /** Whether the stage runs for this search; absent: always. */
  applies?: (run: SearchRun, deps: StageDeps) => boolean
  run: (run: SearchRun, deps: StageDeps) => void | Promise<void>
}
