import { buildTable, type RawRow, type Table } from '../tables/table-model.js'

// An HTML <table> (from an HTML file, an EPUB chapter, or HTML inside Markdown) as the table
// model: its <caption>, header rows (<thead>, or leading rows of <th> cells only), body
// rows, and cells spanning columns or rows (colspan, rowspan). A table used to lay out a page
// (tables inside it, or headings, lists or code in its cells) is no table of data: null, and its
// content is read as text.

interface El {
  localName?: string
  textContent: string | null
  children: ArrayLike<El>
  getAttribute(name: string): string | null
}

const LAYOUT = new Set(['table', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'pre', 'blockquote'])

const text = (el: El) => (el.textContent ?? '').replace(/\s+/g, ' ').trim()
const name = (el: El) => el.localName?.toLowerCase() ?? ''
const childrenOf = (el: El) => Array.from(el.children)
/**
 * Whether an element holds a table, heading, list, code or quote. Walked by hand: a selector is
 * compiled again on every call, and every cell of every table is asked.
 */
function holdsLayout(el: El): boolean {
  for (const c of childrenOf(el)) if (LAYOUT.has(name(c)) || holdsLayout(c)) return true
  return false
}
const span = (el: El, attr: string) => {
  const n = Number(el.getAttribute(attr) ?? 1)
  return Number.isFinite(n) && n >= 1 ? Math.floor(n) : 1
}

/** A first row of names: every cell filled, none a number, no two the same. */
export function namesRow(row: RawRow): boolean {
  const texts = row.cells.map((c) => c.text)
  return (
    texts.length > 1 &&
    texts.every((t) => t !== '' && !/^[-+]?[\d.,]+%?$/.test(t)) &&
    new Set(texts).size === texts.length
  )
}

/** The table's rows in order, with whether each sits in a <thead>. */
function rowsOf(table: El): { row: El; head: boolean }[] {
  const out: { row: El; head: boolean }[] = []
  for (const child of childrenOf(table)) {
    const tag = name(child)
    if (tag === 'tr') out.push({ row: child, head: false })
    else if (tag === 'thead' || tag === 'tbody' || tag === 'tfoot')
      for (const r of childrenOf(child)) if (name(r) === 'tr') out.push({ row: r, head: tag === 'thead' })
  }
  return out
}

/** A <table> as the table model, or null when it lays out a page rather than holding data. */
export function htmlTable(table: El): Table | null {
  const rows = rowsOf(table)
  const cellsOf = (r: El) => childrenOf(r).filter((c) => /^t[dh]$/.test(name(c)))
  if (rows.some(({ row }) => cellsOf(row).some(holdsLayout))) return null
  const raw = rows.map(({ row, head }) => {
    const cells = cellsOf(row)
    return {
      head,
      allTh: cells.length > 0 && cells.every((c) => name(c) === 'th'),
      raw: {
        cells: cells.map((c) => ({
          text: text(c),
          colSpan: span(c, 'colspan'),
          rowSpan: span(c, 'rowspan'),
        })),
      } satisfies RawRow,
    }
  })
  // Header: the <thead> rows, else the leading rows made of <th> cells alone.
  let header = raw.findIndex((r) => !r.head)
  if (header === -1) header = raw.length
  if (header === 0) while (header < raw.length && raw[header]!.allTh) header++
  // A table that marks no header (as a Word table without a header row set comes out of a
  // converter) opens with one when its first row is names: every cell filled, none a number, no
  // two the same.
  if (header === 0 && raw.length > 1 && namesRow(raw[0]!.raw)) header = 1
  const caption = childrenOf(table).find((c) => name(c) === 'caption')
  return buildTable({
    caption: caption ? text(caption) : null,
    header: raw.slice(0, header).map((r) => r.raw),
    body: raw.slice(header).map((r) => r.raw),
  })
}
