import { QuireError } from '@shared/errors.js'
import type { DocumentFormat } from '@shared/importable-files.js'
import type { Locator } from '@shared/locator.js'
import { HEADING_PATH_SEPARATOR } from '../text/heading-path.js'
import { TABLE_CELL_SEPARATOR } from '@shared/document-text.js'
import type { BlockKind, CleanPage, PageLine } from '../store/page-records.js'
import { Chunker, DEFAULT_CHUNK_OPTIONS, type ChunkedPassage } from './chunk-pages.js'
import { columnLetters, parseRef } from './tables/cell-refs.js'
import type { Table, TableRow } from './tables/table-model.js'
import type { ParseOptions, ParsedDocument } from './parse-types.js'

// What every reader of a document without pages (Word, HTML, Markdown, text, slides, e-books)
// produces: blocks of text that say what they are. One function turns them into the stored pages,
// chunks and locators, so each reader only has to read its format.

export interface TextBlock {
  kind: BlockKind
  text: string
  /** A heading's level (1 outermost) or a list item's depth. */
  level?: number
}

/**
 * A table (tables/table-model.ts): laid into the text as a caption line, one table-row line per
 * header and body row and a line per note, and chunked as passages of whole rows under its header.
 */
export interface TableBlock {
  kind: 'table'
  table: Table
}

/** What a reader gives: a block of text, or a table. */
export type Block = TextBlock | TableBlock

/** The text of a block, as search and navigation see it: a table's cells joined. */
export function blockPlainText(b: Block): string {
  if (b.kind !== 'table') return b.text
  const t = b.table
  return [
    t.caption ?? '',
    ...[...t.header, ...t.body].map((r) => r.cells.map((c) => c.text).join(' ')),
    ...t.notes,
  ].join(' ')
}

/** A caption written as a paragraph of its own: "Table 3: Supported color models". */
const NUMBERED_CAPTION = /^(table|tab\.)\s*[\dIVX]+[.:]?(\s|$)/i

/**
 * A document's tables take their caption from the paragraph beside them when it reads as one
 * (Word and HTML converted from other formats write captions as paragraphs): a numbered one
 * ("Table 3: …") just above or just below, or a short title without a sentence end just above
 * ("Database Header Format").
 */
function attachCaptions(blocks: Block[]): Block[] {
  const out: Block[] = []
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!
    if (b.kind !== 'table' || b.table.caption) {
      out.push(b)
      continue
    }
    const before = out.at(-1)
    const after = blocks[i + 1]
    const words = (t: string) => t.split(/\s+/).filter(Boolean).length
    if (
      before?.kind === 'paragraph' &&
      (NUMBERED_CAPTION.test(before.text) ||
        (words(before.text) <= 12 && !/[.:;,!?]$/.test(before.text.trim())))
    ) {
      out.pop()
      out.push({ kind: 'table', table: { ...b.table, caption: before.text.replace(/\s+/g, ' ').trim() } })
    } else if (after?.kind === 'paragraph' && NUMBERED_CAPTION.test(after.text)) {
      out.push({ kind: 'table', table: { ...b.table, caption: after.text.replace(/\s+/g, ' ').trim() } })
      i++
    } else out.push(b)
  }
  return out
}

/** A slide, a chapter, (for flowing text) the whole document, or a sheet. */
export interface TextPart {
  title?: string | null
  blocks: Block[]
}

export interface StructuredText {
  /** The document's own title (metadata, <title>), when it has a usable one. */
  title: string | null
  /** What a part is: a slide, an e-book chapter, a spreadsheet's sheet, or one flow of text. */
  unit: 'flow' | 'slide' | 'chapter' | 'sheet'
  parts: TextPart[]
}

/**
 * Stored "pages" of a document without pages are sections of its text: a slide, a chapter, or
 * about this many characters of flowing text, cut between blocks. They keep rows small and let
 * the reader view load a document in pieces; citations never show their numbers.
 */
export const SECTION_CHARS = 40_000

/** Synthetic font sizes: the chunker's heading stack orders headings by size (h1 largest). */
const BODY_SIZE = 10
const headingSize = (level: number) => BODY_SIZE + 2 * (7 - Math.min(6, Math.max(1, level)))

