import { asDocumentFormat, formatInfo } from '@shared/importable-files.js'
import { formatLocator, type Locator } from '@shared/locator.js'
import type { Db } from './db.js'

/** A chunk of one document, in reading order, as a summary reads and cites it. */
export interface DocumentChunk {
  id: number
  ord: number
  heading: string | null
  text: string
  /** Pages the chunk spans; empty for documents without pages (they cite `locator`). */
  pages: number[]
  locator: string | null
  /** True when the chunk lies on a page read by OCR. */
  ocr: boolean
}

/** A document as a summary needs it: what identifies its content and what its chunks are. */
export interface SummarySubject {
  id: number
  path: string
  title: string
  sha256: string
  indexVersion: number
  chunks: DocumentChunk[]
}

interface ChunkRow {
  id: number
  ord: number
  heading: string | null
  text: string
  page_start: number
  page_end: number
  locator: string | null
  ocr: number
}

/** An indexed document and its chunks in order, or null when there is no such indexed document. */
export function readSummarySubject(db: Db, documentId: number): SummarySubject | null {
  const doc = db
    .prepare(
      `SELECT id, path, title, sha256, index_version AS indexVersion, format FROM documents
       WHERE id = ? AND status = 'indexed'`,
    )
    .get(documentId) as
    | { id: number; path: string; title: string; sha256: string; indexVersion: number; format: string }
    | undefined
  if (!doc) return null
  const paged = formatInfo(asDocumentFormat(doc.format)).paged
  const rows = db
    .prepare(
      `SELECT c.id, c.ord, c.heading, c.text, c.page_start, c.page_end, c.locator,
         EXISTS (SELECT 1 FROM pages p WHERE p.document_id = c.document_id AND p.ocr = 1
                   AND p.page_no BETWEEN c.page_start AND c.page_end) AS ocr
       FROM chunks c WHERE c.document_id = ? ORDER BY c.ord`,
    )
    .all(documentId) as ChunkRow[]
  return {
    id: doc.id,
    path: doc.path,
    title: doc.title,
    sha256: doc.sha256,
    indexVersion: doc.indexVersion,
    chunks: rows.map((r) => ({
      id: r.id,
      ord: r.ord,
      heading: r.heading,
      text: r.text,
      pages: paged ? range(r.page_start, r.page_end) : [],
      locator: paged ? null : formatLocator(r.locator ? (JSON.parse(r.locator) as Locator) : null),
      ocr: r.ocr === 1,
    })),
  }
}

function range(a: number, b: number): number[] {
  const out: number[] = []
  for (let p = a; p <= b; p++) out.push(p)
  return out
}
