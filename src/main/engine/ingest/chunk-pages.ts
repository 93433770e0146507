import { LOW_OCR_CONFIDENCE, type PageSpan } from '@shared/library-types.js'
import type { Chunk, CleanPage, PageLine } from '../store/page-records.js'
import { HEADING_PATH_SEPARATOR, opensWithOwnHeading, ownHeading } from '../text/heading-path.js'
import { sentenceBreaks } from '../text/sentences.js'
import { mergePrintedForms, printedForms, restorePrinted, type PrintedForms } from './printed-words.js'
import { tableSpanOn, type Table, type TableRow } from './tables/table-model.js'
import {
  bodyLine,
  captionLine,
  headerLines,
  tablePassages,
  tableWords,
  type TablePassage,
} from './tables/table-passages.js'

export interface ChunkOptions {
  /** Soft target: a chunk closes at the first paragraph end after this many words. */
  targetWords: number
  /**
   * Hard limit. 250 words is ~320 MiniLM tokens, so the embedder may truncate the tail of the
   * longest chunks; keyword search still sees all of it, and bigger passages answer paraphrased
   * questions better (dev set, keyword mode: 110/170 → 190/250 raised hit@5 0.69 → 0.78).
   */
  maxWords: number
  /** Words of the previous chunk repeated at the start of the next, in whole sentences. */
  overlapWords: number
}

export const DEFAULT_CHUNK_OPTIONS: ChunkOptions = { targetWords: 190, maxWords: 250, overlapWords: 40 }

/** A sentence (or a piece of an over-long one) located in one page's text. */
interface Unit {
  page: number
  start: number
  end: number
  words: number
  text: string
  /** The unit ends a paragraph. */
  paraEnd: boolean
  heading: string | null
  /** The unit is this whole table (its text and words are its own, its passages come from it). */
  table?: Table
  /** The unit is a heading line. */
  isHeading?: boolean
  /**
   * The unit is a row of an inline table (Table.inline): `head` is the unit of the table's caption
   * and header, which opens every chunk that holds one of its rows.
   */
  head?: Unit
  /** The unit is an inline table's caption and header (the `head` of its rows). */
  tableHead?: boolean
}

/** A passage of a table (tables/table-passages.ts): its table's caption and the body rows it holds. */
export interface PassageTable {
  caption: string | null
  rows: TableRow[]
}

/** A chunk as chunking makes it: a table's passage says which table rows it holds. */
export type ChunkedPassage = Chunk & { table?: PassageTable }

export function validateChunkOptions(o: ChunkOptions): void {
  if (!(o.targetWords > 0 && o.maxWords >= o.targetWords))
    throw new Error('chunking: need 0 < targetWords ≤ maxWords')
  if (!(o.overlapWords >= 0 && o.overlapWords < o.targetWords))
    throw new Error('chunking: need 0 ≤ overlapWords < targetWords')
}

const WORD = /\S+/g

/**
 * The words (runs of non-space) of `s`, counted up to `limit` and one more. Every sentence of
 * every document is counted: stepping the regular expression allocates nothing, where matching
 * made an array of the words.
 */
function countWords(s: string, limit = Infinity): number {
  WORD.lastIndex = 0
  let n = 0
  while (n <= limit && WORD.test(s)) n++
  return n
}

/** The font size most body text is set in, weighted by characters. */
export function bodyFontSize(pages: CleanPage[]): number {
  const weight = new Map<number, number>()
  for (const p of pages)
    for (const l of p.lines) {
      const size = Math.round(l.fontSize * 2) / 2
      weight.set(size, (weight.get(size) ?? 0) + (l.end - l.start))
    }
  let best = 0
  let bestW = -1
  for (const [s, w] of weight) if (w > bestW) [best, bestW] = [s, w]
  return best
}

// At body size only multi-level numbers ("2.5 Search paths") count: "1. The current directory" is a
// numbered list item, and treating it as a heading split lists into tiny sections.
const NUMBERED_HEADING = /^(\d+(\.\d+){1,4}\.?|[A-Z]\.\d+(\.\d+)*|Chapter \d+[.:]?|Appendix [A-Z][.:]?)\s+\S/