interface Section {
  page: CleanPage
  /** The slide or chapter this section belongs to (from 1), 0 for flowing text. */
  part: number
  partTitle: string | null
  /** The tables (or the pieces of tables) laid into this section's text, their spans in it. */
  tables: Table[]
  /** Ordinal of this section's first paragraph in its part (or document), minus one. */
  paragraphsBefore: number
}

/** Collapses whitespace (code keeps its line breaks and indentation). */
function blockText(b: TextBlock): string {
  if (b.kind === 'code') return b.text.replace(/\r\n?/g, '\n').replace(/\s+$/, '').replace(/^\n+/, '')
  const text = b.text.replace(/\s+/g, ' ').trim()
  // Generated documentation ends headings with a "¶" permalink (Sphinx), which is no part of the title.
  return b.kind === 'heading' ? text.replace(/\s*¶$/, '') : text
}

const rowText = (r: TableRow) => {
  const cells = r.cells.map((c) => c.text)
  // Empty cells at the end of a row say nothing.
  while (cells.length && !cells.at(-1)) cells.pop()
  return cells.join(TABLE_CELL_SEPARATOR)
}

function buildSections(doc: StructuredText): Section[] {
  const sections: Section[] = []
  let paragraphs = 0
  doc.parts.forEach((part, i) => {
    const partNo = doc.unit === 'flow' ? 0 : i + 1
    if (doc.unit !== 'flow') paragraphs = 0
    let text = ''
    let lines: PageLine[] = []
    let tables: Table[] = []
    let first = paragraphs
    const close = (force: boolean) => {
      if (!force && lines.length === 0) return
      sections.push({
        page: { pageNo: sections.length + 1, width: 0, height: 0, text, lines, items: [] },
        part: partNo,
        partTitle: part.title?.trim() || null,
        tables,
        paragraphsBefore: first,
      })
      text = ''
      lines = []
      tables = []
      first = paragraphs
    }
    /** Adds a line of text; returns its range, or null when it is empty. */
    const addLine = (kind: BlockKind, t: string, level?: number) => {
      if (!t) return null
      if (text.length > 0) text += '\n'
      const line: PageLine = {
        start: text.length,
        end: text.length + t.length,
        fontSize: kind === 'heading' ? headingSize(level ?? 1) : BODY_SIZE,
        kind,
      }
      if (level !== undefined) line.level = level
      text += t
      lines.push(line)
      if (kind !== 'heading') paragraphs++
      return { page: sections.length + 1, start: line.start, end: line.end }
    }
    /**
     * Lays a table into the text: caption, header rows, body rows and notes as lines. A table
     * longer than a section goes on in the next, its header repeated there as a printed table
     * repeats it on each page, each piece a table of its own that continues the last.
     */
    const addTable = (table: Table) => {
      let body: TableRow[] = []
      let start = -1
      const open = (fromPrevious: boolean) => {
        start = text.length + (text.length > 0 ? 1 : 0)
        if (!fromPrevious && table.caption) addLine('paragraph', table.caption)
        for (const r of table.header) addLine('table-row', rowText(r))
        body = []
        return fromPrevious
      }
      const end = (fromPrevious: boolean, onNext: boolean, notes: string[]) => {
        for (const n of notes) addLine('paragraph', n)
        const piece: Table = {
          ...table,
          body,
          notes,
          span: { page: sections.length + 1, start, end: text.length },
        }
        if (fromPrevious || onNext) piece.continuation = { fromPrevious, onNext }
        if (body.length > 0 || fromPrevious === false) tables.push(piece)
      }
      if (text.length >= SECTION_CHARS) close(false)
      let fromPrevious = open(false)
      for (const row of table.body) {
        if (text.length >= SECTION_CHARS && body.length > 0) {
          end(fromPrevious, true, [])
          close(false)
          fromPrevious = open(true)
        }
        const at = addLine('table-row', rowText(row))
        if (at) body.push({ ...row, span: at })
      }
      end(fromPrevious, false, table.notes)
    }
    for (const b of attachCaptions(part.blocks)) {
      if (b.kind === 'table') {
        addTable(b.table)
        continue
      }
      const t = blockText(b)
      if (!t) continue
      // A new section starts between blocks, preferably at a heading.
      if (text.length >= SECTION_CHARS || (b.kind === 'heading' && text.length >= SECTION_CHARS / 2))
        close(false)
      addLine(b.kind, t, b.level)
    }
    // A slide without text still counts, so slide numbers stay those of the presentation.
    close(doc.unit === 'slide')
  })
  return sections
}

