import type { Statement } from 'better-sqlite3'
import type { Db } from '../store/open-database.js'
import { foldConfusable } from '../text/ocr-fold.js'
import { ftsQuote, stem } from './query-terms.js'
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

/**
 * BM25 over chunks with FTS5 (heading weighted above body text), any-term match.
 * Returns up to `limit` candidates, best first; the caller re-ranks them.
 */
export class KeywordSearch {
  private readonly stmtAll
  private readonly stmtDocs
  private readonly stmtDf
  private readonly total
  // Document frequencies and the chunk count are cached until the database changes: PRAGMA
  // data_version moves whenever another connection (the import worker) commits.
  private version = -1
  private dfCache = new Map<string, number>()
  private count = 0
  private readonly stmtChanges
  private readonly stmtDfIn
  // The folded index of OCR chunks (ocr-chunk-index.ts); null when foldOcrConfusions is off.
  private readonly ocr: {
    all: Statement
    docs: Statement
    df: Statement
    dfIn: Statement
    any: Statement
  } | null
  private hasOcr = false
  private ocrDfCache = new Map<string, number>()

  constructor(
    private readonly db: Db,
    tuning: Tuning = DEFAULT_TUNING,
  ) {
    const weights = `${Number(tuning.bm25Heading)}, ${Number(tuning.bm25Body)}`
    this.stmtAll = db.prepare(
      `SELECT rowid AS id, bm25(chunks_fts, ${weights}) AS bm25 FROM chunks_fts WHERE chunks_fts MATCH ? ORDER BY bm25 LIMIT ?`,
    )
    this.stmtDocs = db.prepare(
      `SELECT f.rowid AS id, bm25(chunks_fts, ${weights}) AS bm25 FROM chunks_fts f JOIN chunks c ON c.id = f.rowid
       WHERE chunks_fts MATCH ? AND c.document_id IN (SELECT value FROM json_each(?)) ORDER BY bm25 LIMIT ?`,
    )
    db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.chunks_vocab USING fts5vocab(main, 'chunks_fts', 'row')`)
    this.stmtDf = db.prepare(`SELECT doc FROM temp.chunks_vocab WHERE term = ?`).pluck()
    this.total = db.prepare(`SELECT count(*) FROM chunks`).pluck()
    this.stmtChanges = db.prepare('SELECT total_changes()').pluck()
    // The documents' chunk ids come from the chunks_document index into one list SQLite builds
    // once per call, and each FTS5 match is looked up in it. Joining chunks instead read a table
    // page (chunk text) per match: up to 2,000 random page reads, 2-3x slower on a 100k library.
    // "+ 0" keeps the list out of FTS5's rowid constraint, which would run the MATCH once per id.
    this.stmtDfIn = db
      .prepare(
        `SELECT count(*) FROM chunks_fts
         WHERE chunks_fts MATCH ?
           AND rowid + 0 IN (SELECT id FROM chunks WHERE document_id IN (SELECT value FROM json_each(?)))`,
      )
      .pluck()
    if (tuning.foldOcrConfusions > 0) {
      db.exec(
        `CREATE VIRTUAL TABLE IF NOT EXISTS temp.chunks_ocr_vocab USING fts5vocab(main, 'chunks_ocr_fts', 'row')`,
      )
      this.ocr = {
        all: db.prepare(
          `SELECT rowid AS id, bm25(chunks_ocr_fts, ${weights}) AS bm25 FROM chunks_ocr_fts WHERE chunks_ocr_fts MATCH ? ORDER BY bm25 LIMIT ?`,
        ),
        docs: db.prepare(
          `SELECT f.rowid AS id, bm25(chunks_ocr_fts, ${weights}) AS bm25 FROM chunks_ocr_fts f JOIN chunks c ON c.id = f.rowid
           WHERE chunks_ocr_fts MATCH ? AND c.document_id IN (SELECT value FROM json_each(?)) ORDER BY bm25 LIMIT ?`,
        ),
        df: db.prepare(`SELECT doc FROM temp.chunks_ocr_vocab WHERE term = ?`).pluck(),
        dfIn: db
          .prepare(
            `SELECT count(*) FROM chunks_ocr_fts
             WHERE chunks_ocr_fts MATCH ?
               AND rowid + 0 IN (SELECT id FROM chunks WHERE document_id IN (SELECT value FROM json_each(?)))`,
          )
          .pluck(),
        any: db.prepare(`SELECT EXISTS (SELECT 1 FROM chunks_ocr_fts)`).pluck(),
      }
    } else this.ocr = null
  }

  /**
   * Chunks of the given documents holding the word (FTS5 stems it as it indexed); a word found
   * only as an OCR misreading of it counts those OCR chunks instead.
   */
  documentFrequencyIn(word: string, documentIds: number[]): number {
    const df = this.stmtDfIn.get(ftsQuote(word), JSON.stringify(documentIds)) as number
    if (df > 0 || !this.ocrChunks()) return df
    return this.ocr!.dfIn.get(ftsQuote(foldConfusable(stem(word))), JSON.stringify(documentIds)) as number
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
    if (!this.ocrChunks()) return []
    const fold = (w: string) => foldConfusable(stem(w))
    const parts = q.terms.map((t) => ftsQuote(fold(t)))
    for (const p of q.phrases) parts.push(`"${p.map((x) => fold(x).replace(/"/g, '""')).join(' ')}"`)
    if (parts.length === 0) return []
    const match = parts.join(` ${q.op} `)
    const rows = documentIds
      ? this.ocr!.docs.all(match, JSON.stringify(documentIds), limit)
      : this.ocr!.all.all(match, limit)
    return rows as KeywordCandidate[]
  }

  search(q: CandidateQuery, limit: number, documentIds?: number[]): KeywordCandidate[] {
    const parts = q.terms.map(ftsQuote)
    for (const p of q.phrases) parts.push(`"${p.map((x) => x.replace(/"/g, '""')).join(' ')}"`)
    if (parts.length === 0) return []
    const match = parts.join(` ${q.op} `)
    const rows = documentIds
      ? this.stmtDocs.all(match, JSON.stringify(documentIds), limit)
      : this.stmtAll.all(match, limit)
    return rows as KeywordCandidate[]
  }

  /**
   * Number of chunks containing the (stemmed) term, from the FTS5 vocabulary. A term no chunk
   * holds as written counts the OCR chunks holding a misreading of it (ocrDocumentFrequency), so
   * a question about `lmtest` over a scan that reads `Imtest` neither calls the word unseen nor
   * declines for lack of it.
   */
  documentFrequency(stemmed: string): number {
    this.refresh()
    let df = this.dfCache.get(stemmed)
    if (df === undefined) {
      df = (this.stmtDf.get(stemmed) as number | undefined) ?? 0
      if (this.dfCache.size > 20_000) this.dfCache.clear()
      this.dfCache.set(stemmed, df)
    }
    return df > 0 || !this.hasOcr ? df : this.ocrDocumentFrequency(stemmed)
  }

  /** OCR chunks holding the stem with its confusable characters folded. */
  ocrDocumentFrequency(stemmed: string): number {
    if (!this.ocrChunks()) return 0
    const folded = foldConfusable(stemmed)
    let df = this.ocrDfCache.get(folded)
    if (df === undefined) {
      df = (this.ocr!.df.get(folded) as number | undefined) ?? 0
      if (this.ocrDfCache.size > 20_000) this.ocrDfCache.clear()
      this.ocrDfCache.set(folded, df)
    }
    return df
  }

  chunkCount(): number {
    this.refresh()
    return this.count
  }

  private refresh(): void {
    const v = this.db.pragma('data_version', { simple: true }) as number
    const changes = this.stmtChanges.get() as number
    const key = v * 1e9 + changes
    if (key === this.version) return
    this.version = key
    this.dfCache.clear()
    this.ocrDfCache.clear()
    this.count = this.total.get() as number
    this.hasOcr = this.ocr !== null && this.ocr.any.get() === 1
  }
}
