import type { Statement } from 'better-sqlite3'
import type { Db } from '../store/open-database.js'
import { foldConfusable } from '../text/ocr-fold.js'
import { ftsQuote, stem } from './query-terms.js'
import { SCOPE_CHUNKS_TABLE, ScopeChunks } from './scope-chunks.js'
import { DEFAULT_TUNING, type Tuning } from './tuning.js'

/** Words and phrases to look up, combined with OR (any) or AND (all). */
export interface CandidateQuery {
  terms: string[]
  phrases: string[][]
  op: 'OR' | 'AND'
  /** Even the rarest word has more postings than the budget allows. */
  overBudget: boolean
}

export interface KeywordCandidate {
  id: number
  bm25: number
}

/** The chunk ids of the documents whose ids are given as a JSON array (the statement's last parameter). */
const CHUNKS_OF_DOCUMENTS = `(SELECT id FROM chunks WHERE document_id IN (SELECT value FROM json_each(?)))`

/** Chunks holding a term as the index stores it, from its instance vocabulary (no MATCH, so no stemming). */
interface StoredTermStatements {
  holding: Statement
  holdingIn: Statement
}

/** The statements over one FTS5 index of chunks: chunks_fts, or the folded chunks_ocr_fts. */
interface FtsIndex {
  all: Statement
  docs: Statement
  df: Statement
  dfIn: Statement
  /** How a question's word is written as this index's term (the folded index holds folded stems). */
  term: (word: string) => string
}

function ftsIndex(db: Db, table: string, weights: string, term: (word: string) => string): FtsIndex {
  db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.${table}_vocab USING fts5vocab(main, '${table}', 'row')`)
  return {
    all: db.prepare(
      `SELECT rowid AS id, bm25(${table}, ${weights}) AS bm25 FROM ${table} WHERE ${table} MATCH ? ORDER BY bm25 LIMIT ?`,
    ),
    // A scope's chunk ids are in the connection's temp table (scope-chunks.ts), filled once per
    // scope: each match is looked up in the table's b-tree. Reading them from the chunks_document
    // index inside the query made SQLite build the same 10,000-id list for every query of a
    // 1,000-document collection (docs/collections.md). "+ 0" keeps the list out of FTS5's rowid
    // constraint, which would run the MATCH once per id.
    docs: db.prepare(
      `SELECT rowid AS id, bm25(${table}, ${weights}) AS bm25 FROM ${table}
       WHERE ${table} MATCH ? AND rowid + 0 IN (SELECT id FROM ${SCOPE_CHUNKS_TABLE})
       ORDER BY bm25 LIMIT ?`,
    ),
    df: db.prepare(`SELECT doc FROM temp.${table}_vocab WHERE term = ?`).pluck(),
    // The documents' chunk ids come from the chunks_document index into one list SQLite builds
    // once per call, and each FTS5 match is looked up in it. Joining chunks instead read a table
    // page (chunk text) per match: up to 2,000 random page reads, 2-3x slower on a 100k library.
    // "+ 0" keeps the list out of FTS5's rowid constraint, which would run the MATCH once per id.
    dfIn: db
      .prepare(
        `SELECT count(*) FROM ${table}
         WHERE ${table} MATCH ?
           AND rowid + 0 IN ${CHUNKS_OF_DOCUMENTS}`,
      )
      .pluck(),
    term,
  }
}

/** BM25 over one index: the query's words (as that index writes them) and phrases, best first. */
function searchIndex(
  index: FtsIndex,
  q: CandidateQuery,
  limit: number,
  documentIds?: number[],
  scopes?: ScopeChunks,
): KeywordCandidate[] {
  const parts = q.terms.map((t) => ftsQuote(index.term(t)))
  for (const p of q.phrases) parts.push(`"${p.map((x) => index.term(x).replace(/"/g, '""')).join(' ')}"`)
  if (parts.length === 0) return []
  const match = parts.join(` ${q.op} `)
  if (documentIds) scopes!.fillTable(documentIds)
  const rows = documentIds ? index.docs.all(match, limit) : index.all.all(match, limit)
  return rows as KeywordCandidate[]
}

