import {
  LOW_OCR_CONFIDENCE,
  type LibraryDocument,
  type PageSpan,
  type TextItemBox,
} from '@shared/library-types.js'
import { asDocumentFormat, type DocumentFormat } from '@shared/importable-files.js'
import { INDEX_VERSION } from './index-version.js'
import { chunkOnOcrPages, ocrChunkWriter } from './ocr-chunk-index.js'
import type { BlockKind, Chunk, CleanPage } from './page-records.js'
import { indexStems, textIdentifierParts } from '../text/identifier-parts.js'
import type { Db } from './open-database.js'
import { DocumentLocations } from './document-locations.js'
import { sketchFromBlob, sketchToBlob } from '../duplicates/text-sketch.js'

interface DocumentRow {
  id: number
  path: string
  title: string
  sha256: string
  size: number
  pages: number
  format: string
  status: LibraryDocument['status']
  error_code: string | null
  error_message: string | null
  created_at: string
  updated_at: string
  /** 1 when an older version of the import read the document (IS_OUTDATED), else 0. */
  outdated: number
  chunks: number
  ocr_pages: number
  /** JSON arrays of page numbers, from ocrPageNotes(). */
  low_ocr: string
  blank_ocr: string
  unreadable_pages: string
  /** JSON array of the document's other locations (document-locations.ts). */
  other_paths: string
  unavailable: number
}

export interface StoredChunk {
  id: number
  documentId: number
  path: string
  title: string
  heading: string | null
  text: string
  pageStart: number
  pageEnd: number
  spans: PageSpan[]
}

export interface FileRecord {
  path: string
  title: string
  sha256: string
  size: number
  status: LibraryDocument['status']
  format: DocumentFormat
}

export interface NewDocument {
  path: string
  title: string
  sha256: string
  size: number
  /** Absent: a PDF. */
  format?: DocumentFormat
  pages: CleanPage[]
  chunks: Chunk[]
  /** duplicates/text-fingerprint.ts; null or absent when the text is too short to compare. */
  textFingerprint?: string | null
  /** duplicates/text-sketch.ts; null or absent when the text is too short to compare. */
  textSketch?: Uint32Array | null
}

function toDocument(r: DocumentRow): LibraryDocument {
  return {
    id: r.id,
    path: r.path,
    title: r.title,
    sha256: r.sha256,
    pages: r.pages,
    format: asDocumentFormat(r.format),
    chunks: r.chunks,
    status: r.status,
    errorCode: r.error_code,
    error: r.error_message,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    ocrPages: r.ocr_pages,
    lowConfidencePages: JSON.parse(r.low_ocr) as number[],
    blankPages: JSON.parse(r.blank_ocr) as number[],
    unreadablePages: JSON.parse(r.unreadable_pages) as number[],
    outdated: r.outdated === 1,
    ...(r.other_paths !== '[]' ? { otherPaths: JSON.parse(r.other_paths) as string[] } : {}),
    ...(r.unavailable ? { unavailable: true } : {}),
  }
}

/** A document an older version of the import read (index-version.ts): listed, and re-indexed when asked. */
const IS_OUTDATED = `d.status = 'indexed' AND d.index_version < ${INDEX_VERSION}`

const DOC_COLUMNS = `d.*, (${IS_OUTDATED}) AS outdated,
  (SELECT count(*) FROM chunks c WHERE c.document_id = d.id) AS chunks,
  (SELECT count(*) FROM pages p WHERE p.document_id = d.id AND p.ocr = 1) AS ocr_pages,
  (SELECT json_group_array(page_no) FROM (SELECT page_no FROM pages p WHERE p.document_id = d.id AND p.ocr = 1
     AND p.ocr_confidence < ${LOW_OCR_CONFIDENCE} ORDER BY page_no)) AS low_ocr,
  (SELECT json_group_array(page_no) FROM (SELECT page_no FROM pages p WHERE p.document_id = d.id AND p.ocr = 1
     AND p.ocr_confidence IS NULL ORDER BY page_no)) AS blank_ocr,
  (SELECT json_group_array(page_no) FROM (SELECT page_no FROM pages p WHERE p.document_id = d.id
     AND p.unreadable = 1 ORDER BY page_no)) AS unreadable_pages,
  (SELECT json_group_array(path) FROM (SELECT path FROM document_locations l WHERE l.document_id = d.id
     ORDER BY path)) AS other_paths`

