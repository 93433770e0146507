// Program output printed as a table often draws its rules with characters, without a frame:
// columns of `|` between groups of columns and a line of dashes under the header (btt's
// "DEV | #Q #D Ratio | BLKmin ..." over "---------- | ------- ----- ----- | ------"). Read by
// aligned whitespace, each bar became a column of its own and the dashes a row, so the rows read
// "| ( 68, 64) | \| | 2262311 | \| | …" under a first row of dashes. The bars and dashes carry no
// content: they go, and a line of dashes under the first row makes it the header. A framed grid
// (`+---+`) is read as one by char-grid.ts; this is for bars and dashes alone.
import type { PdfTableRow } from './table-model.js'

const BAR = /^[|¦│‖]+$/
/** A cell drawn as part of a rule line: dashes or equals signs, maybe crossed by bars or pluses. */
const RULE_CELL = /^[-=_+|:─━═]*[-=─━═]{3}[-=_+|:─━═]*$/

/** Every cell of the column that holds anything is a bar, and some do. */
function barColumn(rows: readonly PdfTableRow[], c: number): boolean {
  let bars = 0
  for (const r of rows) {
    const t = r.cells[c]?.text.trim() ?? ''
    if (!t) continue
    if (!BAR.test(t.replace(/\s+/g, ''))) return false
    bars++
  }
  return bars >= 2
}

/** A row that is a line of dashes: every cell that holds anything is one, and most cells do. */
function ruleRow(r: PdfTableRow): boolean {
  const filled = r.cells.map((c) => c.text.replace(/\s+/g, '')).filter(Boolean)
  return filled.length * 2 >= r.cells.length && filled.every((t) => RULE_CELL.test(t))
}

/**
 * The rows without the columns of bars and the lines of dashes drawn between them. `ruledHeader`:
 * the first row had a line of dashes under it, so it is the table's header.
 */
export function withoutDrawnRules(rows: PdfTableRow[]): { rows: PdfTableRow[]; ruledHeader: boolean } {
  const n = rows[0]?.cells.length ?? 0
  const keep = [...Array(n).keys()].filter((c) => !barColumn(rows, c))
  const cut = keep.length < n ? rows.map((r) => ({ ...r, cells: keep.map((c) => r.cells[c]!) })) : rows
  const ruledHeader = cut.length > 2 && !ruleRow(cut[0]!) && ruleRow(cut[1]!)
  let kept = cut.filter((r) => !ruleRow(r))
  if (kept.length === cut.length && keep.length === n) return { rows, ruledHeader: false }
  // A column its dashes alone filled under a header (hmmer's "Description" over hits without one)
  // holds nothing to read.
  if (ruledHeader) {
    const filled = (c: number) => kept.slice(1).some((r) => r.cells[c]!.text.trim())
    const cols = [...Array(keep.length).keys()].filter(filled)
    if (cols.length < keep.length) kept = kept.map((r) => ({ ...r, cells: cols.map((c) => r.cells[c]!) }))
  }
  return { rows: kept, ruledHeader }
}