/** A term's chunk count from the index's vocabulary, through a cache cleared when the database changes. */
function cachedFrequency(index: FtsIndex, cache: Map<string, number>, term: string): number {
  let df = cache.get(term)
  if (df === undefined) {
    df = (index.df.get(term) as number | undefined) ?? 0
    if (cache.size > 20_000) cache.clear()
    cache.set(term, df)
  }
  return df
}

/**
 * BM25 over chunks with FTS5 (heading weighted above body text), any-term match.
 * Returns up to `limit` candidates, best first; the caller re-ranks them.
 */
export class KeywordSearch {
  // FTS5 stems chunks_fts's words itself (porter); the folded index holds stems already folded.
  private readonly exact: FtsIndex
  // The folded index of OCR chunks (ocr-chunk-index.ts); null when foldOcrConfusions is off.
  private readonly ocr: FtsIndex | null
  private readonly stmtAnyOcr: Statement | null
  private readonly total
  // Document frequencies and the chunk count are cached until the database changes: PRAGMA
  // data_version moves whenever another connection (the import worker) commits.
  private version = -1
  private dfCache = new Map<string, number>()
  private count = 0
  private readonly stmtChanges
  private readonly stmtDataVersion
  /** The connection's scope chunk ids (scope-chunks.ts), shared with the rest of the search. */
  readonly scopes: ScopeChunks
  private hasOcr = false
  private ocrDfCache = new Map<string, number>()

  constructor(
    private readonly db: Db,
    tuning: Tuning = DEFAULT_TUNING,
  ) {
    const weights = `${Number(tuning.bm25Heading)}, ${Number(tuning.bm25Body)}`
    // Before the statements: it creates the temp table the scoped ones read.
    this.scopes = ScopeChunks.of(db)
    this.exact = ftsIndex(db, 'chunks_fts', weights, (w) => w)
    this.total = db.prepare(`SELECT count(*) FROM chunks`).pluck()
    this.stmtChanges = db.prepare('SELECT total_changes()').pluck()
    // Prepared once: db.pragma() prepares its statement on every call, several times per search.
    this.stmtDataVersion = db.prepare('PRAGMA data_version').pluck()
    const folding = tuning.foldOcrConfusions > 0
    this.ocr = folding ? ftsIndex(db, 'chunks_ocr_fts', weights, (w) => foldConfusable(stem(w))) : null
    this.stmtAnyOcr = folding ? db.prepare(`SELECT EXISTS (SELECT 1 FROM chunks_ocr_fts)`).pluck() : null
  }

  /**
   * The chunks holding the word (FTS5 stems it as it indexed), from its postings alone: a scoped
   * search counts them within its own chunks (scoped-vocabulary.ts), which costs the postings'
   * length, not the scope's size, for every word it looks up.
   */
  chunksHolding(word: string): number[] {
    if (this.restemmed(word)) return this.storedTerm().holding.all(word) as number[]
    this.postings ??= this.db.prepare(`SELECT rowid FROM chunks_fts WHERE chunks_fts MATCH ?`).pluck()
    return this.postings.all(ftsQuote(word)) as number[]
  }
  private postings: Statement | null = null

  /**
   * Whether the word is a stem the index holds that FTS5 would stem again in a MATCH query: porter
   * is not idempotent ("expeyes" → "expey" → "expei", "because" → "becaus" → "becau"; 2.7% of the
   * terms of the development libraries), so a stem handed back to MATCH finds another term or none,
   * and a name the library holds read as absent (a question about the expEYES Junior declined).
   * Such a term is looked up as itself, in the index's instance vocabulary.
   */
  private restemmed(word: string): boolean {
    if (stem(word) === word) return false
    this.refresh()
    return cachedFrequency(this.exact, this.dfCache, word) > 0
  }

