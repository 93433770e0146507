import { QuireError } from '@shared/errors.js'
import type { DocumentFormat } from '@shared/importable-files.js'
import type { Locator } from '@shared/locator.js'
import { HEADING_PATH_SEPARATOR } from '../text/heading-path.js'
import type { BlockKind, Chunk, CleanPage, PageLine } from '../store/page-records.js'
import { Chunker, DEFAULT_CHUNK_OPTIONS } from './chunk-pages.js'
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

/** A slide, a chapter, or (for flowing text) the whole document. */
export interface TextPart {
  title?: string | null
  blocks: TextBlock[]
  /** A sheet's row number (from 1, as the spreadsheet numbers it) of each block. */
  rows?: number[]
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
  /** The part's row numbers, for a sheet. */
  rows?: number[]
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

function buildSections(doc: StructuredText): Section[] {
  const sections: Section[] = []
  let paragraphs = 0
  doc.parts.forEach((part, i) => {
    const partNo = doc.unit === 'flow' ? 0 : i + 1
    if (doc.unit !== 'flow') paragraphs = 0
    let text = ''
    let lines: PageLine[] = []
    let first = paragraphs
    const close = (force: boolean) => {
      if (!force && lines.length === 0) return
      sections.push({
        page: { pageNo: sections.length + 1, width: 0, height: 0, text, lines, items: [] },
        part: partNo,
        partTitle: part.title?.trim() || null,
        ...(part.rows ? { rows: part.rows } : {}),
        paragraphsBefore: first,
      })
      text = ''
      lines = []
      first = paragraphs
    }
    for (const b of part.blocks) {
      const t = blockText(b)
      if (!t) continue
      // A new section starts between blocks, preferably at a heading.
      if (text.length >= SECTION_CHARS || (b.kind === 'heading' && text.length >= SECTION_CHARS / 2))
        close(false)
      if (text.length > 0) text += '\n'
      const line: PageLine = {
        start: text.length,
        end: text.length + t.length,
        fontSize: b.kind === 'heading' ? headingSize(b.level ?? 1) : BODY_SIZE,
        kind: b.kind,
      }
      if (b.level !== undefined) line.level = b.level
      text += t
      lines.push(line)
      if (b.kind !== 'heading') paragraphs++
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

function locatorOf(chunk: Chunk, sections: Section[], unit: StructuredText['unit']): Locator {
  const span = chunk.spans[0]
  const section = sections[(span?.page ?? chunk.pageStart) - 1]!
  const loc: Locator = {}
  if (unit === 'slide') loc.slide = section.part
  if (unit === 'chapter') loc.chapter = { n: section.part, title: section.partTitle }
  if (chunk.heading) loc.headings = chunk.heading.split(HEADING_PATH_SEPARATOR)
  loc.paragraph = paragraphAt(section, span?.start ?? 0)
  // A sheet's blocks are its non-empty rows: the paragraph ordinal indexes their row numbers.
  if (unit === 'sheet')
    loc.sheet = { name: section.partTitle ?? '', row: section.rows?.[loc.paragraph - 1] ?? loc.paragraph }
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
    chunker.addPage(p)
    opts.onPage?.(i + 1, pages.length)
  })
  const chunks = chunker.finish().map((c) => ({ ...c, locator: locatorOf(c, sections, doc.unit) }))
  const title = doc.title?.replace(/\s+/g, ' ').trim() || name.replace(/\.[a-z0-9]+$/i, '')
  return { title, format, pages, chunks }
}