/** All SQL the library runs, as prepared statements. One transaction per document write. */
export class LibraryStore {
  private readonly q
  /** The other paths documents were found at with the same bytes (docs/duplicates.md). */
  readonly locations: DocumentLocations
  constructor(readonly db: Db) {
    this.locations = new DocumentLocations(db)
    this.q = {
      byPath: db.prepare(`SELECT ${DOC_COLUMNS} FROM documents d WHERE path = ?`),
      byId: db.prepare(`SELECT ${DOC_COLUMNS} FROM documents d WHERE id = ?`),
      indexedByText: db.prepare(
        `SELECT ${DOC_COLUMNS} FROM documents d WHERE text_fingerprint = ? AND status = 'indexed' ORDER BY id LIMIT 1`,
      ),
      sketches: db.prepare(
        `SELECT id, pages, format, text_sketch AS sketch FROM documents
         WHERE status = 'indexed' AND text_sketch IS NOT NULL ORDER BY id`,
      ),
      indexedBySha: db.prepare(
        `SELECT ${DOC_COLUMNS} FROM documents d WHERE sha256 = ? AND status = 'indexed' LIMIT 1`,
      ),
      all: db.prepare(`SELECT ${DOC_COLUMNS} FROM documents d ORDER BY d.title COLLATE NOCASE, d.id`),
      deleteDoc: db.prepare(`DELETE FROM documents WHERE id = ?`),
      // Only when the document leaves the library (not when a re-index replaces its row).
      leaveCollections: db.prepare(`DELETE FROM collection_documents WHERE document_id = ?`),
      outdatedPaths: db
        .prepare(`SELECT d.path FROM documents d WHERE ${IS_OUTDATED} ORDER BY d.title COLLATE NOCASE, d.id`)
        .pluck(),
      chunkIdsOfDoc: db.prepare(`SELECT id FROM chunks WHERE document_id = ?`).pluck(),
      // @id and @createdAt are the replaced document's (a re-index, a changed file) or null for a new
      // one: an open viewer, a citation and the search scope keep pointing at the document.
      insertDoc: db.prepare(
        `INSERT INTO documents (id, path, title, sha256, size, pages, format, status, index_version, text_fingerprint, text_sketch, created_at)
         VALUES (@id, @path, @title, @sha256, @size, @pages, @format, 'indexed', ${INDEX_VERSION}, @textFingerprint, @textSketch,
           COALESCE(@createdAt, strftime('%Y-%m-%dT%H:%M:%fZ','now')))`,
      ),
      createdAt: db.prepare(`SELECT created_at FROM documents WHERE id = ?`).pluck(),
      insertFailed: db.prepare(
        `INSERT INTO documents (id, path, title, sha256, size, pages, format, status, error_code, error_message, created_at)
         VALUES (@id, @path, @title, @sha256, @size, 0, @format, 'failed', @code, @message,
           COALESCE(@createdAt, strftime('%Y-%m-%dT%H:%M:%fZ','now')))
         ON CONFLICT(path) DO UPDATE SET title = excluded.title, sha256 = excluded.sha256, size = excluded.size,
           format = excluded.format,
           pages = 0, status = 'failed', error_code = excluded.error_code, error_message = excluded.error_message,
           updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')`,
      ),
      insertPage: db.prepare(
        `INSERT INTO pages (document_id, page_no, text, items, width, height, ocr, ocr_confidence, label, blocks, unreadable)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      insertChunk: db.prepare(
        `INSERT INTO chunks (document_id, ord, heading, text, page_start, page_end, spans, stems, locator, word_parts)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      page: db.prepare(
        `SELECT text, items, width, height, ocr, blocks FROM pages WHERE document_id = ? AND page_no = ?`,
      ),
      ocrPagesOf: db.prepare(
        `SELECT document_id AS documentId, page_no AS pageNo FROM pages
         WHERE ocr = 1 AND document_id IN (SELECT value FROM json_each(?))`,
      ),
      allChunkIds: db
        .prepare(
          `SELECT c.id FROM chunks c JOIN documents d ON d.id = c.document_id WHERE d.status = 'indexed'`,
        )
        .pluck(),
      insertOcrChunk: ocrChunkWriter(db),
      chunkTexts: db.prepare(
        `SELECT id, text, heading, context_header FROM chunks WHERE id IN (SELECT value FROM json_each(?))`,
      ),
    }
  }

  documentByPath(path: string): LibraryDocument | null {
    const r = this.q.byPath.get(path) as DocumentRow | undefined
    return r ? toDocument(r) : null
  }

  document(id: number): LibraryDocument | null {
    const r = this.q.byId.get(id) as DocumentRow | undefined
    return r ? toDocument(r) : null
  }

  /** What was recorded about a document's file when it was imported (for the serve-time check). */
  fileRecord(id: number): FileRecord | null {
    const r = this.q.byId.get(id) as DocumentRow | undefined
    return r
      ? {
          path: r.path,
          title: r.title,
          sha256: r.sha256,
          size: r.size,
          status: r.status,
          format: asDocumentFormat(r.format),
        }
      : null
  }

  indexedDocumentWithSha(sha256: string): LibraryDocument | null {
    const r = this.q.indexedBySha.get(sha256) as DocumentRow | undefined
    return r ? toDocument(r) : null
  }

  /** The first indexed document with this text fingerprint (duplicates/text-fingerprint.ts). */
  indexedDocumentWithText(fingerprint: string): LibraryDocument | null {
    const r = this.q.indexedByText.get(fingerprint) as DocumentRow | undefined
    return r ? toDocument(r) : null
  }

  /** The indexed documents with a text sketch, as the same-text rule reads them (duplicates/same-text.ts). */
  textSketches(): { id: number; pages: number; format: DocumentFormat; sketch: Uint32Array }[] {
    return (this.q.sketches.all() as { id: number; pages: number; format: string; sketch: Buffer }[]).map(
      (r) => ({
        id: r.id,
        pages: r.pages,
        format: asDocumentFormat(r.format),
        sketch: sketchFromBlob(r.sketch),
      }),
    )
  }

  documents(): LibraryDocument[] {
    return (this.q.all.all() as DocumentRow[]).map(toDocument)
  }

  /** Files of the indexed documents an older version of the import read (index-version.ts). */
  outdatedPaths(): string[] {
    return this.q.outdatedPaths.all() as string[]
  }

  /*
   * Each write below reads first (what it replaces), so its transaction begins IMMEDIATE: it waits
   * (busy_timeout) for another connection's write and then reads what that wrote. A deferred one
   * would read an older snapshot and, once the other commits, could not write at all
   * (SQLITE_BUSY_SNAPSHOT, "database is locked", at once): an import failed beside a removal.
   */

  /**
   * Replaces whatever the library had at `doc.path` with the new document, its pages and chunks,
   * in one transaction. Returns the new document id, its chunk ids (in chunk order) and the
   * chunk ids that were replaced (to drop from the vector index).
   */
  putDocument(doc: NewDocument): { documentId: number; chunkIds: number[]; replacedChunkIds: number[] } {
    return this.db
      .transaction(() => {
        const old = this.documentByPath(doc.path)
        const replacedChunkIds = old ? (this.q.chunkIdsOfDoc.all(old.id) as number[]) : []
        // The new version takes the old one's id (and date added): its pages and chunks go with the
        // old row, chunks get new ids (vector labels are never reused), the document keeps its own.
        const createdAt = old ? (this.q.createdAt.get(old.id) as string) : null
        if (old) this.q.deleteDoc.run(old.id)
        const info = this.q.insertDoc.run({
          id: old?.id ?? null,
          createdAt,
          path: doc.path,
          title: doc.title,
          sha256: doc.sha256,
          size: doc.size,
          pages: doc.pages.length,
          format: doc.format ?? 'pdf',
          textFingerprint: doc.textFingerprint ?? null,
          textSketch: doc.textSketch ? sketchToBlob(doc.textSketch) : null,
        })
        const documentId = Number(info.lastInsertRowid)
        for (const p of doc.pages) {
          this.q.insertPage.run(
            documentId,
            p.pageNo,
            p.text,
            JSON.stringify(compactItems(p.items)),
            p.width,
            p.height,
            p.ocr ? 1 : 0,
            p.ocr?.confidence ?? null,
            p.label ?? null,
            pageBlocks(p),
            p.unreadable ? 1 : 0,
          )
        }
        const chunkIds: number[] = []
        const ocrPages = new Set(doc.pages.filter((p) => p.ocr).map((p) => p.pageNo))
        for (const c of doc.chunks) {
          const stems = indexStems(c.text)
          const parts = textIdentifierParts(`${c.heading ?? ''}\n${c.text}`)
          const r = this.q.insertChunk.run(
            documentId,
            c.ord,
            c.heading,
            c.text,
            c.pageStart,
            c.pageEnd,
            JSON.stringify(c.spans),
            stems.join(' '),
            c.locator ? JSON.stringify(c.locator) : null,
            parts.length ? parts.join(' ') : null,
          )
          const id = Number(r.lastInsertRowid)
          chunkIds.push(id)
          // Recognised text also goes into the folded index (ocr-chunk-index.ts).
          if (ocrPages.size && chunkOnOcrPages(c.pageStart, c.pageEnd, ocrPages))
            this.q.insertOcrChunk(id, c.heading, stems)
        }
        return { documentId, chunkIds, replacedChunkIds }
      })
      .immediate()
  }

  /** Records a file that could not be imported, replacing any earlier record at that path. */
  putFailure(
    f: { path: string; title: string; sha256: string; size: number; format: DocumentFormat },
    code: string,
    message: string,
  ): { replacedChunkIds: number[] } {
    return this.db
      .transaction(() => {
        const old = this.documentByPath(f.path)
        const replacedChunkIds = old ? (this.q.chunkIdsOfDoc.all(old.id) as number[]) : []
        // A failed row takes the id of what it replaces, as a new version does (putDocument).
        const createdAt = old ? (this.q.createdAt.get(old.id) as string) : null
        if (old && old.status !== 'failed') this.q.deleteDoc.run(old.id)
        this.q.insertFailed.run({ ...f, code, message, id: old?.id ?? null, createdAt })
        return { replacedChunkIds }
      })
      .immediate()
  }

  removeDocument(id: number): number[] {
    return this.db
      .transaction(() => {
        const ids = this.q.chunkIdsOfDoc.all(id) as number[]
        this.q.deleteDoc.run(id)
        this.locations.removeAllOf(id)
        this.q.leaveCollections.run(id)
        return ids
      })
      .immediate()
  }

  page(
    documentId: number,
    pageNo: number,
  ): {
    text: string
    items: TextItemBox[]
    width: number
    height: number
    ocr: boolean
    blocks: StoredBlock[] | null
  } | null {
    const r = this.q.page.get(documentId, pageNo) as
      | { text: string; items: string; width: number; height: number; ocr: number; blocks: string | null }
      | undefined
    if (!r) return null
    return {
      text: r.text,
      items: expandItems(JSON.parse(r.items) as number[][]),
      width: r.width,
      height: r.height,
      ocr: r.ocr === 1,
      blocks: r.blocks ? expandBlocks(JSON.parse(r.blocks) as StoredBlockRow[]) : null,
    }
  }

  /** Which pages of these documents were read by OCR, as "documentId:pageNo" keys. */
  ocrPages(documentIds: number[]): Set<string> {
    const rows = this.q.ocrPagesOf.all(JSON.stringify([...new Set(documentIds)])) as {
      documentId: number
      pageNo: number
    }[]
    return new Set(rows.map((r) => `${r.documentId}:${r.pageNo}`))
  }

  indexedChunkIds(): number[] {
    return this.q.allChunkIds.all() as number[]
  }

  chunkTexts(
    ids: number[],
  ): { id: number; text: string; heading: string | null; context_header: string | null }[] {
    return this.q.chunkTexts.all(JSON.stringify(ids)) as {
      id: number
      text: string
      heading: string | null
      /** The chunk's contextual header (generate/context-headers.ts), embedded with it; null without. */
      context_header: string | null
    }[]
  }
}

/** A block of a structured document's page: its character range in the page text and what it is. */
export interface StoredBlock {
  start: number
  end: number
  kind: BlockKind
  /** A heading's level or a list item's depth; absent for other blocks. */
  level?: number
}

export type StoredBlockRow = [number, number, BlockKind, number?]

/** A structured page's blocks as stored (null for PDF and OCR pages, whose lines carry no kind). */
function pageBlocks(p: CleanPage): string | null {
  if (!p.lines.some((l) => l.kind)) return null
  return JSON.stringify(
    p.lines.map((l): StoredBlockRow => {
      const row: StoredBlockRow = [l.start, l.end, l.kind ?? 'paragraph']
      if (l.level !== undefined) row.push(l.level)
      return row
    }),
  )
}

export function expandBlocks(rows: StoredBlockRow[]): StoredBlock[] {
  return rows.map(([start, end, kind, level]) =>
    level === undefined ? { start, end, kind } : { start, end, kind, level },
  )
}

/** Items are stored as arrays, not objects: pages of dense reference text have thousands. */
function compactItems(items: TextItemBox[]): number[][] {
  return items.map((i) => [i.start, i.end, i.x, i.y, i.w, i.h])
}

function expandItems(rows: number[][]): TextItemBox[] {
  return rows.map(([start = 0, end = 0, x = 0, y = 0, w = 0, h = 0]) => ({ start, end, x, y, w, h }))
}
