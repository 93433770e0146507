import type { DocumentText, TextBlock, TextSection } from '@shared/document-text.js'
import type { PageSpan } from '@shared/library-types.js'
import { formatLocator, type Locator } from '@shared/locator.js'
import type { Db } from './db.js'
import { expandBlocks, type StoredBlockRow } from './library-store.js'

// A stored document read back whole for the reader view: its sections (stored pages) with their
// blocks, each section named by the slide or chapter it is, and where a cited chunk lies. Read from
// the library's tables only: the document's file is never opened.

interface PageRow {
  n: number
  text: string
  blocks: string | null
}

/** The document's text for the reader view, or null when the library has no such document. */
export function readDocumentText(db: Db, documentId: number, chunkId?: number): DocumentText | null {
  const doc = db.prepare(`SELECT title FROM documents WHERE id = ?`).get(documentId) as
    { title: string } | undefined
  if (!doc) return null
  const pages = db
    .prepare(`SELECT page_no AS n, text, blocks FROM pages WHERE document_id = ? ORDER BY page_no`)
    .all(documentId) as PageRow[]
  const places = sectionPlaces(db, documentId)
  const slides = [...places.values()].some((l) => l.slide !== undefined)
  let slide = 0
  let title: string | null = null
  const sections = pages.map((p): TextSection => {
    const place = places.get(p.n)
    // A slide without text has no passage to name it: it is the slide after the one before it.
    // A section with no passage starting in it continues the chapter before it.
    if (slides) slide = place?.slide ?? slide + 1
    if (slides) title = formatLocator({ slide })
    // A spreadsheet's section is titled by its sheet's name.
    else if (place?.sheet) title = place.sheet.name
    else if (place) title = formatLocator(place.chapter ? { chapter: place.chapter } : {})
    return {
      n: p.n,
      title,
      text: p.text,
      blocks: p.blocks ? expandBlocks(JSON.parse(p.blocks) as StoredBlockRow[]) : lineBlocks(p.text),
    }
  })
  return {
    documentId,
    title: doc.title,
    sections,
    passage: chunkId ? passageOf(db, documentId, chunkId) : null,
  }
}

/** The slide, chapter or sheet of each section, from the first passage that starts in it. */
function sectionPlaces(db: Db, documentId: number): Map<number, Locator> {
  // SQLite takes the bare column (locator) from the row that holds min(ord).
  const rows = db
    .prepare(
      `SELECT page_start AS n, locator, min(ord) FROM chunks
       WHERE document_id = ? AND locator IS NOT NULL GROUP BY page_start`,
    )
    .all(documentId) as { n: number; locator: string }[]
  const out = new Map<number, Locator>()
  for (const r of rows) {
    const l = parseLocator(r.locator)
    if (l && (l.slide !== undefined || l.chapter || l.sheet)) out.set(r.n, l)
  }
  return out
}

function passageOf(db: Db, documentId: number, chunkId: number): DocumentText['passage'] {
  const row = db
    .prepare(`SELECT spans, locator FROM chunks WHERE id = ? AND document_id = ?`)
    .get(chunkId, documentId) as { spans: string; locator: string | null } | undefined
  if (!row) return null
  return {
    spans: JSON.parse(row.spans) as PageSpan[],
    locator: row.locator ? formatLocator(parseLocator(row.locator)) : null,
  }
}

function parseLocator(json: string): Locator | null {
  try {
    const l = JSON.parse(json) as unknown
    return typeof l === 'object' && l !== null ? (l as Locator) : null
  } catch {
    return null
  }
}

/** A page stored without blocks (a PDF or scanned page): each of its lines is a paragraph. */
function lineBlocks(text: string): TextBlock[] {
  const out: TextBlock[] = []
  let start = 0
  for (const line of text.split('\n')) {
    const end = start + line.length
    if (line.trim()) out.push({ start, end, kind: 'paragraph' })
    start = end + 1
  }
  return out
}