/** A run of leader dots (". . . ." or "....", as OCR often reads them), as in a table of contents. */
const LEADER = /(\.\s?){3,}/
/** A table-of-contents entry: leader dots before the page number at the end. */
const CONTENTS_ENTRY = /(\.\s?){3,}\s*[\divxlc]+$/i
/** A line opening with a section number ("2.4 Configuring", "A.12 QAndASet", "6 Programming"). */
const OPENS_WITH_NUMBER = /^(\d+(\.\d+)*\.?|[A-Z]\.\d+(\.\d+)*)\s+\S/
/** A line ending in a page number after a word ("glossary.numbered 72"). */
const ENDS_WITH_PAGE_NUMBER = /[\p{L})]\S*\s+(\d{1,4}|[ivxlc]{1,6})$/iu

function isHeadingLine(text: string, line: Pick<PageLine, 'fontSize' | 'confidence'>, body: number): boolean {
  const t = text.trim()
  if (t.length < 2 || t.length > 100 || !/[A-Za-z]/.test(t)) return false
  if (/[.,;:]$/.test(t) && !/^\d/.test(t)) return false
  // An OCR line the app would flag as low confidence is a formula, a figure or a misreading: as a
  // heading it would split its section and name the passages after it.
  if (line.confidence !== undefined && line.confidence < LOW_OCR_CONFIDENCE) return false
  if (body > 0 && line.fontSize >= body * 1.12) return true
  return NUMBERED_HEADING.test(t) && t.split(/\s+/).length <= 12 && !/[.;]$/.test(t)
}

const isContentsLine = (t: string) =>
  LEADER.test(t) || OPENS_WITH_NUMBER.test(t) || ENDS_WITH_PAGE_NUMBER.test(t)

/**
 * A table of contents (or a list of figures): most of the page's lines with words open with a
 * section number, end with a page number or carry leader dots, and some carry leader dots. On a
 * scan the leader dots and page numbers are often lost or read apart from their entry, which then
 * looks like a numbered heading ("2.4 Configuring"): 20 such lines on one page cut it into
 * sections of a line each. Leader dots tell a contents page from a code listing with line numbers
 * or an index, whose real headings stay.
 */
function isContentsPage(texts: string[]): boolean {
  const worded = texts.filter((t) => /\p{L}{2}/u.test(t))
  return (
    worded.length >= 8 &&
    worded.filter((t) => LEADER.test(t)).length >= 3 &&
    worded.filter(isContentsLine).length >= worded.length * 0.5
  )
}

/**
 * Which of a page's lines are headings (each starts a section), against the body font size.
 *
 * Contents entries are told apart on OCR pages only. On a text layer the leader dots keep an
 * entry over the 100-character limit, and the few short entries left (chapter lines) moved 7 of
 * the 226 pool questions by one rank either way (MRR 0.717 -> 0.716) when they stopped being
 * headings, so text layers keep the rule they were tuned with.
 */
export function pageHeadings(page: CleanPage, body: number): boolean[] {
  const texts = page.lines.map((l) => page.text.slice(l.start, l.end).trim())
  const ocr = page.lines.some((l) => l.confidence !== undefined)
  const contents = ocr && isContentsPage(texts)
  return page.lines.map(
    (l, i) =>
      // A structured document's lines say what they are (Word, HTML, Markdown headings).
      (l.kind !== undefined
        ? l.kind === 'heading' && /\p{L}|\d/u.test(texts[i]!)
        : isHeadingLine(texts[i]!, l, body)) &&
      !(ocr && (CONTENTS_ENTRY.test(texts[i]!) || (contents && isContentsLine(texts[i]!)))),
  )
}

/** The lines chunking treats as headings (each starts a section), as the chunker sees them. */
export function headingLines(pages: CleanPage[]): { page: number; text: string; fontSize: number }[] {
  const body = bodyFontSize(pages)
  return pages.flatMap((p) => {
    const heads = pageHeadings(p, body)
    return p.lines
      .filter((_, i) => heads[i])
      .map((l) => ({ page: p.pageNo, text: p.text.slice(l.start, l.end).trim(), fontSize: l.fontSize }))
  })
}

/**
 * Turns pages into sentence units with page offsets, one page at a time, tracking the heading path
 * (a stack by font size) so every chunk knows the section it came from. Headings are judged
 * against `body`, the document's body font size.
 */
class UnitReader {
  private readonly headingStack: { size: number; text: string }[] = []

