import type { CleanPage } from '../../store/page-records.js'
import { centreInside, unionBox, type Segment } from './geometry.js'
import { pageWords, type PageWord } from './page-words.js'
import { ruledRegions, type RuledRegion } from './ruled-tables.js'
import { boxOfRows, gridRows, joinTightColumns, spreadHeaderSpans } from './table-grid.js'
import type { PdfTable, PdfTableRow } from './table-model.js'
import { candidateRuns, columnSeparators, headerAbove, type TextLine } from './text-tables.js'

// Finds the tables of one page (ruled frames first, then runs of column-laid lines outside them),
// with their header rows, caption and notes; linkContinuations joins a table that runs onto the
// next page.

/** A caption line: "Table 3: …", "Table 3. …", "TABLE III …", "Tab. 2 …". */
const CAPTION = /^(table|tab\.)\s+([0-9]+|[ivxlc]+)\b/i
/** A line under a table that explains it. */
const NOTE = /^(notes?|source|sources)\b[:.]?|^[*†‡§¶]\s?\S/i
/** How many lines above or below a table its caption may be. */
const CAPTION_REACH = 3

function textLines(page: CleanPage, words: PageWord[]): TextLine[] {
  const byLine: PageWord[][] = page.lines.map(() => [])
  for (const w of words) byLine[w.line]?.push(w)
  return page.lines.map((l, i) => ({
    line: i,
    words: byLine[i]!.sort((a, b) => a.box.x - b.box.x),
    fontSize: l.fontSize,
    text: page.text.slice(l.start, l.end),
  }))
}

const hasDigit = (s: string) => /\d/.test(s)

/** Rows with digits in them, among the body; a first row without any is the header. */
function numericHeader(rows: PdfTableRow[]): number {
  if (rows.length < 3) return 0
  const first = rows[0]!.cells.filter((c) => c.text)
  const body = rows.slice(1)
  const numericBody = body.filter((r) =>
    r.cells.some((c) => /^[-+−]?[\d.,]+(e[-+]?\d+)?%?$/i.test(c.text)),
  ).length
  if (
    first.length >= 2 &&
    first.every((c) => !hasDigit(c.text) || /^[A-Za-z]/.test(c.text)) &&
    numericBody >= body.length * 0.5
  )
    return 1
  // A printout's header leaves the row-label column empty.
  if (!rows[0]!.cells[0]!.text && first.length >= 2 && body.every((r) => r.cells[0]!.text)) return 1
  return 0
}

/** Rows must have at least two filled cells, mostly: prose and code do not. */
function looksTabular(rows: PdfTableRow[], headerRows: number): boolean {
  const body = rows.slice(headerRows)
  const cols = rows[0]?.cells.length ?? 0
  if (cols < 2 || body.length < 2) return false
  const multi = body.filter((r) => r.cells.filter((c) => c.text).length >= 2).length
  if (multi < body.length * 0.6) return false
  // Every column says something in at least two rows.
  for (let c = 0; c < cols; c++)
    if (rows.filter((r) => r.cells[c]!.text).length < Math.min(2, rows.length)) return false
  return true
}

function dropEmptyColumns(rows: PdfTableRow[]): PdfTableRow[] {
  const n = rows[0]?.cells.length ?? 0
  const keep = [...Array(n).keys()].filter((c) => rows.some((r) => r.cells[c]!.text))
  return rows.map((r) => ({ ...r, cells: keep.map((c) => r.cells[c]!) }))
}

interface Found {
  rows: PdfTableRow[]
  headerRows: number
  strategy: 'lines' | 'text'
  lines: number[]
}

function fromRegion(region: RuledRegion, lines: TextLine[]): Found | null {
  const inside = lines.filter(
    (l) => l.words.length > 0 && l.words.every((w) => centreInside(w.box, region.box, 1)),
  )
  if (inside.length < 2) return null
  const em = inside[0]!.fontSize || 10
  const headerRule = region.headerRule
  const headerLines = new Set(
    headerRule === null
      ? []
      : inside.filter((l) => Math.min(...l.words.map((w) => w.box.y)) > headerRule).map((l) => l.line),
  )
  if (headerLines.size === inside.length) headerLines.clear()
  const body = inside.filter((l) => !headerLines.has(l.line))
  const separators = region.columns.length
    ? region.columns
    : columnSeparators(
        body.flatMap((l) => l.words),
        em,
      )
  const words = inside.flatMap((l) => l.words)
  let rows = gridRows({ words, separators, rules: region.rules, headerLines })
  let headerRows = rows.filter((r) => headerLines.has(lineOfRow(r, words))).length
  if (headerLines.size === 0)
    headerRows = region.columns.length ? Math.min(1, rows.length - 1) : numericHeader(rows)
  spreadHeaderSpans(rows, headerRows)
  rows = dropEmptyColumns(rows)
  if (!looksTabular(rows, headerRows)) return null
  return {
    rows,
    headerRows,
    strategy: region.columns.length ? 'lines' : 'text',
    lines: inside.map((l) => l.line),
  }
}

function lineOfRow(r: PdfTableRow, words: PageWord[]): number {
  return words.find((w) => w.start >= r.start && w.end <= r.end)?.line ?? -1
}

function fromRun(run: TextLine[], above: TextLine | undefined): Found | null {
  const em = run[0]!.fontSize || 10
  const withHeader = headerAbove(above, run)
  const all = withHeader ? [above!, ...run] : run
  const separators = columnSeparators(
    run.flatMap((l) => l.words),
    em,
  )
  const headerLines = new Set(withHeader ? [above!.line] : [])
  let rows = gridRows({ words: all.flatMap((l) => l.words), separators, headerLines })
  const headerRows = withHeader ? 1 : numericHeader(rows)
  spreadHeaderSpans(rows, headerRows)
  rows = joinTightColumns(dropEmptyColumns(rows), headerRows, em)
  if (!looksTabular(rows, headerRows) || rows.length < 3) return null
  return { rows, headerRows, strategy: 'text', lines: all.map((l) => l.line) }
}

