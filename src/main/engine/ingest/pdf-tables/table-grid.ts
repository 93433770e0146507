import { unionBox, type Box } from './geometry.js'
import type { PageWord } from './page-words.js'
import type { PdfTableCell, PdfTableRow } from './table-model.js'

// Words of a table region → rows × columns, given where the columns part (x separators) and,
// for a ruled table, where the rules between rows are.

export interface GridInput {
  words: PageWord[]
  /** x positions between columns, ascending: n separators make n + 1 columns. */
  separators: number[]
  /** y positions of horizontal rules inside the region (any order). */
  rules?: number[]
  /** Lines (page line indices) that are header lines: never merged into a body row. */
  headerLines?: Set<number>
  /**
   * Lines the run took as a cell wrapped below its row (text-tables.ts wrappedCellLine): each
   * continues the row above, however many of them the table has.
   */
  wrapped?: ReadonlySet<number>
  /**
   * The table is bounded by rules (a frame or booktabs): a line whose first column is empty
   * continues the row above, however sparse that column, when it fills one column (a wrapped
   * cell) or a column the row has left empty so far (cells set lower, formulas over several
   * lines: msm's Table 1, a distribution's name once and its density over six lines). A line
   * that fills again the columns the row has filled is a row of its own under a key spanning
   * rows (MetaPost's Table 5: `format` over `rgba`, `rgb`; JAGS's `Logical operators`).
   */
  ruled?: boolean
}

function columnOf(x: number, separators: number[]): number {
  let c = 0
  while (c < separators.length && x > separators[c]!) c++
  return c
}

function cellOf(words: PageWord[]): PdfTableCell {
  if (words.length === 0) return { text: '', box: null, start: 0, end: 0 }
  // In text order; a cell's words mostly are already, and are then not copied and sorted.
  let sorted = words
  for (let k = 1; k < words.length; k++)
    if (!(words[k]!.start >= words[k - 1]!.start)) {
      sorted = [...words].sort((a, b) => a.start - b.start)
      break
    }
  const start = sorted[0]!.start
  const end = sorted.at(-1)!.end
  // Words are joined as the page text joins them ("M" and a subscript "d" stay "Md"); the lines of
  // a wrapped cell by a space.
  let text = sorted[0]!.text
  for (let k = 1; k < sorted.length; k++) {
    const touching = sorted[k]!.start === sorted[k - 1]!.end
    text += (touching ? '' : ' ') + sorted[k]!.text
  }
  text = text.replace(/\s+/g, ' ').trim()
  return { text, box: unionBox(sorted.map((w) => w.box)), start, end, words: sorted }
}

interface LineCells {
  line: number
  y: number
  cols: PageWord[][]
}

/**
 * The column of a header word: the one its box overlaps most; a word between columns belongs to
 * the column on its right (printouts right-align a header over its column, and a header longer
 * than the column's values reaches left into the gap).
 */
function headerColumn(w: PageWord, extents: [number, number][], separators: number[]): number {
  const a = w.box.x
  const b = w.box.x + w.box.w
  let best = -1
  let bestOverlap = 0
  extents.forEach(([x0, x1], c) => {
    const o = Math.min(b, x1) - Math.max(a, x0)
    if (o > bestOverlap) [best, bestOverlap] = [c, o]
  })
  if (best >= 0) return best
  const right = extents.findIndex(([x0]) => x0 >= b)
  return right >= 0 ? right : columnOf(a + w.box.w / 2, separators)
}

/**
 * The columns of the last header line's words (sorted left to right), each by headerColumn, but
 * for a word over the gap between two columns that follows a word close to its left (a typeset
 * word space, or in the same text item) and is followed by none so close: it ends a name set over
 * the column on its left ("In situ" over a column of counts was read "In | situ Control"). A printout's name right-aligned over its column
 * ("Std. Error") has its next word close after the gap and still goes right. Pieces the page text
 * joins without a space ("μ", ")", "/σ" of "(T − μ)/σ") are one word.
 */