/** The paragraph (non-heading block) ordinal, from 1, of the block holding `offset` of a section. */
function paragraphAt(section: Section, offset: number): number {
  let n = section.paragraphsBefore
  for (const l of section.page.lines) {
    if (l.start > offset) break
    if (l.kind !== 'heading') n++
  }
  return Math.max(1, n)
}

/**
 * The sheet cells a table passage covers: from its first row's first cell to its last row's last
 * column (a merged cell at a row's end names its top left cell, so the width is the table's).
 */
function sheetRange(chunk: ChunkedPassage): { name: string; row: number; range: string } | null {
  const rows = chunk.table?.rows ?? []
  const places = (r: TableRow | undefined) =>
    (r?.cells ?? []).flatMap((c) => (c.place?.kind === 'sheet' ? [c.place] : []))
  const first = places(rows[0])[0]
  const lastRow = places(rows.at(-1))
  const a = first ? parseRef(first.ref) : null
  const b = lastRow.length ? parseRef(lastRow.at(-1)!.ref) : null
  if (!first || !a || !b) return null
  const width = Math.max(...rows.map((r) => r.cells.length))
  const end = `${columnLetters(Math.max(b.col, a.col + width - 1))}${Math.max(...lastRow.map((p) => parseRef(p.ref)?.row ?? 0))}`
  const start = `${columnLetters(a.col)}${a.row}`
  return { name: first.sheet, row: a.row, range: start === end ? start : `${start}:${end}` }
}

function locatorOf(chunk: ChunkedPassage, sections: Section[], unit: StructuredText['unit']): Locator {
  const span = chunk.spans[0]
  const section = sections[(span?.page ?? chunk.pageStart) - 1]!
  const loc: Locator = {}
  if (unit === 'slide') loc.slide = section.part
  if (unit === 'chapter') loc.chapter = { n: section.part, title: section.partTitle }
  if (chunk.heading) loc.headings = chunk.heading.split(HEADING_PATH_SEPARATOR)
  loc.paragraph = paragraphAt(section, span?.start ?? 0)
  // A sheet's passages are rows of its tables, cited by their cells.
  if (unit === 'sheet') {
    const cells = sheetRange(chunk)
    if (cells) loc.sheet = cells
  }
  return loc
}

/**
 * A structured document → stored pages (sections), chunks and each chunk's locator. Throws
 * DOC_NO_TEXT when it holds no words.
 */
export function structuredDocument(
  doc: StructuredText,
  name: string,
  format: DocumentFormat,
  opts: ParseOptions = {},
): ParsedDocument {
  if (opts.signal?.aborted) throw new QuireError('CANCELLED', 'Import cancelled.')
  const sections = buildSections(doc)
  const letters = sections.some((s) => /\p{L}/u.test(s.page.text))
  if (!letters) {
    throw new QuireError('DOC_NO_TEXT', `${name} holds no text to search (it is empty, or only images).`)
  }
  const pages = sections.map((s) => s.page)
  const chunker = new Chunker(BODY_SIZE, opts.chunking ?? DEFAULT_CHUNK_OPTIONS)
  pages.forEach((p, i) => {
    if (opts.signal?.aborted) throw new QuireError('CANCELLED', 'Import cancelled.')
    // A passage never runs from one slide or chapter into the next: each is cited on its own.
    if (i > 0 && sections[i]!.part !== sections[i - 1]!.part) chunker.endSection()
    chunker.addPage(p, sections[i]!.tables)
    opts.onPage?.(i + 1, pages.length)
  })
  const chunks = chunker.finish().map((c) => ({ ...c, locator: locatorOf(c, sections, doc.unit) }))
  const title = doc.title?.replace(/\s+/g, ' ').trim() || name.replace(/\.[a-z0-9]+$/i, '')
  return { title, format, pages, chunks }
}
