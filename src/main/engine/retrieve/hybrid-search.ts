import type { SearchOptions, SearchResponse } from '@shared/library-types.js'
import { checkQuestionLength } from '@shared/question-limit.js'
import type { Embedder } from '../embed/embedder.js'
import type { Db } from '../store/open-database.js'
import type { VectorIndex } from '../vectors/vector-index.js'
import { analyseQuestion } from './analyse-question.js'
import { CandidateGatherer } from './gather-candidates.js'
import { KeywordSearch } from './keyword-search.js'
import type { Reranker } from '../rerank/reranker.js'
import { scopedVocabulary } from './scoped-vocabulary.js'
import { runStages } from './search-stages.js'
import { DEFAULT_TUNING, type Tuning } from './tuning.js'

export interface RetrievalDeps {
  db: Db
  embedder: Embedder | null
  vectors: VectorIndex | null
  /** False while the vector index is being rebuilt: searches answer in keyword mode meanwhile. */
  vectorsReady?: () => boolean
  /** Retrieval constants (tuning.ts); the documented defaults unless an evaluation varies them. */
  tuning?: Tuning
  /** A cross-encoder for the rerank stage (rerank-stage.ts); absent: retrieval without one. */
  reranker?: Reranker | null
}

/**
 * Search as a pipeline of small stages (search-stages.ts, SEARCH_STAGES), each filling in its part
 * of one record: analyse the question once → gather candidates (FTS5, vectors) → score evidence →
 * fuse → feedback → shape passages (merge neighbours, flag OCR'd pages) → decide (declined or not,
 * with the reason).
 */
export class HybridSearch {
  private readonly keyword: KeywordSearch
  private readonly gatherer: CandidateGatherer
  readonly tuning: Tuning
  /** The rerank stage's cross-encoder, from the next search on; null: none. */
  reranker: Reranker | null

  constructor(private readonly deps: RetrievalDeps) {
    this.tuning = deps.tuning ?? DEFAULT_TUNING
    this.reranker = deps.reranker ?? null
    this.keyword = new KeywordSearch(deps.db, this.tuning)
    this.gatherer = new CandidateGatherer({ ...deps, keyword: this.keyword })
  }

  get mode(): 'hybrid' | 'keyword' {
    const ready = this.deps.vectorsReady?.() ?? true
    return ready && this.deps.embedder && this.deps.vectors && this.deps.vectors.size > 0
      ? 'hybrid'
      : 'keyword'
  }

  async search(query: string, opts: SearchOptions = {}): Promise<SearchResponse> {
    checkQuestionLength(query)
    // A strictness chosen in Settings replaces the evaluated threshold; a question with a word no
    // dictionary holds is never judged less strictly than the others.
    const T =
      opts.minCoverage === undefined
        ? this.tuning
        : {
            ...this.tuning,
            minCoverage: opts.minCoverage,
            minCoverageWithUnknownWord: Math.max(this.tuning.minCoverageWithUnknownWord, opts.minCoverage),
          }
    const k = opts.k ?? 10
    const mode = this.mode
    // A scoped search weighs and judges the question by the documents it searches (scoped-vocabulary.ts).
    const ids = opts.documentIds
    const scope = ids ? scopedVocabulary(this.keyword, this.keyword.scopes.scope(ids), T) : null
    const question = analyseQuestion(query, opts.context ?? [], scope ?? this.keyword, T)
    const run = await runStages(
      { question, mode, k, T, opts, ...(scope ? { scope } : {}) },
      { db: this.deps.db, keyword: this.keyword, gatherer: this.gatherer, reranker: this.reranker },
    )
    const decision = run.decision!
    return {
      query,
      mode,
      declined: decision.declined,
      results: run.results,
      decision,
      ...(run.notes.length ? { stages: run.notes } : {}),
    }
  }
}
