import { QuireError } from '@shared/errors.js'
import { buildTable, type RawCell, type RawRow, type Table } from '../../tables/table-model.js'
import { columnLetters } from '../../tables/cell-refs.js'

// A sheet as its cells (what the XLSX, ODS and CSV readers give) → its tables. A sheet holds one
// table or several, one under the other with empty rows between; a title line above a table is
// its caption, and its first row or rows are a header when they read as one (text over numbers).

/** A cell's displayed text, and whether the sheet stores it as a number (a date is one too). */
export interface SheetValue {
  text: string
  numeric: boolean
}

export interface SheetRow {
  /** The row's number on the sheet, from 1. */
  n: number
  /** Cells by column, from 0 (A); holes are empty cells. */
  cells: (SheetValue | undefined)[]
}

/** Merged cells: rows from 1, columns from 0, both ends included. */
export interface MergedRange {
  r0: number
  c0: number
  r1: number
  c1: number
}

/** How a workbook reader (.xlsx, .ods) is stopped and reports its progress. */
export interface SheetReadOptions {
  signal?: AbortSignal
  onSheet?: (done: number, total: number) => void
  /** Rows read so far and expected in all, every thousand rows and once at the end (read-progress.ts). */
  onRows?: (rows: number, expected: number) => void
}

export interface SheetGrid {
  name: string
  /** The rows that hold something, in order. */
  rows: SheetRow[]
  merges: MergedRange[]
}

/**
 * Rows read from one workbook or file at most. A sheet of a million rows would take a long time to
 * embed and a lot of memory to hold; reading stops here with a specific error that says what to do.
 */
export const MAX_SHEET_ROWS = 100_000

/** The error for a workbook or file past MAX_SHEET_ROWS: what happened and what to do. */
export function tooManyRows(name: string, where: string): QuireError {
  return new QuireError(
    'DOC_TOO_LARGE',
    `${name} has more than ${MAX_SHEET_ROWS.toLocaleString('en-US')} rows (${where}); Quire reads spreadsheets and delimited files up to that many. Save the rows you need as a smaller file (or split it into several) and import that.`,
  )
}

/**
 * Filled cells read from one workbook or file at most: 100,000 rows of 20 columns. A wide sheet
 * (hundreds of columns) reaches it with fewer rows; each cell is held with its place until chunked.
 */
export const MAX_SHEET_CELLS = 2_000_000

/** The error for a workbook or file past MAX_SHEET_CELLS. */
export function tooManyCells(name: string, where: string): QuireError {
  return new QuireError(
    'DOC_TOO_LARGE',
    `${name} has more than ${MAX_SHEET_CELLS.toLocaleString('en-US')} filled cells (${where}); Quire reads spreadsheets and delimited files up to that many. Save the rows and columns you need as a smaller file (or split it into several) and import that.`,
  )
}

/** Counts rows against MAX_SHEET_ROWS, and their filled cells against MAX_SHEET_CELLS, as a reader reads them. */
export class RowBudget {
  private rows = 0
  private cells = 0
  constructor(private readonly name: string) {}

  take(where: () => string, cells = 0): void {
    if (++this.rows > MAX_SHEET_ROWS) throw tooManyRows(this.name, where())
    this.cells += cells
    if (this.cells > MAX_SHEET_CELLS) throw tooManyCells(this.name, where())
  }
}

/** Filled cells of a row. */
export const filledCells = (row: SheetRow) => row.cells.reduce((n, c) => (c ? n + 1 : n), 0)

const isFilled = (v: SheetValue | undefined): v is SheetValue => v !== undefined && v.text.trim() !== ''

type Kind = 'int' | 'num' | 'text'

function kindOf(v: SheetValue): Kind {
  const t = v.text.trim()
  if (/^[-+]?\d+$/.test(t)) return 'int'
  if (v.numeric || /^[-+(]?[$€£¥]?\s?[\d,]*\.?\d+(e[-+]?\d+)?\)?\s?%?$/i.test(t)) return 'num'
  return 'text'
}

/**
 * How much a row reads as the header of the rows below it, column by column: text over numbers,
 * a whole number (a year) over decimals, or a text of another length than a column of equally long
 * codes, count for it; a number over numbers counts against (csv.Sniffer's rule, by column).
 */
function headerScore(row: SheetRow, below: SheetRow[]): number {
  let score = 0
  const width = Math.max(row.cells.length, ...below.map((r) => r.cells.length))
  for (let c = 0; c < width; c++) {
    const under = below.map((r) => r.cells[c]).filter(isFilled)
    const head = row.cells[c]
    if (under.length === 0 || !isFilled(head)) continue
    const counts = { int: 0, num: 0, text: 0 }
    for (const v of under) counts[kindOf(v)]++
    const body: Kind = counts.text >= counts.int + counts.num ? 'text' : counts.num > 0 ? 'num' : 'int'
    const h = kindOf(head)
    if (h === 'text' && body !== 'text') score++
    else if (h === 'int' && body === 'num') score++
    else if (h !== 'text' && body !== 'text') score--
    else if (h === 'text' && body === 'text' && under.length >= 2) {
      const len = under[0]!.text.trim().length
      if (under.every((v) => v.text.trim().length === len) && head.text.trim().length !== len) score++
    }
  }
  return score
}

/**
 * Header rows at the top of a block of rows: 0 to 3. `spanning` holds the rows where a merged
 * cell spans columns: such a cell in a table's first row is a header over the columns it spans.
 */