/** The caption line(s) near the table, or the label line a printout's table follows. */
function captionOf(
  found: Found,
  lines: TextLine[],
  page: CleanPage,
): (PdfTable['caption'] & { lines: number[] }) | null {
  const first = Math.min(...found.lines)
  const last = Math.max(...found.lines)
  const near = [
    ...Array.from({ length: CAPTION_REACH }, (_, k) => last + 1 + k),
    ...Array.from({ length: CAPTION_REACH }, (_, k) => first - 1 - k),
  ].filter((i) => i >= 0 && i < lines.length)
  for (const i of near) {
    if (!CAPTION.test(lines[i]!.text.trim())) continue
    // A caption runs on until a line ends a sentence, at most three lines.
    const taken = [i]
    while (
      taken.length < 3 &&
      !/[.:]$/.test(lines[taken.at(-1)!]!.text.trim()) &&
      taken.at(-1)! + 1 < lines.length &&
      !found.lines.includes(taken.at(-1)! + 1)
    )
      taken.push(taken.at(-1)! + 1)
    const start = page.lines[taken[0]!]!.start
    const end = page.lines[taken.at(-1)!]!.end
    return { text: page.text.slice(start, end).replace(/\s+/g, ' ').trim(), start, end, lines: taken }
  }
  const label = lines[first - 1]
  if (label && /:$/.test(label.text.trim()) && label.text.trim().split(/\s+/).length <= 8) {
    const l = page.lines[label.line]!
    return { text: label.text.trim(), start: l.start, end: l.end, lines: [label.line] }
  }
  return null
}

/** The tables of one page. `rulings` are the page's ruling segments (page-rulings.ts), if read. */
export function detectPageTables(page: CleanPage, rulings: Segment[] = []): PdfTable[] {
  if (page.lines.length === 0) return []
  const words = pageWords(page)
  const lines = textLines(page, words)
  const found: Found[] = []
  const taken = new Set<number>()
  for (const region of ruledRegions(rulings)) {
    const f = fromRegion(region, lines)
    if (!f || f.lines.some((l) => taken.has(l))) continue
    found.push(f)
    for (const l of f.lines) taken.add(l)
  }
  const rest = lines.filter((l) => !taken.has(l.line))
  for (const run of candidateRuns(rest)) {
    const above = lines[run[0]!.line - 1]
    const f = fromRun(run, above && !taken.has(above.line) ? above : undefined)
    if (f) {
      found.push(f)
      for (const l of f.lines) taken.add(l)
    }
  }
  const tables: PdfTable[] = []
  for (const f of found.sort((a, b) => a.lines[0]! - b.lines[0]!)) {
    const caption = captionOf(f, lines, page)
    const last = Math.max(...f.lines)
    const notes: string[] = []
    let n = last + 1
    while (n < lines.length && NOTE.test(lines[n]!.text.trim()) && notes.length < 3)
      notes.push(lines[n++]!.text.trim())
    const all = [...f.lines, ...(caption?.lines ?? []), ...(notes.length ? [n - 1] : [])]
    tables.push({
      page: page.pageNo,
      box: unionBox([boxOfRows(f.rows)]),
      strategy: f.strategy,
      headerRows: f.headerRows,
      rows: f.rows,
      caption: caption ? { text: caption.text, start: caption.start, end: caption.end } : null,
      notes,
      lines: { first: Math.min(...all), last: Math.max(...all) },
    })
  }
  return tables
}

/** The column headers of a table as one string, to compare a continuation's repeated header. */
function headerKey(t: PdfTable, k = 0): string {
  return (t.rows[k]?.cells ?? []).map((c) => c.text.toLowerCase()).join('|')
}

/**
 * Marks each table that continues the previous page's last table: it opens its page, that one
 * closes its page, they have as many columns, and it has no caption of its own (or a "continued"
 * one). A continuation without its own header takes the first part's header rows.
 */
export function linkContinuations(pages: { lines: number; tables: PdfTable[] }[]): void {
  for (let i = 1; i < pages.length; i++) {
    const prev = pages[i - 1]!.tables.at(-1)
    const next = pages[i]!.tables[0]
    if (!prev || !next) continue
    const opens = next.lines.first <= 3
    const closes = prev.lines.last >= pages[i - 1]!.lines - 4
    const sameShape = prev.rows[0]!.cells.length === next.rows[0]!.cells.length
    const ownCaption =
      next.caption && !/continued/i.test(next.caption.text) && CAPTION.test(next.caption.text)
    if (!(opens && closes && sameShape) || ownCaption) continue
    next.continued = true
    if (!next.caption || /^[^:]*:$/.test(next.caption.text)) next.caption = prev.caption
    else if (prev.caption && /continued/i.test(next.caption.text)) next.caption = prev.caption
    if (next.headerRows === 0 || headerKey(next) !== headerKey(prev)) {
      if (next.headerRows === 0 && prev.headerRows > 0) {
        const carried = prev.rows.slice(0, prev.headerRows).map((r) => ({
          ...r,
          carried: true,
          cells: r.cells.map((c) => ({ ...c, box: null, start: 0, end: 0 })),
        }))
        next.rows = [...carried, ...next.rows]
        next.headerRows = prev.headerRows
      }
    }
  }
}
