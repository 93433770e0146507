import type { Embedder } from '../embed/embedder.js'
import type { Db } from '../store/open-database.js'
import type { VectorIndex } from '../vectors/vector-index.js'
import type { QuestionAnalysis } from './analyse-question.js'
import type { CandidateQuery, KeywordCandidate, KeywordSearch } from './keyword-search.js'
import type { WeightedTerm } from './lexical-score.js'
import type { Tuning } from './tuning.js'

export interface ChunkRow {
  id: number
  document_id: number
  heading: string | null
  text: string
  /** Stems written at import (space-separated); null for chunks from before migration 3. */
  stems: string | null
  /** The chunk's contextual header (generate/context-headers.ts), matched as part of its heading; null without. */
  context_header?: string | null
  /** For a chunk holding a table: the prose around it (table-context-stage.ts), matched as part of its heading. */
  table_context?: string
  ord: number
  page_start: number
  page_end: number
  path: string
  title: string
  /** The document's format (shared/importable-files.ts). */
  format: string
  /** The chunk's locator (JSON, shared/locator.ts); null for PDFs and scans. */
  locator: string | null
  /** 1 when the chunk lies on OCR'd pages (it is in the folded index, ocr-chunk-index.ts). */
  ocr: number
}

/** The candidate lists, each best first, and the rows of every candidate chunk. */
export interface Candidates {
  bm25: KeywordCandidate[]
  /** BM25 with the earlier turns' words added (follow-ups only). */
  bm25Context: KeywordCandidate[]
  vector: { id: number; similarity: number }[]
  rows: ChunkRow[]
  /** Candidate lists of the wordings query help searched beside the question (also-search-stage.ts). */
  alsoSearched?: { ids: number[]; weight: number }[]
  /**
   * Where the previous answer was found, for a follow-up that points back at it
   * (earlier-turn-stage.ts): the documents of its passages and the chunk it rested on most,
   * ranked again by fusion.
   */
  earlier?: { documentIds: number[]; chunkIds: number[] }
  /** The question names a table as its source (cites-table.ts): table passages are ranked first too. */
  tableFirst?: boolean
}

export interface CandidateSources {
  db: Db
  keyword: KeywordSearch
  embedder: Embedder | null
  vectors: VectorIndex | null
  mode: 'hybrid' | 'keyword'
}

/** FTS5 (and, in hybrid mode, the vector index) propose the chunks every later stage scores. */
export class CandidateGatherer {
  private readonly rowsStmt

  constructor(private readonly src: Omit<CandidateSources, 'mode'>) {
    this.rowsStmt = src.db.prepare(
      `SELECT c.id, c.document_id, c.ord, c.heading, c.text, c.stems, c.context_header, c.page_start, c.page_end, c.locator, d.path, d.title, d.format,
         EXISTS (SELECT 1 FROM chunks_ocr_fts o WHERE o.rowid = c.id) AS ocr
       FROM chunks c JOIN documents d ON d.id = c.document_id
       WHERE c.id IN (SELECT value FROM json_each(?)) AND d.status = 'indexed'`,
    )
  }

