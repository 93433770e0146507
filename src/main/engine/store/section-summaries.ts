import type { Db } from './db.js'

/** A sentence of a summary and the chunks (by ordinal in their document) it was drawn from. */
export interface SummarySentence {
  text: string
  ords: number[]
}

/** A stored summarised unit: a section (level 0) or a combination of units (level 1 and up). */
export interface StoredUnit {
  unit: string
  level: number
  ordStart: number
  ordEnd: number
  pageStart: number
  pageEnd: number
  heading: string | null
  sentences: SummarySentence[]
}

/** Which document (by content and import version) and which model a unit belongs to. */
export interface SummaryKey {
  sha256: string
  indexVersion: number
  model: string
}

interface UnitRow {
  unit: string
  level: number
  ord_start: number
  ord_end: number
  page_start: number
  page_end: number
  heading: string | null
  sentences: string
}

/** A section summary found by keyword search, with the document it belongs to. */
export interface SummaryMatch {
  id: number
  documentId: number
  ordStart: number
  ordEnd: number
  heading: string | null
  text: string
  sentences: SummarySentence[]
  /** FTS5 bm25: lower is better. */
  rank: number
}

/** The library's section summaries (migration 13, section-summaries-schema.ts). */
export class SectionSummaries {
  private readonly q
  constructor(readonly db: Db) {
    this.q = {
      get: db.prepare(
        `SELECT unit, level, ord_start, ord_end, page_start, page_end, heading, sentences FROM section_summaries
         WHERE sha256 = ? AND index_version = ? AND model = ? AND unit = ?`,
      ),
      put: db.prepare(
        `INSERT INTO section_summaries
           (sha256, index_version, model, unit, level, ord_start, ord_end, page_start, page_end, heading, sentences, text)
         VALUES (@sha256, @indexVersion, @model, @unit, @level, @ordStart, @ordEnd, @pageStart, @pageEnd, @heading, @sentences, @text)
         ON CONFLICT (sha256, index_version, model, unit) DO UPDATE SET
           sentences = excluded.sentences, text = excluded.text, heading = excluded.heading,
           created_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')`,
      ),
      count: db.prepare(
        `SELECT count(*) FROM section_summaries WHERE sha256 = ? AND index_version = ? AND model = ? AND level = 0`,
      ),
      any: db.prepare(`SELECT 1 FROM section_summaries LIMIT 1`).pluck(),
      // A finished summary's last unit is its final one ("F:…", summarize-document.ts).
      finished: db
        .prepare(
          `SELECT 1 FROM section_summaries WHERE sha256 = ? AND index_version = ? AND model = ? AND unit LIKE 'F:%' LIMIT 1`,
        )
        .pluck(),
      // Sections only (level 0): a combination repeats what its sections say.
      search: db.prepare(
        `SELECT s.id, d.id AS documentId, s.ord_start AS ordStart, s.ord_end AS ordEnd, s.heading, s.text,
                s.sentences, bm25(section_summaries_fts) AS rank
         FROM section_summaries_fts f
         JOIN section_summaries s ON s.id = f.rowid
         JOIN documents d ON d.sha256 = s.sha256 AND d.index_version = s.index_version AND d.status = 'indexed'
         WHERE section_summaries_fts MATCH ? AND s.level = 0
           AND (? IS NULL OR d.id IN (SELECT value FROM json_each(?)))
         ORDER BY rank LIMIT ?`,
      ),
    }
  }

  get(key: SummaryKey, unit: string): StoredUnit | null {
    const r = this.q.get.get(key.sha256, key.indexVersion, key.model, unit) as UnitRow | undefined
    if (!r) return null
    return {
      unit: r.unit,
      level: r.level,
      ordStart: r.ord_start,
      ordEnd: r.ord_end,
      pageStart: r.page_start,
      pageEnd: r.page_end,
      heading: r.heading,
      sentences: JSON.parse(r.sentences) as SummarySentence[],
    }
  }

  /** Stores a unit at once (its own transaction): a summary stopped half-way resumes from here. */
  put(key: SummaryKey, u: StoredUnit): void {
    this.q.put.run({
      ...key,
      unit: u.unit,
      level: u.level,
      ordStart: u.ordStart,
      ordEnd: u.ordEnd,
      pageStart: u.pageStart,
      pageEnd: u.pageEnd,
      heading: u.heading,
      sentences: JSON.stringify(u.sentences),
      text: u.sentences.map((s) => s.text).join(' '),
    })
  }

  /** Section summaries stored for this document and model (any context size). */
  sectionCount(key: SummaryKey): number {
    return this.q.count.pluck().get(key.sha256, key.indexVersion, key.model) as number
  }

  /** True when a whole summary of the document by this model is stored (not only some sections). */
  hasFinished(key: SummaryKey): boolean {
    return this.q.finished.get(key.sha256, key.indexVersion, key.model) !== undefined
  }

  /** True when the library holds any summary at all: searches skip summaries entirely otherwise. */
  hasAny(): boolean {
    return this.q.any.get() !== undefined
  }

  /** Section summaries matching an FTS5 query, best first, optionally only of these documents. */
  search(match: string, limit: number, documentIds?: number[] | null): SummaryMatch[] {
    const scope = documentIds?.length ? JSON.stringify(documentIds) : null
    const rows = this.q.search.all(match, scope, scope, limit) as (Omit<SummaryMatch, 'sentences'> & {
      sentences: string
    })[]
    return rows.map((r) => ({ ...r, sentences: JSON.parse(r.sentences) as SummarySentence[] }))
  }
}