function lastHeaderColumns(sorted: PageWord[], extents: [number, number][], separators: number[]): number[] {
  const units: PageWord[][] = []
  for (const w of sorted) {
    const last = units.at(-1)?.at(-1)
    if (last && w.start === last.end) units.at(-1)!.push(w)
    else units.push([w])
  }
  const words = units.map(phraseWord)
  // Close: a typeset word space apart, or in one text item (whose words' boxes are shares of its
  // width by characters, so the space between them is only as wide as an average character).
  const close = (i: number, j: number) =>
    units[i]!.at(-1)!.item === units[j]![0]!.item ||
    (words[j]!.box.x - (words[i]!.box.x + words[i]!.box.w)) / Math.max(1, words[j]!.box.h) < WORD_SPACE
  const cols: number[] = []
  words.forEach((w, i) => {
    const inGap = !extents.some(([x0, x1]) => Math.min(w.box.x + w.box.w, x1) > Math.max(w.box.x, x0))
    cols.push(
      inGap && i > 0 && close(i - 1, i) && !(i + 1 < words.length && close(i, i + 1))
        ? cols[i - 1]!
        : headerColumn(w, extents, separators),
    )
  })
  return units.flatMap((u, i) => u.map(() => cols[i]!))
}

/**
 * A typeset word space is at most this (in ems of the words' height); a monospaced printout's one
 * space is 0.6 em, and a name right-aligned over its column there is not joined to the left.
 */
const WORD_SPACE = 0.45

/** Words closer than this (in ems of their height) are one phrase of a spanning header. */
const PHRASE_GAP = 0.6

/**
 * An upper header line's words grouped into phrases: a header spanning columns keeps its words a
 * word space apart ("Least—Most bitter" over five columns). The last header line is read word by
 * word: a printout's header ("Estimate Std. Error z value") puts one space between its columns.
 */
function phrases(ws: PageWord[]): PageWord[][] {
  const sorted = [...ws].sort((a, b) => a.box.x - b.box.x)
  const out: PageWord[][] = []
  for (const w of sorted) {
    const last = out.at(-1)?.at(-1)
    if (last && w.box.x - (last.box.x + last.box.w) < PHRASE_GAP * Math.max(1, w.box.h)) out.at(-1)!.push(w)
    else out.push([w])
  }
  return out
}

function phraseWord(ws: PageWord[]): PageWord {
  return { ...ws[0]!, box: unionBox(ws.map((w) => w.box)) }
}

function lineCells(words: PageWord[], separators: number[], header: Set<number>): LineCells[] {
  const byLine = new Map<number, PageWord[]>()
  for (const w of words) {
    const on = byLine.get(w.line)
    if (on) on.push(w)
    else byLine.set(w.line, [w])
  }
  const lastHeader = Math.max(-1, ...header)
  const extents: [number, number][] = Array.from({ length: separators.length + 1 }, () => [
    Infinity,
    -Infinity,
  ])
  for (const w of words) {
    if (header.has(w.line)) continue
    const e = extents[columnOf(w.box.x + w.box.w / 2, separators)]!
    e[0] = Math.min(e[0], w.box.x)
    e[1] = Math.max(e[1], w.box.x + w.box.w)
  }
  return [...byLine.entries()]
    .map(([line, ws]) => {
      const cols: PageWord[][] = Array.from({ length: separators.length + 1 }, () => [])
      if (header.has(line) && line !== lastHeader) {
        for (const phrase of phrases(ws))
          cols[headerColumn(phraseWord(phrase), extents, separators)]!.push(...phrase)
      } else if (header.has(line)) {
        const sorted = [...ws].sort((a, b) => a.box.x - b.box.x)
        lastHeaderColumns(sorted, extents, separators).forEach((c, i) => cols[c]!.push(sorted[i]!))
      } else for (const w of ws) cols[columnOf(w.box.x + w.box.w / 2, separators)]!.push(w)
      return { line, y: Math.max(...ws.map((w) => w.box.y)), cols }
    })
    .sort((a, b) => a.line - b.line)
}

function toRow(parts: LineCells[]): PdfTableRow {
  const n = parts[0]!.cols.length
  const cells: PdfTableCell[] = []
  for (let c = 0; c < n; c++)
    cells.push(cellOf(parts.length === 1 ? parts[0]!.cols[c]! : parts.flatMap((p) => p.cols[c]!)))
  const filled = cells.filter((c) => c.box)
  return {
    cells,
    box: unionBox(filled.map((c) => c.box!)),
    start: Math.min(...filled.map((c) => c.start)),
    end: Math.max(...filled.map((c) => c.end)),
  }
}

