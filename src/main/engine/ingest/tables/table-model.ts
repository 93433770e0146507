import type { PageSpan } from '@shared/library-types.js'

// One model of a table for every source Quire reads tables from: a table found on a PDF page, a
// sheet of a workbook, a CSV file, a table in a Word, OpenDocument or HTML document. Readers build
// a RawTable as the source states it (cells that span columns or rows, as in HTML and in merged
// spreadsheet cells) and buildTable resolves it into a Table, a rectangular grid in which every
// row reads on its own: chunking (table-passages.ts) repeats the header with every group of rows.

/** Where a cell is in its source. */
export type CellPlace =
  /** A box on a PDF page, in the page's points with the origin at the top left: [x0, y0, x1, y1]. */
  | { kind: 'page'; page: number; box: [number, number, number, number] }
  /** A cell of a spreadsheet, in A1 notation ("B12"); a CSV file's sheet is its name. */
  | { kind: 'sheet'; sheet: string; ref: string }

export interface TableCell {
  /** The cell's text as its source displays it (a spreadsheet's number format applied). */
  text: string
  place?: CellPlace
}

export interface TableRow {
  cells: TableCell[]
  /**
   * The row's characters in the stored text of its page or section (set where the table is laid
   * into text): what a citation of the row highlights.
   */
  span?: PageSpan
}

/** How a table that a page or section break cuts in two continues. */
export interface TableContinuation {
  /** These rows continue a table that began before (on an earlier page or section). */
  fromPrevious: boolean
  /** The table goes on after these rows. */
  onNext: boolean
}

export interface Table {
  /** "Table 3: Supported color models", or the sheet's name; null when it has none. */
  caption: string | null
  /**
   * Header rows, outermost first, each as wide as the table: a cell spanning columns is repeated
   * in each column it spans. Empty when the table has no header row.
   */
  header: TableRow[]
  /** Body rows, each as wide as the table; a cell spanning rows is repeated in each. */
  body: TableRow[]
  /** Notes under the table ("Source: …", footnotes to its cells). */
  notes: string[]
  continuation?: TableContinuation
  /**
   * The table's characters in the stored text of its page or section, caption, header and notes
   * included: chunking reads them as this table and not as lines of text. Absent: the extent of
   * its rows' spans.
   */
  span?: PageSpan
  /**
   * Its rows are read in the flow of the text around them (a table found on a PDF page): each
   * chunk that holds one of its rows opens with its caption and header, and the text introducing
   * it (the sentence before, a printout's call) shares a chunk with its first rows. Absent: the
   * table's passages stand apart from the text.
   */
  inline?: boolean
}

/** A cell as a source states it, before spans are resolved. */
export interface RawCell extends TableCell {
  colSpan?: number
  rowSpan?: number
}

export interface RawRow {
  cells: RawCell[]
  span?: PageSpan
}

export interface RawTable {
  caption?: string | null
  header?: RawRow[]
  body: RawRow[]
  notes?: string[]
  continuation?: TableContinuation
  span?: PageSpan
  inline?: boolean
}

/** Spans larger than this are a damaged or hostile document, not a table: they are cut to it. */
const MAX_SPAN = 1000

const cleanText = (s: string) => s.replace(/\s+/g, ' ').trim()

/**
 * Lays rows with spanning cells into a grid (the HTML table model): a cell spanning rows takes its
 * columns in the rows below, which place their own cells after it. Returns each row's cells.
 */
function resolveGrid(rows: RawRow[], width: number): TableCell[][] {
  const grid: (TableCell | undefined)[][] = rows.map(() => [])
  rows.forEach((row, r) => {
    let col = 0
    for (const cell of row.cells) {
      while (grid[r]![col] !== undefined) col++
      const cs = Math.max(1, Math.min(MAX_SPAN, Math.floor(cell.colSpan ?? 1)))
      const rs = Math.max(1, Math.min(MAX_SPAN, Math.floor(cell.rowSpan ?? 1)))
      const resolved: TableCell = { text: cleanText(cell.text), ...(cell.place ? { place: cell.place } : {}) }
      for (let dr = 0; dr < rs && r + dr < rows.length; dr++)
        for (let dc = 0; dc < cs; dc++) grid[r + dr]![col + dc] ??= resolved
      col += cs
    }
  })
  return grid.map((cells) =>
    Array.from({ length: Math.max(width, cells.length) }, (_, i) => cells[i] ?? { text: '' }),
  )
}

/** The number of columns a row states (its cells' spans added up). */
const rowWidth = (row: RawRow) =>
  row.cells.reduce((n, c) => n + Math.max(1, Math.min(MAX_SPAN, c.colSpan ?? 1)), 0)

/** Resolves a table as a source states it into the model: spans laid out, every row as wide as the table. */
export function buildTable(raw: RawTable): Table {
  const header = raw.header ?? []
  const width = Math.max(0, ...[...header, ...raw.body].map(rowWidth))
  // Header and body are laid out apart: a cell spanning rows from the header into the body
  // belongs to the header only.
  const rows = (raw: RawRow[]) =>
    resolveGrid(raw, width).map((cells, i): TableRow => {
      const span = raw[i]!.span
      return { cells, ...(span ? { span } : {}) }
    })
  const table: Table = {
    caption: raw.caption ? cleanText(raw.caption) || null : null,
    header: rows(header),
    body: rows(raw.body),
    notes: (raw.notes ?? []).map(cleanText).filter(Boolean),
  }
  if (raw.continuation) table.continuation = raw.continuation
  if (raw.span) table.span = raw.span
  if (raw.inline) table.inline = true
  return table
}

/** The table's width in columns. */
export const tableWidth = (t: Table) => Math.max(0, ...[...t.header, ...t.body].map((r) => r.cells.length))

/**
 * Each column's name from the header rows, outermost first, joined with " / " ("2023 / Revenue");
 * a spanning cell repeated down a column is said once. Empty strings when there is no header.
 */
export function columnNames(t: Table): string[] {
  return Array.from({ length: tableWidth(t) }, (_, col) => {
    const parts: string[] = []
    for (const row of t.header) {
      const text = row.cells[col]?.text ?? ''
      if (text && parts.at(-1) !== text) parts.push(text)
    }
    return parts.join(' / ')
  })
}

/**
 * The table's characters on one page (or section) of stored text: its own span when it states
 * one, else the extent of its rows' spans on that page; null when it has none there.
 */
export function tableSpanOn(t: Table, page: number): { start: number; end: number } | null {
  if (t.span) return t.span.page === page ? t.span : null
  let start = Infinity
  let end = -Infinity
  for (const r of [...t.header, ...t.body]) {
    if (r.span?.page !== page) continue
    start = Math.min(start, r.span.start)
    end = Math.max(end, r.span.end)
  }
  return start <= end ? { start, end } : null
}

/** A table of plain rows of cell texts (ODT, Markdown), its first `headerRows` rows its header. */
export function plainTable(rows: string[][], headerRows: number, caption: string | null = null): Table {
  const raw = rows.map((cells) => ({ cells: cells.map((text) => ({ text })) }))
  return buildTable({ caption, header: raw.slice(0, headerRows), body: raw.slice(headerRows) })
}