  constructor(
    private readonly maxWords: number,
    public body: number,
  ) {}

  private headingPath(): string | null {
    return this.headingStack.length ? this.headingStack.map((h) => h.text).join(HEADING_PATH_SEPARATOR) : null
  }

  page(page: CleanPage, tables: readonly Table[] = []): Unit[] {
    const units: Unit[] = []
    // The lines inside a table's span are read as the table, once, where its first line is.
    const spans = tables
      .map((table) => ({ table, at: tableSpanOn(table, page.pageNo) }))
      .filter((t): t is { table: Table; at: { start: number; end: number } } => t.at !== null)
    const pending = new Set(spans)
    const lineLens = page.lines.map((l) => l.end - l.start).sort((a, b) => a - b)
    const typical = lineLens[Math.floor(lineLens.length * 0.75)] ?? 0
    let para: { start: number; end: number; row: boolean } | null = null
    const flush = () => {
      if (para)
        units.push(...paragraphUnits(page, para.start, para.end, this.headingPath(), this.maxWords, para.row))
      para = null
    }
    const heads = pageHeadings(page, this.body)
    for (const [i, line] of page.lines.entries()) {
      const text = page.text.slice(line.start, line.end)
      const inTable = spans.length
        ? spans.find((t) => line.start >= t.at.start && line.start < t.at.end)
        : undefined
      if (inTable) {
        if (pending.delete(inTable)) {
          flush()
          if (inTable.table.inline)
            units.push(...inlineTableUnits(inTable.table, page.pageNo, inTable.at, this.headingPath()))
          else
            units.push({
              page: page.pageNo,
              ...inTable.at,
              words: 0,
              text: '',
              paraEnd: true,
              heading: this.headingPath(),
              table: inTable.table,
            })
        }
        continue
      }
      if (heads[i]) {
        flush()
        const size = line.fontSize
        const stack = this.headingStack
        while (stack.length && stack.at(-1)!.size <= size + 0.1) stack.pop()
        stack.push({ size, text: text.trim().replace(/\s+/g, ' ') })
        if (stack.length > 3) stack.shift()
        units.push({
          page: page.pageNo,
          start: line.start,
          end: line.end,
          words: countWords(text),
          text: text.trim(),
          paraEnd: true,
          heading: this.headingPath(),
          isHeading: true,
        })
        continue
      }
      // A table row of a structured document stays whole up to a chunk's limit: its cells mean
      // something only beside its first (the row's label).
      if (!para)
        para = {
          start: line.start,
          end: line.end,
          row: line.kind === 'table-row',
        }
      else para.end = line.end
      // A structured document's line is a whole block; elsewhere a short line ending a sentence
      // closes the paragraph.
      if (line.kind !== undefined) flush()
      else if (/[.!?:]["')]?$/.test(text.trim()) && line.end - line.start < typical * 0.8) flush()
    }
    flush()
    return units
  }
}

/** One paragraph's sentences (text/sentences.ts, the rule answers use too) as located units. */
function paragraphUnits(
  page: CleanPage,
  start: number,
  end: number,
  heading: string | null,
  maxWords: number,
  /** A table row of a structured document: one unit up to a chunk's limit, never cut into sentences. */
  row = false,
): Unit[] {
  const text = page.text.slice(start, end)
  const out: Unit[] = []
  let last = 0
  const cut = (to: number, paraEnd: boolean) => {
    const raw = text.slice(last, to)
    const lead = raw.length - raw.trimStart().length
    const s = raw.trim()
    if (s.length > 0) {
      const uStart = start + last + lead
      for (const u of splitLong(
        page.pageNo,
        uStart,
        s,
        paraEnd,
        heading,
        maxWords,
        row ? maxWords : LONG_UNIT_WORDS,
      ))
        out.push(u)
    }
    last = to
  }
  if (!row) for (const end of sentenceBreaks(text)) cut(end, false)
  cut(text.length, true)
  return out
}

const LONG_UNIT_WORDS = 60

/** White space other than single spaces between words. */
const LOOSE_SPACE = /\s\s|[^\S ]/

/** Runs of white space as one space; most sentences have none to change and are kept as they are. */
const singleSpaced = (s: string) => (LOOSE_SPACE.test(s) ? s.replace(/\s+/g, ' ') : s)

/**
 * Over-long sentences (tables, code, run-on reference text) are cut into word windows, never
 * longer than a whole chunk may be.
 */
function splitLong(
  page: number,
  start: number,
  s: string,
  paraEnd: boolean,
  heading: string | null,
  maxWords: number,
  longUnit = LONG_UNIT_WORDS,
): Unit[] {
  const window = Math.min(longUnit, maxWords)
  const count = countWords(s, window)
  if (count <= window) {
    return [
      {
        page,
        start,
        end: start + s.length,
        words: count,
        text: singleSpaced(s),
        paraEnd,
        heading,
      },
    ]
  }
  const words = [...s.matchAll(/\S+/g)]
  const out: Unit[] = []
  for (let i = 0; i < words.length; i += window) {
    const a = words[i]!.index
    const lastWord = words[Math.min(words.length, i + window) - 1]!
    const b = lastWord.index + lastWord[0].length
    const piece = s.slice(a, b)
    out.push({
      page,
      start: start + a,
      end: start + b,
      words: countWords(piece),
      text: singleSpaced(piece),
      paraEnd: paraEnd && i + window >= words.length,
      heading,
    })
  }
  return out
}

/**
 * An inline table (Table.inline) as units: its caption and header lines as one, then each body row
 * as a whole paragraph of its own (a Markdown row), so chunks break between rows and never inside
 * one; the Chunker opens every chunk holding a row with the head unit.
 */
function inlineTableUnits(
  t: Table,
  page: number,
  at: { start: number; end: number },
  heading: string | null,
): Unit[] {
  const lines = [captionLine(t), ...headerLines(t)].filter((l): l is string => l !== null)
  const body = t.body.filter((r) => r.cells.some((c) => c.text))
  const rowsHere = body.map((r) => r.span).filter((s): s is PageSpan => s?.page === page)
  // The head stands for the table's characters above its first row (caption, header).
  const headEnd = rowsHere.length ? Math.min(...rowsHere.map((s) => s.start)) : at.end
  const headText = lines.join('\n')
  const head: Unit = {
    page,
    start: at.start,
    end: Math.max(at.start, headEnd),
    words: tableWords(headText),
    text: headText,
    paraEnd: true,
    heading,
    tableHead: true,
  }
  const rows = body.map((r, k): Unit => {
    const last = k === body.length - 1 && t.notes.length > 0
    const text = last ? `${bodyLine(r)}\n${t.notes.join('\n')}` : bodyLine(r)
    const span = r.span?.page === page ? r.span : { page, start: at.start, end: at.start }
    return {
      page,
      start: span.start,
      end: last ? at.end : span.end,
      words: tableWords(text),
      text,
      paraEnd: true,
      heading,
      head,
    }
  })
  return headText ? [head, ...rows] : rows
}

/** A table cited by its cells (a sheet's): its passages always stand apart, each citing its rows. */
const citedByCells = (t: Table) => t.body.some((r) => r.cells.some((c) => c.place?.kind === 'sheet'))

/** A table's passages as chunks, each covering its rows' characters on their pages. */
function tableChunks(firstOrd: number, u: Unit, passages: TablePassage[]): ChunkedPassage[] {
  const table = u.table!
  return passages.map((p, i) => {
    const spans = new Map<number, PageSpan>()
    for (const r of p.rows) {
      const at = r.span ?? { page: u.page, start: u.start, end: u.end }
      const s = spans.get(at.page)
      if (s) {
        s.start = Math.min(s.start, at.start)
        s.end = Math.max(s.end, at.end)
      } else spans.set(at.page, { ...at })
    }
    const pages = [...spans.keys()]
    return {
      ord: firstOrd + i,
      heading: u.heading,
      text: p.text,
      pageStart: Math.min(...pages),
      pageEnd: Math.max(...pages),
      spans: [...spans.values()],
      table: { caption: table.caption, rows: p.rows },
    }
  })
}

function makeChunk(ord: number, units: Unit[]): Chunk {
  const spans = new Map<number, PageSpan>()
  for (const u of units) {
    const s = spans.get(u.page)
    if (s) {
      s.start = Math.min(s.start, u.start)
      s.end = Math.max(s.end, u.end)
    } else spans.set(u.page, { page: u.page, start: u.start, end: u.end })
  }
  let text = ''
  units.forEach((u, i) => {
    if (i > 0) text += units[i - 1]!.paraEnd ? '\n' : ' '
    text += u.text
  })
  const pages = [...spans.keys()]
  return {
    ord,
    heading: units[0]!.heading,
    text,
    pageStart: Math.min(...pages),
    pageEnd: Math.max(...pages),
    spans: [...spans.values()],
  }
}

/**
 * Structure-aware chunking: sentences are packed into chunks that prefer to end at paragraph
 * ends and always start fresh at a heading; consecutive chunks overlap by whole sentences.
 * Every chunk records the pages it covers and its character range on each page.
 *
 * Pages go in one at a time, in order; each call returns the chunks that closed on that page
 * (a closed chunk never changes), and `finish` returns the last one. `body` (the document's body
 * font size, for telling headings) may be a guess that is corrected between pages: import streams
 * draft chunks to the embedder this way while a document is still being read (draft-chunks.ts).
 */
export class Chunker {
  private readonly units: UnitReader
  private readonly chunks: ChunkedPassage[] = []
  private current: Unit[] = []
  private words = 0
  /** Units in `current` that are not overlap from the previous chunk. */
  private fresh = 0
  private prev: Unit | null = null
  /** How each page added so far prints the words its text folds (printed-words.ts). */
  private readonly printed = new Map<number, PrintedForms | null>()
  /** The same for the whole document so far: a heading path's sections began on earlier pages. */
  private readonly printedSoFar: PrintedForms = { forms: new Map(), differs: false }
  /** Each heading as first given back (printedHeading). */
  private readonly printedHeadings = new Map<string, string>()

  constructor(
    body: number,
    private readonly options: ChunkOptions = DEFAULT_CHUNK_OPTIONS,
  ) {
    validateChunkOptions(options)
    this.units = new UnitReader(options.maxWords, body)
  }

  set body(size: number) {
    this.units.body = size
  }

  /**
   * Adds the next page. `tables` are the tables laid into its text (tables/table-model.ts): each
   * becomes passages of whole rows under its header, and its lines are not read as text.
   */
  addPage(page: CleanPage, tables: readonly Table[] = []): ChunkedPassage[] {
    const before = this.chunks.length
    const { options } = this
    const forms = printedForms(page)
    this.printed.set(page.pageNo, forms)
    mergePrintedForms(this.printedSoFar, forms)
    for (let u of this.units.page(page, tables)) {
      if (u.table) {
        const passages = tablePassages(u.table, options)
        if (passages.length === 0) continue
        // A table of a document that fits one passage reads on with the text around it, whole and
        // under its header: the paragraph that introduces it often names what it is about.
        if (passages.length > 1 || citedByCells(u.table)) {
          // Its passages stand apart: text before it closes, and none of it is carried over. Headings
          // alone are no passage: they name the table's passages (their heading path).
          if (this.current.every((c) => c.isHeading)) this.fresh = 0
          this.close(false)
          this.dropCarry()
          this.push(...tableChunks(this.chunks.length, u, passages))
          this.prev = u
          continue
        }
        u = { ...u, text: passages[0]!.text, words: passages[0]!.words }
        delete u.table
      }
      const startsSection = this.prev !== null && u.heading !== this.prev.heading
      // A new section starts a new chunk, unless what came before is too short to stand alone.
      // When the last chunk closed just before the heading, all that is left is its overlap, from
      // the section before: carried on, it would open the new section's chunk under the old
      // heading and join that text to a topic it is not about.
      if (startsSection && this.fresh === 0) this.dropCarry()
      else if (startsSection && this.words >= 25) this.close(false)
      if (this.words + u.words > options.maxWords) this.close(true)
      // The carried overlap plus this unit can still exceed the hard limit: give up overlap first.
      while (this.words + u.words > options.maxWords && this.current.length > 0)
        this.words -= this.current.shift()!.words
      // Rows of a table carried over as overlap go on only before more rows of their table: before
      // other text they would open the chunk as rows without their header.
      if (this.fresh === 0 && this.current.some((c) => c.head && c.head !== u.head))
        this.keepCarried((c) => !(c.head && c.head !== u.head) && !(c.tableHead && c !== u.head))
      // A row of an inline table opening a chunk brings its table's caption and header along,
      // before any of its rows carried over as overlap.
      if (u.head && !this.current.includes(u.head)) {
        while (this.words + u.words + u.head.words > options.maxWords && this.current.length > 0)
          this.words -= this.current.shift()!.words
        const at = this.current.findIndex((x) => x.head === u.head)
        this.current.splice(at >= 0 ? at : this.current.length, 0, u.head)
        this.words += u.head.words
      }
      this.current.push(u)
      this.words += u.words
      this.fresh++
      // A table's caption and header never end a chunk: they go with its first row.
      if (this.words >= options.targetWords && u.paraEnd && !u.tableHead) this.close(true)
      this.prev = u
    }
    return this.chunks.slice(before)
  }

  /**
   * Ends the current chunk here, with no overlap into the next: the text after is another unit a
   * citation names on its own (a slide, an e-book chapter). Returns the chunk it closed, if any.
   */
  endSection(): ChunkedPassage[] {
    const before = this.chunks.length
    this.close(false)
    this.dropCarry()
    this.prev = null
    return this.chunks.slice(before)
  }

  /** The chunks so far, the last one closed. */
  finish(): ChunkedPassage[] {
    this.close(false)
    return this.chunks
  }

  /** Closed chunks, in the words their pages print; headings in the words the document prints. */
  private push(...chunks: ChunkedPassage[]): void {
    for (const c of chunks) {
      const pages = []
      for (let n = c.pageStart; n <= c.pageEnd; n++) pages.push(this.printed.get(n))
      this.chunks.push({ ...c, heading: this.printedHeading(c.heading), text: restorePrinted(c.text, pages) })
    }
  }

  /** Each heading of the path as first given back, so a section is named alike wherever it recurs. */
  private printedHeading(path: string | null): string | null {
    if (path === null) return null
    return path
      .split(HEADING_PATH_SEPARATOR)
      .map((heading) => {
        let printed = this.printedHeadings.get(heading)
        if (printed === undefined) {
          printed = restorePrinted(heading, [this.printedSoFar])
          this.printedHeadings.set(heading, printed)
        }
        return printed
      })
      .join(HEADING_PATH_SEPARATOR)
  }

  private dropCarry(): void {
    this.current = []
    this.words = 0
  }

  private keepCarried(keep: (u: Unit) => boolean): void {
    this.current = this.current.filter(keep)
    this.words = this.current.reduce((n, u) => n + u.words, 0)
  }

  private close(withOverlap: boolean): void {
    if (this.fresh === 0) return
    let current = this.current
    // A table's caption and header closing the chunk (the next row did not fit) move on to the
    // next chunk with that row, rather than end this one without any of their rows.
    const heads: Unit[] = []
    while (current.length > 1 && current.at(-1)!.tableHead && this.fresh > heads.length + 1) {
      heads.unshift(current.at(-1)!)
      current = current.slice(0, -1)
    }
    this.push(makeChunk(this.chunks.length, current))
    const carry: Unit[] = []
    if (withOverlap) {
      let w = 0
      for (let i = current.length - 1; i >= 0; i--) {
        const u = current[i]!
        if (w + u.words > this.options.overlapWords || u.heading !== current.at(-1)!.heading) break
        carry.unshift(u)
        w += u.words
      }
      if (carry.length === current.length) carry.shift()
    }
    carry.push(...heads)
    this.current = carry
    this.words = carry.reduce((n, u) => n + u.words, 0)
    this.fresh = 0
  }
}

/**
 * Chunks a whole document (see Chunker), with its body font size taken from all its pages.
 * `tablesOn` gives the tables laid into a page's text (none by default).
 */
export function chunkPages(
  pages: CleanPage[],
  options: ChunkOptions = DEFAULT_CHUNK_OPTIONS,
  tablesOn: (pageNo: number) => readonly Table[] = () => [],
): ChunkedPassage[] {
  const chunker = new Chunker(bodyFontSize(pages), options)
  for (const p of pages) chunker.addPage(p, tablesOn(p.pageNo))
  return chunker.finish()
}

/** The section heading is embedded with the chunk: it is often the only place the topic is named. */
export function embeddingText(heading: string | null, text: string): string {
  const h = ownHeading(heading)
  return h && !opensWithOwnHeading(heading, text) ? `${h}\n${text}` : text
}
