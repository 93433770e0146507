// Tables printed as records side by side: a narrow table of two or three columns set two, three or
// four times across the page to save space, its header repeated over each copy ("Extension |
// Language | Extension | Language | Extension | Language", doxygen's file extensions; "Language |
// Locale" four times, biber's locale map; memoir's and siunitx's symbol tables). Read line by line,
// each row holds three or four unrelated records (".hpp | C | .py | Python"), so a row under its
// header says nothing whole, and the passage that answers "which language is .inc?" holds the
// right cells beside others'. Such a table is one table of the group's columns, its records in the
// order they are printed, line by line: a passage then holds the same printed lines as before, each
// record a row of its own. (Read down each copy in turn instead, the way a multicolumn list is
// filled, records printed on one line fell into passages far apart, and eval/tables-fresh4-set lost
// a comparison of two extensions printed side by side: MRR@10 0.584 → 0.552.)
import { unionBox } from './geometry.js'
import type { PdfTable, PdfTableCell, PdfTableRow } from './table-model.js'

/** A cell that reads as a figure: a header row holds names, not numbers. */
const FIGURE = /^[-+−]?[\d.,]+%?$/

const norm = (s: string) => s.trim().toLowerCase()

/**
 * The width of the group a row repeats ("A | B | A | B" → 2), when it repeats a group of at least
 * two cells, not all alike, at least twice across the whole row; 0 otherwise.
 */
export function repeatedGroup(cells: readonly string[]): number {
  const n = cells.length
  for (let k = 2; k <= n / 2; k++) {
    if (n % k !== 0) continue
    const group = cells.slice(0, k).map(norm)
    if (group.some((c) => !c) || new Set(group).size < 2) continue
    if (cells.every((c, i) => norm(c) === group[i % k])) return k
  }
  return 0
}

/** The header row that shows the repetition: the table's last header row, or a first row of names. */
function groupWidth(t: PdfTable): { width: number; headerRows: number } {
  const header = t.rows.slice(0, t.headerRows)
  if (header.length > 0) {
    const width = repeatedGroup(header.at(-1)!.cells.map((c) => c.text))
    const all = width > 0 && header.every((r) => repeatsWith(r, width))
    return { width: all ? width : 0, headerRows: t.headerRows }
  }
  // No header found: names over words rather than figures are not taken for a header elsewhere
  // (detect-tables.ts); a first row that repeats a group of names is one.
  const first = t.rows[0]
  if (!first || first.carried || first.cells.some((c) => FIGURE.test(c.text.trim())))
    return { width: 0, headerRows: 0 }
  const width = repeatedGroup(first.cells.map((c) => c.text))
  return { width, headerRows: width > 0 ? 1 : 0 }
}

/** A header row above the last one repeats with the same width (or spans the whole table alike). */
function repeatsWith(row: PdfTableRow, width: number): boolean {
  const texts = row.cells.map((c) => norm(c.text))
  return texts.every((c, i) => c === texts[i % width])
}

function slice(row: PdfTableRow, from: number, width: number): PdfTableRow | null {
  const cells: PdfTableCell[] = row.cells.slice(from, from + width)
  const filled = cells.filter((c) => c.box)
  if (filled.length === 0) return null
  return {
    cells,
    box: unionBox(filled.map((c) => c.box!)),
    start: Math.min(...filled.map((c) => c.start)),
    end: Math.max(...filled.map((c) => c.end)),
    ...(row.carried ? { carried: true } : {}),
  }
}

/**
 * The table with records set side by side read as one table of the group's columns: the header of
 * the first copy, then each printed line's records, left to right. Any other table as it is.
 */
export function unfoldSideBySide(t: PdfTable): PdfTable {
  const { width, headerRows } = groupWidth(t)
  if (width === 0) return t
  const copies = t.rows[0]!.cells.length / width
  const header = t.rows.slice(0, headerRows).flatMap((r) => slice(r, 0, width) ?? [])
  const body: PdfTableRow[] = []
  for (const r of t.rows.slice(headerRows))
    for (let g = 0; g < copies; g++) {
      const record = slice(r, g * width, width)
      if (record) body.push(record)
    }
  return { ...t, rows: [...header, ...body], headerRows: header.length }
}