  private stored: StoredTermStatements | null = null
  private storedTerm(): StoredTermStatements {
    if (this.stored) return this.stored
    this.db.exec(
      `CREATE VIRTUAL TABLE IF NOT EXISTS temp.chunks_fts_instances USING fts5vocab(main, 'chunks_fts', 'instance')`,
    )
    return (this.stored = {
      holding: this.db.prepare(`SELECT DISTINCT doc FROM temp.chunks_fts_instances WHERE term = ?`).pluck(),
      holdingIn: this.db
        .prepare(
          `SELECT count(DISTINCT doc) FROM temp.chunks_fts_instances
           WHERE term = ? AND doc IN ${CHUNKS_OF_DOCUMENTS}`,
        )
        .pluck(),
    })
  }

  /**
   * Chunks of the given documents holding the word (FTS5 stems it as it indexed); a word found
   * only as an OCR misreading of it counts those OCR chunks instead.
   */
  documentFrequencyIn(word: string, documentIds: number[]): number {
    const df = this.restemmed(word)
      ? (this.storedTerm().holdingIn.get(word, JSON.stringify(documentIds)) as number)
      : (this.exact.dfIn.get(ftsQuote(word), JSON.stringify(documentIds)) as number)
    if (df > 0 || !this.ocrChunks()) return df
    // The word is a stem already, and the folded index holds folded stems with no stemmer of its
    // own: folded as it is (as ocrDocumentFrequency does), not stemmed again.
    return this.ocr!.dfIn.get(ftsQuote(foldConfusable(word)), JSON.stringify(documentIds)) as number
  }

  /** Whether the library has chunks on OCR'd pages (and folding is on). */
  ocrChunks(): boolean {
    this.refresh()
    return this.hasOcr
  }

  /**
   * BM25 over the folded index of OCR chunks: the same query with each word stemmed and its
   * OCR-confusable characters folded (ocr-fold.ts). Empty when the library has no OCR chunks.
   */
  searchOcr(q: CandidateQuery, limit: number, documentIds?: number[]): KeywordCandidate[] {
    return this.ocrChunks() ? searchIndex(this.ocr!, q, limit, documentIds, this.scopes) : []
  }

  search(q: CandidateQuery, limit: number, documentIds?: number[]): KeywordCandidate[] {
    return searchIndex(this.exact, q, limit, documentIds, this.scopes)
  }

  /**
   * Number of chunks containing the (stemmed) term, from the FTS5 vocabulary. A term no chunk
   * holds as written counts the OCR chunks holding a misreading of it (ocrDocumentFrequency), so
   * a question about `lmtest` over a scan that reads `Imtest` neither calls the word unseen nor
   * declines for lack of it.
   */
  documentFrequency(stemmed: string): number {
    this.refresh()
    const df = cachedFrequency(this.exact, this.dfCache, stemmed)
    return df > 0 || !this.hasOcr ? df : this.ocrDocumentFrequency(stemmed)
  }

  /** OCR chunks holding the stem with its confusable characters folded. */
  ocrDocumentFrequency(stemmed: string): number {
    if (!this.ocrChunks()) return 0
    return cachedFrequency(this.ocr!, this.ocrDfCache, foldConfusable(stemmed))
  }

  chunkCount(): number {
    this.refresh()
    return this.count
  }

  private refresh(): void {
    const v = this.stmtDataVersion.get() as number
    const changes = this.stmtChanges.get() as number
    const key = v * 1e9 + changes
    if (key === this.version) return
    this.version = key
    this.dfCache.clear()
    this.ocrDfCache.clear()
    this.count = this.total.get() as number
    this.hasOcr = this.stmtAnyOcr !== null && this.stmtAnyOcr.get() === 1
  }
}