function headerRows(rows: SheetRow[], spanning: Set<number>): number {
  const probe = (i: number) => rows.slice(i + 1, i + 21)
  if (rows.length < 2) return 0
  const first = rows[0]!
  const filled = first.cells.filter(isFilled)
  const score = headerScore(first, probe(0))
  const allText = filled.every((v) => kindOf(v) === 'text')
  const distinct = new Set(filled.map((v) => v.text.trim())).size === filled.length
  // A first row of distinct names over rows of text alone reads as a header too.
  const named = score === 0 && allText && distinct && filled.length >= 2
  if (!(score > 0 || named || spanning.has(first.n))) return 0
  let n = 1
  // A header of several levels: more rows of names only, over rows that are not.
  while (n < 3 && rows.length > n + 1) {
    const row = rows[n]!
    if (!row.cells.filter(isFilled).every((v) => kindOf(v) === 'text') || headerScore(row, probe(n)) <= 0)
      break
    n++
  }
  return n
}

interface Block {
  rows: SheetRow[]
  c0: number
  c1: number
}

/** Rows in runs without an empty row between them. */
function blocksOf(grid: SheetGrid): Block[] {
  const blocks: Block[] = []
  for (const row of grid.rows) {
    const cols = row.cells.flatMap((v, c) => (isFilled(v) ? [c] : []))
    if (cols.length === 0) continue
    const last = blocks.at(-1)
    const prevRow = last?.rows.at(-1)
    if (last && prevRow && row.n === prevRow.n + 1) {
      last.rows.push(row)
      last.c0 = Math.min(last.c0, cols[0]!)
      last.c1 = Math.max(last.c1, cols.at(-1)!)
    } else blocks.push({ rows: [row], c0: cols[0]!, c1: cols.at(-1)! })
  }
  return blocks
}

/** A row of a single text cell, in a block or over one, is a title: the next table's caption. */
const titleOf = (row: SheetRow | undefined) => {
  const filled = row?.cells.filter(isFilled) ?? []
  return filled.length === 1 && kindOf(filled[0]!) === 'text' ? filled[0]!.text.trim() : null
}

/** The merged range whose top left cell is (n, c), and the merge each other merged cell is under. */
function mergeIndex(merges: MergedRange[]) {
  const tops = new Map<string, MergedRange>()
  const covered = new Map<string, MergedRange>()
  for (const m of merges) {
    // A merge over whole columns or rows is formatting, not a header: only modest ones are laid out.
    if ((m.r1 - m.r0 + 1) * (m.c1 - m.c0 + 1) > 10_000) continue
    tops.set(`${m.r0}:${m.c0}`, m)
    for (let r = m.r0; r <= m.r1; r++)
      for (let c = m.c0; c <= m.c1; c++) if (r !== m.r0 || c !== m.c0) covered.set(`${r}:${c}`, m)
  }
  return { tops, covered }
}

/** A sheet's tables, each captioned with the sheet's name (and the title line above it, if any). */
export function sheetTables(grid: SheetGrid): Table[] {
  const { tops, covered } = mergeIndex(grid.merges)
  const spanning = new Set(grid.merges.filter((m) => m.c1 > m.c0).map((m) => m.r0))
  const tables: { raw: { caption: string; header: RawRow[]; body: RawRow[] }; c0: number; c1: number }[] = []
  let title: string | null = null
  for (const block of blocksOf(grid)) {
    let rows = block.rows
    // A title line alone, or a title line atop a table: the caption of what follows.
    if (rows.length === 1 && titleOf(rows[0]) !== null && block.c0 === block.c1) {
      title = titleOf(rows[0])
      continue
    }
    if (rows.length > 2 && titleOf(rows[0]) !== null && rows[1]!.cells.filter(isFilled).length > 1) {
      title = titleOf(rows[0])
      rows = rows.slice(1)
    }
    /** A row's cells; `lo`–`hi` are the rows of its part (header or body), which merges keep to. */
    const toRaw = (row: SheetRow, lo: number, hi: number): RawRow => {
      const cells: RawCell[] = []
      for (let c = block.c0; c <= Math.max(block.c0, Math.min(block.c1, row.cells.length - 1)); c++) {
        const under = covered.get(`${row.n}:${c}`)
        // Under a merge of its part, the merged cell takes this place; under one from the header, it is empty.
        if (under && under.r0 >= lo && under.c0 >= block.c0) continue
        const m = tops.get(`${row.n}:${c}`)
        const cell: RawCell = {
          text: under ? '' : (row.cells[c]?.text ?? ''),
          place: { kind: 'sheet', sheet: grid.name, ref: `${columnLetters(c)}${row.n}` },
        }
        if (m) {
          cell.colSpan = Math.min(m.c1, block.c1) - c + 1
          cell.rowSpan = Math.min(m.r1, hi) - row.n + 1
        }
        cells.push(cell)
      }
      return { cells }
    }
    const header = headerRows(rows, spanning)
    const head = rows.slice(0, header)
    const body = rows.slice(header)
    const part = (rs: SheetRow[]) => rs.map((r) => toRaw(r, rs[0]!.n, rs.at(-1)!.n))
    const prev = tables.at(-1)
    // Rows after an empty row that have no header of their own and sit in the same columns go on
    // with the table above (a blank line inside a table is spacing, not a new table).
    if (header === 0 && title === null && prev && block.c0 >= prev.c0 && block.c1 <= prev.c1) {
      prev.raw.body.push(...part(rows))
      continue
    }
    tables.push({
      raw: {
        // Without a header row the passages say so: a model then knows the columns are unnamed.
        caption: `${title ? `${grid.name}: ${title}` : grid.name}${header === 0 ? ' (no header row)' : ''}`,
        header: head.length ? part(head) : [],
        body: body.length ? part(body) : [],
      },
      c0: block.c0,
      c1: block.c1,
    })
    title = null
  }
  return tables.map((t) => buildTable(t.raw))
}
