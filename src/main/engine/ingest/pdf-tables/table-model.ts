import type { Box } from './geometry.js'
import type { PageWord } from './page-words.js'

// A table found on a PDF page. Every cell keeps its character range in the page's stored text, so
// a passage built from the table can be highlighted row by row and cell by cell in the viewer.

export interface PdfTableCell {
  text: string
  /** The cell's words on the page; null for an empty cell. */
  box: Box | null
  /** Character range of the cell's words in the page text; start === end for an empty cell. */
  start: number
  end: number
  /**
   * The cell's words in text order, kept while the table is assembled: a cell joined with its
   * neighbour (table-grid.ts joinCells) is read again from both cells' words, so the lines of two
   * wrapped cells stay in reading order.
   */
  words?: readonly PageWord[]
}

export interface PdfTableRow {
  cells: PdfTableCell[]
  box: Box
  start: number
  end: number
  /** A header row carried over from the table's first part on an earlier page: not on this page. */
  carried?: boolean
}

export interface PdfTable {
  page: number
  box: Box
  /**
   * How it was found: ruled cells (lines), columns of aligned words (text), or a grid drawn with
   * characters in a monospaced font (characters: `+---+`, `|`).
   */
  strategy: 'lines' | 'text' | 'characters'
  /** Rows that are headers, first in `rows`. */
  headerRows: number
  /** Every row has one cell per column. */
  rows: PdfTableRow[]
  /** "Table 3: …", or the label line a printout's table follows ("Coefficients:"). */
  caption: { text: string; start: number; end: number } | null
  /** Lines under the table that explain it ("Note: …", "a …"), in page text. */
  notes: string[]
  /** Page lines (CleanPage.lines indices) the table, its caption and notes occupy. */
  lines: { first: number; last: number }
  /** The table continues the last table of the previous page (its header and caption carry over). */
  continued?: boolean
  /** The table goes on at the top of the next page. */
  continuesOnNext?: boolean
}
