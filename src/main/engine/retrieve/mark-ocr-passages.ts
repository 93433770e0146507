import type { SearchHit } from '@shared/library-types.js'
import type { Db } from '../store/open-database.js'

/**
 * Flags passages that lie on OCR'd pages (`ocr: true`): recognised text can misread letters and
 * digits, so answers and the UI say where a cited passage came from a scan.
 */
export function markOcrPassages(db: Db, hits: SearchHit[]): SearchHit[] {
  if (hits.length === 0) return hits
  const rows = db
    .prepare(
      `SELECT document_id AS d, page_no AS p FROM pages
       WHERE ocr = 1 AND document_id IN (SELECT value FROM json_each(?))`,
    )
    .all(JSON.stringify([...new Set(hits.map((h) => h.documentId))])) as { d: number; p: number }[]
  if (rows.length === 0) return hits
  const ocr = new Set(rows.map((r) => `${r.d}:${r.p}`))
  return hits.map((h) => (h.pages.some((p) => ocr.has(`${h.documentId}:${p}`)) ? { ...h, ocr: true } : h))
}