/** The one column a line or lines fill, or -1 (none, or several). */
function onlyColumn(parts: LineCells[]): number {
  let only = -1
  for (const p of parts)
    for (let c = 0; c < p.cols.length; c++) {
      if (p.cols[c]!.length === 0) continue
      if (only !== -1 && only !== c) return -1
      only = c
    }
  return only
}

/**
 * A line that goes on with a cell set in a box of its own (LaTeX's \parbox, a p{} column): the page
 * text follows the content stream, which gives such a cell's lines one after the other before the
 * rest of its row ("tfastx36/", "tfasty36", then "tblastn  Compare a protein…" on the first one's
 * baseline; fasta36's Table 1). So a row that so far fills one column, and a next line that fills
 * that column alone, are one cell when a later line (after `lines[at]`) fills the row's other
 * columns on the row's first baseline: without that, lines filling one column each are rows of their own (a
 * contents page, a column of code).
 */
function wrapsOwnCell(row: LineCells[], lines: LineCells[], at: number): boolean {
  const c = onlyColumn(row)
  if (c === -1 || onlyColumn([lines[at]!]) !== c) return false
  const first = row[0]!
  const height = Math.max(...first.cols[c]!.map((w) => w.box.h))
  for (let k = at + 1; k < lines.length; k++) {
    const l = lines[k]!
    if (Math.abs(l.y - first.y) <= BASELINE_SLACK * height && l.cols[c]!.length === 0) return true
  }
  return false
}

/** Two lines whose baselines differ by at most this (in ems of the words' height) are printed as one. */
const BASELINE_SLACK = 0.2

/**
 * The bands between two rules whose every line is a record of its own: each names its row in the
 * first column and fills another beside it. A table ruled into groups of rows sets several
 * records between two rules (a regression table's `N`, `RMSE`, `R2` lines under one rule; yosys's
 * const-folding rules three to a group); read as one row, each cell would hold a column of the
 * group's values, and no row would read "RMSE 6.121 5.205". A wrapped row's later lines leave the
 * first column empty (or fill it alone), so its band stays one row.
 */
function bandsOfRecords(lines: LineCells[], bandOf: (y: number) => number): Set<number> {
  const byBand = new Map<number, LineCells[]>()
  for (const l of lines) {
    const b = bandOf(l.y)
    const on = byBand.get(b)
    if (on) on.push(l)
    else byBand.set(b, [l])
  }
  const out = new Set<number>()
  for (const [band, ls] of byBand)
    if (ls.length >= 2 && ls.every((l) => l.cols[0]!.length > 0 && l.cols.slice(1).some((c) => c.length > 0)))
      out.add(band)
  return out
}

/**
 * Rows of the table. Between rules, each rule-bounded band is a row when rules part most rows;
 * otherwise each line is a row, and a line whose first column is empty (while the first column is
 * mostly filled) continues the row above: a cell wrapped onto a second line.
 */
export function gridRows(input: GridInput): PdfTableRow[] {
  const header = input.headerLines ?? new Set<number>()
  const lines = lineCells(input.words, input.separators, header)
  if (lines.length === 0) return []
  const rules = [...(input.rules ?? [])].sort((a, b) => b - a)
  const bandOf = (y: number) => rules.filter((r) => r > y).length
  const bodyLines = lines.filter((l) => !header.has(l.line))
  const bands = new Set(bodyLines.map((l) => bandOf(l.y)))
  const banded = bands.size >= 3 && bands.size >= bodyLines.length * 0.4
  const firstFilled = bodyLines.filter((l) => l.cols[0]!.length > 0).length
  const recordBands = banded ? bandsOfRecords(bodyLines, bandOf) : new Set<number>()
  const groups: LineCells[][] = []
  for (const [i, l] of lines.entries()) {
    const prev = groups.at(-1)
    const prevLine = prev?.at(-1)
    const sameHeaderness = prevLine !== undefined && header.has(prevLine.line) === header.has(l.line)
    let join = false
    if (prev && sameHeaderness && !header.has(l.line)) {
      if (banded) join = bandOf(l.y) === bandOf(prevLine!.y) && !recordBands.has(bandOf(l.y))
      else if (wrapsOwnCell(prev, lines, i) || input.wrapped?.has(l.line)) join = true
      else if (input.ruled && l.cols[0]!.length === 0 && firstFilled >= 2) {
        const filled = l.cols.flatMap((c, i) => (c.length > 0 ? [i] : []))
        join = filled.length === 1 || filled.some((i) => prev!.every((p) => p.cols[i]!.length === 0))
      } else
        join =
          l.cols[0]!.length === 0 &&
          firstFilled >= bodyLines.length * 0.6 &&
          l.cols.filter((c) => c.length > 0).length <= Math.max(1, Math.floor(l.cols.length / 2))
    }
    if (join) prev!.push(l)
    else groups.push([l])
  }
  return groups.map((g) => toRow(g))
}

