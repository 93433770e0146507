import { asDocumentFormat, formatInfo } from '@shared/importable-files.js'
import type { SearchHit } from '@shared/library-types.js'
import { formatLocator, type Locator } from '@shared/locator.js'
import type { Db } from '../store/open-database.js'
import { markOcrPassages } from './mark-ocr-passages.js'

interface OpeningRow {
  id: number
  document_id: number
  heading: string | null
  text: string
  page_start: number
  page_end: number
  locator: string | null
  path: string
  title: string
  format: string
}

/**
 * The first passages of documents in reading order, taken in turn from each (its abstract,
 * introduction and first sections): what "Summarize the whole pscl-countreg.pdf document" is
 * answered from, since such a request has no words of its own to search for.
 */
export function openingPassages(db: Db): (documentIds: number[], k: number) => SearchHit[] {
  const stmt = db.prepare(
    `SELECT c.id, c.document_id, c.heading, c.text, c.page_start, c.page_end, c.locator, d.path, d.title, d.format
     FROM chunks c JOIN documents d ON d.id = c.document_id
     WHERE c.document_id = ? AND d.status = 'indexed' ORDER BY c.ord LIMIT ?`,
  )
  return (documentIds, k) => {
    const perDocument = documentIds.map((id) => stmt.all(id, k) as OpeningRow[])
    const rows: OpeningRow[] = []
    for (let i = 0; rows.length < k && perDocument.some((list) => i < list.length); i++)
      for (const list of perDocument) if (i < list.length && rows.length < k) rows.push(list[i]!)
    return markOcrPassages(
      db,
      rows.map((r, i) => {
        const paged = formatInfo(asDocumentFormat(r.format)).paged
        return {
          rank: i + 1,
          chunkId: r.id,
          chunkIds: [r.id],
          documentId: r.document_id,
          file: r.path,
          title: r.title,
          pages: paged ? pageRange(r.page_start, r.page_end) : [],
          locator: paged ? null : formatLocator(r.locator ? (JSON.parse(r.locator) as Locator) : null),
          text: r.text,
          score: 0,
          matchedTerms: [],
          heading: r.heading,
        }
      }),
    )
  }
}

function pageRange(a: number, b: number): number[] {
  const out: number[] = []
  for (let p = a; p <= b; p++) out.push(p)
  return out
}
