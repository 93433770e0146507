import type { CleanPage } from '../../store/page-records.js'
import {
  findCharGridTables,
  mayHoldCharGrid,
  type CharGridTable,
  type GridCell,
} from '../tables/char-grid.js'
import { unionBox, type Box } from './geometry.js'
import type { PdfTableCell, PdfTableRow } from './table-model.js'

// A PDF's text layer gives items at positions, not columns of characters. For a table drawn with
// characters (tables/char-grid.ts) the page's lines are rebuilt as character grids: every glyph of
// a monospaced font advances by one width, so an item's column is its distance from the block's
// left edge in advances. A line is rebuilt only when every item on it has that one advance per
// character and falls on a column within a third of a character; then the grid parser reads it.

/** A table drawn with characters on a page, in page lines and page text. */
export interface PageCharGrid {
  rows: PdfTableRow[]
  headerRows: number
  /** Page lines of the table, borders included. */
  lines: number[]
  /** The page line of its title ("Descriptives"), if it has one. */
  title: number | null
}

/** An item's advance per character may differ from the line's by this share (rounding in the PDF). */
const ADVANCE_TOLERANCE = 0.03
/** An item must start this close to a character column (in advances). */
const COLUMN_TOLERANCE = 0.35

interface GridLine {
  /** Page line index. */
  line: number
  advance: number
  /** x of the line's first item. */
  x0: number
  /** Each item's column from x0, its start in the page text, its text with gaps widened back. */
  items: { col: number; start: number; text: string; gap: { at: number; extra: number } | null }[]
  y: number
  h: number
}

/**
 * A glyph the monospaced font lacks, set from another font at its own width (PSPP's "×" in
 * "occupation × sex", half as wide again as a column): one character standing alone as an item,
 * not one advance wide. It still takes one column of the grid.
 */
const isFallbackGlyph = (chars: number, advances: number) =>
  chars === 1 && Math.abs(advances - 1) > ADVANCE_TOLERANCE && advances > 0.5 && advances < 2.5

/** A page line as monospaced items, or null when its items are not of one fixed advance. */
function monoLine(page: CleanPage, line: number, items: CleanPage['items']): GridLine | null {
  const inked = items.filter((it) => /\S/.test(page.text.slice(it.start, it.end)))
  if (inked.length === 0) return null
  const perChar = (it: CleanPage['items'][number]) => it.w / (it.end - it.start)
  const words = inked.filter((it) => it.end - it.start >= 2)
  const advance = Math.min(...(words.length ? words : inked).map(perChar))
  if (!(advance > 0)) return null
  const fallback = inked.filter((it) => isFallbackGlyph(it.end - it.start, perChar(it) / advance))
  const out: GridLine['items'] = []
  const x0 = inked[0]!.x
  // How much wider than one column the fallback glyphs so far were set: the items after them
  // stand that much further right than their columns.
  let excess = 0
  for (const it of inked) {
    const text = page.text.slice(it.start, it.end)
    if (fallback.includes(it)) {
      const col = (it.x - x0 - excess) / advance
      out.push({ col, start: it.start, text, gap: null })
      excess += it.w - advance
      continue
    }
    const chars = Math.round(it.w / advance)
    if (Math.abs(it.w / advance - chars) > COLUMN_TOLERANCE) return null
    // pdf.js writes one space for a gap of several characters inside an item: widen it back when
    // there is only one place it can be.
    let spread = text
    let gap: GridLine['items'][number]['gap'] = null
    if (chars !== text.length) {
      const gaps = [...text.matchAll(/ +/g)]
      if (chars < text.length || gaps.length !== 1) return null
      gap = { at: gaps[0]!.index, extra: chars - text.length }
      spread = text.slice(0, gap.at) + ' '.repeat(gap.extra) + text.slice(gap.at)
    }
    if (Math.abs(it.w / spread.length - advance) > advance * ADVANCE_TOLERANCE) return null
    out.push({ col: (it.x - x0 - excess) / advance, start: it.start, text: spread, gap })
  }
  return {
    line,
    advance,
    x0,
    items: out,
    y: Math.min(...inked.map((it) => it.y)),
    h: Math.max(...inked.map((it) => it.h)),
  }
}

/** The character grid of consecutive monospaced lines of one advance, and where each character is. */
interface Block {
  lines: GridLine[]
  x0: number
  advance: number
  texts: string[]
  /** Per line, per column: the character's offset in the page text, or -1 for a filled blank. */
  offsets: number[][]
}