/**
 * Header cells that span columns: a header line's word reaching over a separator into a column
 * whose header cell is empty names that column too (a spanning or multi-level header).
 */
export function spreadHeaderSpans(rows: PdfTableRow[], headerRows: number): void {
  const n = rows[0]?.cells.length ?? 0
  // Each column's middle, from the body cells in it.
  const middles = Array.from({ length: n }, (_, d) => {
    const xs = rows
      .slice(headerRows)
      .map((r) => r.cells[d]!.box)
      .filter((b): b is Box => b !== null)
      .map((b) => b.x + b.w / 2)
    return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN
  })
  for (const row of rows.slice(0, headerRows)) {
    const original = row.cells.map((c) => c)
    for (let c = 0; c < n; c++) {
      const cell = original[c]!
      if (!cell.box) continue
      const left = cell.box.x - SPAN_SLACK
      const right = cell.box.x + cell.box.w + SPAN_SLACK
      // It names column d too when it reaches over that column's middle.
      for (let d = 0; d < n; d++)
        if (d !== c && !row.cells[d]!.box && middles[d]! >= left && middles[d]! <= right)
          row.cells[d] = { ...cell }
    }
  }
}

/** How far (points) a spanning header may stop short of a column's middle and still span it. */
const SPAN_SLACK = 3

export function boxOfRows(rows: PdfTableRow[]): Box {
  return unionBox(rows.map((r) => r.box))
}

/** Two columns whose cells are always both filled and a word space apart are one ("State 1"). */
const TIGHT_GAP = 0.7

function joinCells(a: PdfTableCell, b: PdfTableCell): PdfTableCell {
  if (!a.box) return b
  if (!b.box) return a
  // A header spread over both columns (spreadHeaderSpans) is one cell of the page, named once
  // ("Platforms", not "Platforms Platforms").
  if (a.start === b.start && a.end === b.end) return a
  // Read again from the words of both: "With an argument, assemble" over "the package that the
  // cell defines." with `assemble` past every other row's end joins as the lines read.
  if (a.words && b.words) return cellOf([...a.words, ...b.words])
  return {
    text: `${a.text} ${b.text}`,
    box: unionBox([a.box, b.box]),
    start: Math.min(a.start, b.start),
    end: Math.max(a.end, b.end),
  }
}

/**
 * Joins neighbouring columns that are really one: in every body row both are filled or both are
 * empty, the gap between them is never more than a word space, and the left one is the same word
 * throughout. A printout's row labels ("State 1", "State 2") leave such a gap, always in the same
 * place, which no row crosses.
 */
export function joinTightColumns(rows: PdfTableRow[], headerRows: number, em: number): PdfTableRow[] {
  let out = rows
  for (let c = 0; c + 1 < (out[0]?.cells.length ?? 0);) {
    const body = out.slice(headerRows)
    const tight =
      body.length > 0 &&
      body.every((r) => {
        const a = r.cells[c]!.box
        const b = r.cells[c + 1]!.box
        if (!a && !b) return true
        if (!a || !b) return false
        return b.x - (a.x + a.w) < TIGHT_GAP * em
      }) &&
      body.some((r) => r.cells[c]!.box) &&
      // The left one repeats one word in every row, as a label's first word does ("State");
      // neighbouring numbers one space apart are separate columns.
      new Set(body.map((r) => r.cells[c]!.text)).size === 1 &&
      /^\p{L}+$/u.test(body[0]!.cells[c]!.text)
    if (!tight) {
      c++
      continue
    }
    out = out.map((r) => ({
      ...r,
      cells: [...r.cells.slice(0, c), joinCells(r.cells[c]!, r.cells[c + 1]!), ...r.cells.slice(c + 2)],
    }))
  }
  return out
}

