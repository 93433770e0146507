import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import type { DocumentFormat } from '@shared/importable-files.js'
import { formatLocator } from '@shared/locator.js'
import { structuredDocument, type StructuredText } from '../ingest/structured-text.js'
import { buildTable } from '../ingest/tables/table-model.js'
import { readDocumentText } from './document-text.js'
import { LibraryStore } from './library-store.js'
import { openDatabase } from './open-database.js'

const tempDir = useTempDirs()

/** Stores a document the way an import does (the shared structured-text path) and reads it back. */
function stored(doc: StructuredText, format: DocumentFormat) {
  const db = openDatabase(path.join(tempDir(), 'lib.sqlite'))
  const parsed = structuredDocument(doc, 'doc', format)
  const { documentId, chunkIds } = new LibraryStore(db).putDocument({
    path: `/docs/doc.${format}`,
    title: 'A document',
    sha256: 'x',
    size: 1,
    format,
    pages: parsed.pages,
    chunks: parsed.chunks,
  })
  return { db, documentId, chunkIds, parsed }
}

describe('a document read back for the reader view', () => {
  it('gives each section its blocks, and a cited chunk its spans and locator', () => {
    const { db, documentId, chunkIds, parsed } = stored(
      {
        title: null,
        unit: 'flow',
        parts: [
          {
            blocks: [
              { kind: 'heading', text: 'Remotes', level: 1 },
              { kind: 'heading', text: 'Fetching', level: 2 },
              { kind: 'paragraph', text: 'Fetching downloads objects from another repository.' },
              { kind: 'list-item', text: 'git fetch origin', level: 1 },
              { kind: 'table-row', text: 'Command | Effect' },
              { kind: 'code', text: 'git fetch\ngit merge' },
            ],
          },
        ],
      },
      'docx',
    )
    const cited = parsed.chunks.findIndex((c) => c.text.includes('downloads objects'))
    const text = readDocumentText(db, documentId, chunkIds[cited])!
    expect(text.title).toBe('A document')
    expect(text.sections).toHaveLength(1)
    const [s] = text.sections
    expect(s!.title).toBeNull()
    expect(s!.blocks.map((b) => [b.kind, s!.text.slice(b.start, b.end), b.level])).toEqual([
      ['heading', 'Remotes', 1],
      ['heading', 'Fetching', 2],
      ['paragraph', 'Fetching downloads objects from another repository.', undefined],
      ['list-item', 'git fetch origin', 1],
      ['table-row', 'Command | Effect', undefined],
      ['code', 'git fetch\ngit merge', undefined],
    ])
    // The chunk's locator, written in the shared grammar.
    expect(text.passage!.locator).toBe(formatLocator(parsed.chunks[cited]!.locator))
    expect(text.passage!.locator).toMatch(/^Remotes/)
    const span = text.passage!.spans[0]!
    expect(s!.text.slice(span.start, span.end)).toContain('Fetching downloads objects')
    // No chunk asked, or another document's: no passage.
    expect(readDocumentText(db, documentId)!.passage).toBeNull()
    expect(readDocumentText(db, documentId, 99_999)!.passage).toBeNull()
    expect(readDocumentText(db, documentId + 1)).toBeNull()
    db.close()
  })

  it('names slides "Slide N", an empty slide included, and chapters "Chapter N: title"', () => {
    const slides = stored(
      {
        title: null,
        unit: 'slide',
        parts: [
          { blocks: [{ kind: 'paragraph', text: 'Welcome to the review.' }] },
          { blocks: [] },
          { blocks: [{ kind: 'paragraph', text: 'Revenue grows next year.' }] },
        ],
      },
      'pptx',
    )
    expect(readDocumentText(slides.db, slides.documentId)!.sections.map((s) => [s.n, s.title])).toEqual([
      [1, 'Slide 1'],
      [2, 'Slide 2'],
      [3, 'Slide 3'],
    ])
    slides.db.close()
    const book = stored(
      {
        title: null,
        unit: 'chapter',
        parts: [
          { title: 'Setup', blocks: [{ kind: 'paragraph', text: 'Install the package first.' }] },
          { title: 'Use', blocks: [{ kind: 'paragraph', text: 'Then run it every day.' }] },
        ],
      },
      'epub',
    )
    expect(readDocumentText(book.db, book.documentId)!.sections.map((s) => s.title)).toEqual([
      'Chapter 1: Setup',
      'Chapter 2: Use',
    ])
    book.db.close()
  })

  it("titles a spreadsheet's sections by their sheets and cites a passage by its cells", () => {
    const row = (n: number, ...texts: string[]) => ({
      cells: texts.map((text, i) => ({
        text,
        place: { kind: 'sheet' as const, sheet: 'Stock', ref: `${'AB'[i]}${n}` },
      })),
    })
    const table = buildTable({
      caption: 'Stock',
      header: [row(1, 'Part', 'Count')],
      body: [row(2, 'bolt', '412')],
    })
    const sheet = stored(
      { title: null, unit: 'sheet', parts: [{ title: 'Stock', blocks: [{ kind: 'table', table }] }] },
      'xlsx',
    )
    const text = readDocumentText(sheet.db, sheet.documentId, sheet.chunkIds[0])!
    expect(text.sections.map((s) => s.title)).toEqual(['Stock'])
    expect(text.passage!.locator).toBe('Stock!A2:B2')
    sheet.db.close()
  })
})