function blockOf(lines: GridLine[]): Block | null {
  const advance = lines[0]!.advance
  const x0 = Math.min(...lines.map((l) => l.x0))
  const texts: string[] = []
  const offsets: number[][] = []
  for (const l of lines) {
    let text = ''
    const offs: number[] = []
    for (const it of l.items) {
      const exact = (l.x0 - x0) / advance + it.col
      const col = Math.round(exact)
      if (Math.abs(exact - col) > COLUMN_TOLERANCE || col < text.length) return null
      while (text.length < col) {
        text += ' '
        offs.push(-1)
      }
      // A widened gap has no characters of its own in the page text: the item's stored
      // characters after it are `extra` places earlier.
      for (let k = 0; k < it.text.length; k++) {
        const ch = it.text[k]!
        text += ch
        const stored = it.gap && k >= it.gap.at + it.gap.extra ? k - it.gap.extra : k
        offs.push(ch === ' ' ? -1 : it.start + stored)
      }
    }
    texts.push(text)
    offsets.push(offs)
  }
  return { lines, x0, advance, texts, offsets }
}

/** Runs of consecutive page lines that are monospaced with one advance and font size. */
function monoRuns(page: CleanPage): GridLine[][] {
  const runs: GridLine[][] = []
  let run: GridLine[] = []
  const byLine: CleanPage['items'][] = page.lines.map(() => [])
  let line = 0
  for (const it of page.items) {
    while (line < page.lines.length - 1 && page.lines[line]!.end < it.start) line++
    byLine[line]!.push(it)
  }
  for (let i = 0; i < page.lines.length; i++) {
    const l = page.lines[i]!
    const g = monoLine(page, i, byLine[i]!)
    const prev = run.at(-1)
    const same =
      g !== null &&
      prev !== undefined &&
      Math.abs(g.advance - prev.advance) <= prev.advance * ADVANCE_TOLERANCE &&
      Math.abs(l.fontSize - page.lines[prev.line]!.fontSize) <= 0.5
    if (!same) {
      if (run.length >= 3) runs.push(run)
      run = []
    }
    if (g) run.push(g)
  }
  if (run.length >= 3) runs.push(run)
  return runs
}

/** Lines at the top of a page where the rest of a table from the page before may start. */
const TOP_LINES = 2

/** Do the page's first lines hold bars, as the rows of a table cut by the page break do? */
function topBars(page: CleanPage): boolean {
  const l = page.lines[Math.min(TOP_LINES, page.lines.length - 1)]!
  return page.text.slice(0, l.end).includes('|')
}

/** The tables drawn with characters on a page. */
export function pageCharGrids(page: CleanPage): PageCharGrid[] {
  // Most pages draw none: a border or a rule (or, at the top of the page, the bars of a table
  // going on from the page before) must be in the text before anything is rebuilt.
  if (!/\+[-=]{3}|-{3}\+/.test(page.text) && !topBars(page)) return []
  const found: PageCharGrid[] = []
  for (const run of monoRuns(page)) {
    const block = blockOf(run)
    if (!block) continue
    // A table cut by the page break goes on at the top of this page without its header.
    const top = block.lines[0]!.line <= TOP_LINES ? 0 : undefined
    if (top === undefined && !mayHoldCharGrid(block.texts)) continue
    for (const t of findCharGridTables(block.texts, { continuesAt: top })) found.push(onPage(t, block, page))
  }
  return found
}

function onPage(t: CharGridTable, block: Block, page: CleanPage): PageCharGrid {
  const lineNo = (i: number) => block.lines[i]!.line
  const cellOf = (c: GridCell): PdfTableCell => {
    const boxes: Box[] = []
    let start = Infinity
    let end = -Infinity
    for (const p of c.pieces) {
      const l = block.lines[p.line]!
      boxes.push({ x: block.x0 + p.from * block.advance, y: l.y, w: (p.to - p.from) * block.advance, h: l.h })
      const offs = block.offsets[p.line]!.slice(p.from, p.to).filter((o) => o >= 0)
      if (offs.length === 0) continue
      start = Math.min(start, offs[0]!)
      end = Math.max(end, offs.at(-1)! + 1)
    }
    if (!c.text || boxes.length === 0 || start > end) return { text: c.text, box: null, start: 0, end: 0 }
    return { text: c.text, box: unionBox(boxes), start, end }
  }
  const rows = t.rows.map((r): PdfTableRow => {
    const cells = r.cells.map(cellOf)
    const lineBoxes = Array.from({ length: r.lines.last - r.lines.first + 1 }, (_, k) => {
      const l = block.lines[r.lines.first + k]!
      return { x: block.x0, y: l.y, w: block.texts[r.lines.first + k]!.length * block.advance, h: l.h }
    })
    return {
      cells,
      box: unionBox(lineBoxes),
      start: page.lines[lineNo(r.lines.first)]!.start,
      end: page.lines[lineNo(r.lines.last)]!.end,
    }
  })
  const lines: number[] = []
  for (let i = t.lines.first; i <= t.lines.last; i++) lines.push(lineNo(i))
  return { rows, headerRows: t.headerRows, lines, title: t.title === null ? null : lineNo(t.title) }
}