  async gather(
    q: QuestionAnalysis,
    mode: 'hybrid' | 'keyword',
    T: Tuning,
    documentIds?: number[],
  ): Promise<Candidates> {
    const { embedder, vectors } = this.src
    // The query embedding runs on ONNX Runtime's threads while FTS5 works on this one.
    const queryVector =
      mode === 'hybrid' ? embedder!.embed([[...q.context.slice(-2), q.query].join('\n')]) : null
    // Observed here so a failure of FTS5 below cannot leave the embedding's rejection unhandled.
    queryVector?.catch(() => undefined)
    const ownQuery = candidateQuery(q.terms, q.phrases, q.phraseDf, T.candidatePostings)
    // Only very common words: in hybrid mode the vectors find the candidates and scoring tens of
    // thousands of postings would buy little; keyword-only mode has nothing else, so it pays.
    const bm25 = ownQuery.overBudget && mode === 'hybrid' ? [] : this.keywordSearch(ownQuery, T, documentIds)
    const bm25Context = q.contextTerms.length
      ? this.keywordSearch(
          candidateQuery([...q.terms, ...q.contextTerms], q.phrases, q.phraseDf, T.candidatePostings),
          T,
          documentIds,
        )
      : []
    let vector: { id: number; similarity: number }[] = []
    if (mode === 'hybrid') {
      const [qv] = await queryVector!
      // The scope's chunk ids as the keyword search read them (scope-chunks.ts, one read per scope).
      const scope = documentIds ? this.src.keyword.scopes.scope(documentIds) : undefined
      vector = vectors!.search(qv!, T.vectorCandidates, scope)
    }
    const ids = new Set<number>([...bm25, ...bm25Context].map((c) => c.id))
    for (const v of vector) ids.add(v.id)
    return { bm25, bm25Context, vector, rows: this.rowsOf([...ids]) }
  }

  /** The rows of these chunks, of indexed documents only (a chunk removed since is left out). */
  rowsOf(ids: number[]): ChunkRow[] {
    return ids.length ? (this.rowsStmt.all(JSON.stringify(ids)) as ChunkRow[]) : []
  }

  /**
   * FTS5 BM25 over the chunks as written and, when the library has OCR chunks, over their folded
   * index (ocr-chunk-index.ts) with the same query: an OCR chunk ranks by its folded score, which
   * also counts the question's words it holds misread; text-layer chunks keep their own.
   */
  private keywordSearch(query: CandidateQuery, T: Tuning, documentIds?: number[]): KeywordCandidate[] {
    const { keyword } = this.src
    const exact = keyword.search(query, T.keywordCandidates, documentIds)
    const folded = keyword.searchOcr(query, T.keywordCandidates, documentIds)
    if (folded.length === 0) return exact
    const byId = new Map(exact.map((c) => [c.id, c.bm25]))
    for (const c of folded) byId.set(c.id, c.bm25)
    // FTS5's bm25() is negative, best first when sorted ascending.
    return [...byId]
      .map(([id, bm25]) => ({ id, bm25 }))
      .sort((a, b) => a.bm25 - b.bm25)
      .slice(0, T.keywordCandidates)
  }
}

/**
 * The FTS5 query for candidates, within a budget of postings to score: the rarest terms and the
 * identifier phrases whose document frequencies fit, OR-ed. When not even the rarest term fits, the
 * two rarest are AND-ed instead: FTS5 then scores only the rows holding both.
 */
export function candidateQuery(
  terms: WeightedTerm[],
  phrases: string[][],
  phraseDf: number[],
  budget: number,
): CandidateQuery {
  const items = [
    ...terms.map((t) => ({ df: t.df ?? 0, term: t.word, phrase: null as string[] | null })),
    // Other words for a term (a compound's joined form, a synonym) find candidates too.
    ...terms.flatMap((t) => (t.alts ?? []).map((a) => ({ df: a.df, term: a.word, phrase: null }))),
    ...phrases.map((p, i) => ({ df: phraseDf[i] ?? 0, term: null, phrase: p })),
  ].sort((a, b) => a.df - b.df)
  const out: CandidateQuery = { terms: [], phrases: [], op: 'OR', overBudget: false }
  let postings = 0
  for (const it of items) {
    if (postings + it.df > budget) break
    postings += it.df
    if (it.term) out.terms.push(it.term)
    else out.phrases.push(it.phrase!)
  }
  if (out.terms.length + out.phrases.length === 0) {
    const rarest = [...terms].sort((a, b) => (a.df ?? 0) - (b.df ?? 0)).slice(0, 2)
    return {
      terms: rarest.map((t) => t.word),
      phrases: [],
      op: rarest.length > 1 ? 'AND' : 'OR',
      overBudget: true,
    }
  }
  return out
}