/**
 * Joins into its left neighbour a column that few rows fill and that sits a word space from the
 * cell before it wherever it is filled: the last words of a long cell, past every other row's end,
 * leave a gap no row crosses without being a column ("steps taken so | far").
 */
export function joinStrayColumns(rows: PdfTableRow[], em: number): PdfTableRow[] {
  let out = rows
  for (let c = (out[0]?.cells.length ?? 0) - 1; c >= 1; c--) {
    const filled = out.filter((r) => r.cells[c]!.box)
    const stray =
      filled.length < Math.max(2, out.length * 0.3) &&
      filled.every((r) => {
        const a = r.cells[c - 1]!.box
        const b = r.cells[c]!.box!
        return a !== null && b.x - (a.x + a.w) < TIGHT_GAP * em
      })
    if (!stray) continue
    out = out.map((r) => ({
      ...r,
      cells: [...r.cells.slice(0, c - 1), joinCells(r.cells[c - 1]!, r.cells[c]!), ...r.cells.slice(c + 1)],
    }))
  }
  return out
}

/** A value's interval or standard error printed after it: "(0.4377,0.6514)", "[1.2, 3.4]". */
const PARENTHETICAL = /^[([].*[)\]]$/

/**
 * Joins into its left neighbour a column that holds only parenthesised values, each a word space
 * from the value before it: a printout's estimate and its confidence interval ("0.56356
 * (0.4377,0.6514)") are one cell, though the interval's place is a gap in the rows above.
 */
export function joinParentheticalColumns(rows: PdfTableRow[], headerRows: number, em: number): PdfTableRow[] {
  let out = rows
  for (let c = (out[0]?.cells.length ?? 0) - 1; c >= 1; c--) {
    const filled = out.slice(headerRows).filter((r) => r.cells[c]!.box)
    const parenthetical =
      filled.length > 0 &&
      filled.every((r) => {
        const a = r.cells[c - 1]!.box
        const b = r.cells[c]!.box!
        return PARENTHETICAL.test(r.cells[c]!.text) && a !== null && b.x - (a.x + a.w) < TIGHT_GAP * em
      }) &&
      out.slice(0, headerRows).every((r) => !r.cells[c]!.box)
    if (!parenthetical) continue
    out = out.map((r) => ({
      ...r,
      cells: [...r.cells.slice(0, c - 1), joinCells(r.cells[c - 1]!, r.cells[c]!), ...r.cells.slice(c + 1)],
    }))
  }
  return out
}

/**
 * Joins into its right neighbour a column filled only in the header, whose header word sits a word
 * space from the next header word: a printout right-aligns a header of two words ("Point
 * Forecast") over one column of values, and the space inside it is a gap no body row crosses.
 */
export function joinHeaderWords(rows: PdfTableRow[], headerRows: number, em: number): PdfTableRow[] {
  if (headerRows === 0 || rows.length <= headerRows) return rows
  let out = rows
  for (let c = (out[0]?.cells.length ?? 0) - 2; c >= 0; c--) {
    const headerOnly =
      out.slice(headerRows).every((r) => !r.cells[c]!.box) &&
      out.slice(0, headerRows).every((r) => {
        const a = r.cells[c]!.box
        const b = r.cells[c + 1]!.box
        return !a || (b !== null && b.x - (a.x + a.w) < TIGHT_GAP * em)
      }) &&
      out.slice(0, headerRows).some((r) => r.cells[c]!.box)
    if (!headerOnly) continue
    out = out.map((r) => ({
      ...r,
      cells: [...r.cells.slice(0, c), joinCells(r.cells[c]!, r.cells[c + 1]!), ...r.cells.slice(c + 2)],
    }))
  }
  return out
}
