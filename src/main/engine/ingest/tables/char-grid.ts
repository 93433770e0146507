// Tables drawn with characters in a monospaced font: `+-----+-----+` borders, `|` between cells,
// `=` under the header, and the rules programs print (PSPP's partial rules under a label that
// spans rows, MySQL's border-only listings, psql's `---+---` header rule). The lines are read as a
// grid of characters, as docutils' GridTableParser reads a reStructuredText grid table: cells are
// the rectangles that `|` columns and `-`/`=` rules bound, a cell whose edge is missing spans the
// rows or columns it reaches over. Every reader that holds such lines uses this one parser: PDF
// pages (their lines rebuilt as character grids, pdf-tables/char-grid-lines.ts), text files and
// code blocks (readers/char-grid-blocks.ts).

/** A cell's characters on one line: columns [from, to) of line `line`. */
export interface GridPiece {
  line: number
  from: number
  to: number
}

export interface GridCell {
  text: string
  /** Where its text is, line by line (empty for an empty cell). */
  pieces: GridPiece[]
}

export interface GridRow {
  /** As many as the table has columns; a cell spanning rows or columns is repeated in each. */
  cells: GridCell[]
  /** The lines the row's text is on. */
  lines: { first: number; last: number }
}

export interface CharGridTable {
  /** The table's lines, borders included. */
  lines: { first: number; last: number }
  /** A title line just above the top border ("Descriptives"), or null. */
  title: number | null
  headerRows: number
  rows: GridRow[]
}

/** A border or rule line: `+`, `-`, `=` (and `:` for pandoc's alignment marks) only, three dashes at least. */
const BORDER = /^(\s*)\+[-=:+]*\+\s*$/
/** psql's header rule: dashes parted by `+`, no outer border. */
const PSQL_RULE = /^(\s*)-+(\+-+)+\s*$/
/** psql's count of rows under its output: "(2 rows)". */
const PSQL_FOOTER = /^\s*\(\d+ rows?\)\s*$/
const NUMBER = /^[-+−]?(\d[\d,]*)?\.?\d+(e[-+]?\d+)?%?$/i
/** A table needs this many columns, and at least one row of text. */
const MIN_COLUMNS = 2

const isRuleChar = (ch: string) => ch === '-' || ch === '=' || ch === ':' || ch === '+'

/** The tables drawn in `lines` (character grids: one character per column, tabs expanded). */
export function findCharGridTables(
  lines: string[],
  opts: {
    /**
     * The line at which a table cut by a page break may go on without its top border or header
     * (the top of a PDF page): rows between the same bars are read as a table without a header,
     * which the previous page's table lends its header (pdf-tables/detect-tables.ts).
     */
    continuesAt?: number
  } = {},
): CharGridTable[] {
  const tables: CharGridTable[] = []
  for (let i = 0; i < lines.length; i++) {
    const t =
      (i === opts.continuesAt ? continuedTableAt(lines, i) : null) ??
      borderedTableAt(lines, i) ??
      psqlTableAt(lines, i)
    if (!t) continue
    tables.push(t)
    i = t.lines.last
  }
  return tables
}

/** Does any line of `text` look like the top border or header rule of a drawn table? (cheap pre-check) */
export function mayHoldCharGrid(lines: string[]): boolean {
  return lines.some((l) => (BORDER.test(l) && /[-=]{3}/.test(l)) || PSQL_RULE.test(l))
}

// ---- bordered tables (docutils grid tables, PSPP, MySQL) ----

function borderedTableAt(lines: string[], top: number): CharGridTable | null {
  const m = BORDER.exec(lines[top]!)
  if (!m || !/[-=]{3}/.test(lines[top]!)) return null
  const left = m[1]!.length
  const right = lines[top]!.trimEnd().length - 1
  if (right - left < 4) return null
  // The table goes on while lines keep its left and right edges.
  let last = top
  const body = [lines[top]!.trimEnd()]
  for (let i = top + 1; i < lines.length; i++) {
    const l = toRightEdge(lines[i]!.trimEnd(), left, right)
    if (l.length !== right + 1 || !'+|'.includes(l[left] ?? '') || !'+|'.includes(l[right]!)) break
    if (/\S/.test(l.slice(0, left))) break
    body.push(l)
    last = i
  }
  if (last - top < 2) return null
  const t = parseBordered(body, left, right)
  if (!t) return null
  return { ...shift(t, top), title: titleAbove(lines, top, left, right) }
}

/**
 * A text line whose last bar falls up to three columns short of the right edge (a header cell
 * printed narrower than its column, "| Std. |" under "+--------+") has its last cell widened to it.
 */
function toRightEdge(l: string, left: number, right: number): string {
  const short = right + 1 - l.length
  if (short < 1 || short > 3 || l[left] !== '|' || !l.endsWith('|')) return l
  return l.slice(0, -1) + ' '.repeat(short) + '|'
}

/** Moves a table parsed from a slice of lines to the lines' own numbers. */
function shift(t: Omit<CharGridTable, 'title'>, by: number): Omit<CharGridTable, 'title'> {
  const move = (c: GridCell): GridCell => ({
    ...c,
    pieces: c.pieces.map((p) => ({ ...p, line: p.line + by })),
  })
  const cells = new Map<GridCell, GridCell>()
  return {
    lines: { first: t.lines.first + by, last: t.lines.last + by },
    headerRows: t.headerRows,
    rows: t.rows.map((r) => ({
      // A spanning cell stays one object in every row it is repeated in.
      cells: r.cells.map((c) => cells.get(c) ?? cells.set(c, move(c)).get(c)!),
      lines: { first: r.lines.first + by, last: r.lines.last + by },
    })),
  }
}

/** A short line just above the top border, within the table's width: the title programs print. */
function titleAbove(lines: string[], top: number, left: number, right: number): number | null {
  const l = lines[top - 1]
  if (l === undefined) return null
  const t = l.trim()
  if (!t || t.split(/\s+/).length > 10 || /[.,;:|+]$/.test(t) || /^[-=+|]/.test(t)) return null
  const start = l.length - l.trimStart().length
  if (start < left - 2 || l.trimEnd().length > right + 3) return null
  return top - 1
}

interface Segment {
  /** Columns [from, to) between two boundaries. */
  from: number
  to: number
}

/** Column boundaries: every `+` of a rule line, the start of a partial rule, a `|` on every text line. */
function boundaries(grid: string[], left: number, right: number): { cols: number[]; implicit: Set<number> } {
  const cols = new Set<number>([left, right])
  const implicit = new Set<number>()
  const ruleLine = (l: string) => /[-=]{3}/.test(l) && /\+/.test(l)
  for (const l of grid) {
    if (!ruleLine(l)) continue
    for (let c = left + 1; c < right; c++)
      if (l[c] === '+' && (isRuleChar(l[c - 1]!) || isRuleChar(l[c + 1]!))) cols.add(c)
  }
  // A rule that starts inside the table after blanks (PSPP's rule under a label spanning rows)
  // parts the label's column from the cells it rules.
  for (const l of grid) {
    for (const m of l.slice(0, right).matchAll(/ [-=]{3,}/g)) {
      const start = m.index + 1
      const end = start + m[0].length - 1
      if (start > left + 1 && (l[end] === '+' || cols.has(end))) {
        cols.add(start - 1)
        implicit.add(start - 1)
      }
    }
  }
  const text = grid.filter((l) => !/[-=]{3}/.test(l))
  if (text.length >= 2)
    for (let c = left + 1; c < right; c++) if (text.every((l) => l[c] === '|')) cols.add(c)
  return { cols: [...cols].sort((a, b) => a - b), implicit }
}

/**
 * Is the segment of line `l` a rule: only rule characters, dashes or equals among them. A partial
 * rule may leave a blank or two where it starts (the column before it is the boundary's).
 */
function ruled(l: string, s: Segment): boolean {
  const part = l.slice(s.from, s.to)
  const t = part.trim()
  return t.length >= part.length - 2 && /[-=]/.test(t) && [...t].every(isRuleChar)
}

interface ProtoCell {
  col: number
  cols: number
  /** Lines [top, bottom) of the grid, the rules around it excluded. */
  top: number
  bottom: number
}

function parseBordered(grid: string[], left: number, right: number): Omit<CharGridTable, 'title'> | null {
  const { cols, implicit } = boundaries(grid, left, right)
  const segs: Segment[] = []
  // The column of a boundary a partial rule makes belongs to the cell on its right (it is blank
  // on the rule's line, and text may start there).
  for (let k = 0; k + 1 < cols.length; k++) {
    const from = cols[k]! + (implicit.has(cols[k]!) ? 0 : 1)
    segs.push({ from, to: cols[k + 1]! })
  }
  if (segs.length < MIN_COLUMNS) return null
  const ruleAt = grid.map((l) => segs.map((s) => ruled(l, s)))
  // Every line of the table is a rule somewhere, or text between the edges.
  if (!ruleAt[0]!.every(Boolean)) return null
  // Cells per column: runs of text lines between rules in that column.
  const cells: ProtoCell[] = []
  for (let c = 0; c < segs.length; c++) {
    let open = -1
    for (let i = 1; i <= grid.length; i++) {
      const isRule = i === grid.length || ruleAt[i]![c]!
      if (isRule) {
        if (open >= 0 && open < i) cells.push({ col: c, cols: 1, top: open, bottom: i })
        open = i + 1
      } else if (open < 0) open = i
    }
  }
  if (cells.length === 0) return null
  // Cells whose edge between them is missing on every line are one cell spanning both columns.
  const merged = mergeAcross(cells, grid, cols, implicit)
  if (textCrossesEdge(merged, grid, cols)) return null
  // Row bands: the text lines between two lines that rule anything.
  const ruleLines = grid.map((_, i) => ruleAt[i]!.some(Boolean))
  const bands: { top: number; bottom: number }[] = []
  for (let i = 0; i < grid.length; i++) {
    if (ruleLines[i]) continue
    const top = i
    while (i + 1 < grid.length && !ruleLines[i + 1]) i++
    bands.push({ top, bottom: i + 1 })
  }
  if (bands.length === 0) return null
  const headerRule = headerRuleLine(grid, ruleAt)
  const textOf = (c: ProtoCell, top: number, bottom: number): GridCell => {
    const from = segs[c.col]!.from
    const to = segs[c.col + c.cols - 1]!.to
    return cellText(grid, top, bottom, from, to)
  }
  const cellAt = (col: number, line: number) =>
    merged.find((p) => p.col <= col && col < p.col + p.cols && p.top <= line && line < p.bottom)
  const rows: GridRow[] = []
  let headerRows = 0
  const built = new Map<ProtoCell, GridCell>()
  const whole = (p: ProtoCell) => built.get(p) ?? built.set(p, textOf(p, p.top, p.bottom)).get(p)!
  const empty = (): GridCell => ({ text: '', pieces: [] })
  bands.forEach((band, b) => {
    const isHeader = headerRule !== null ? band.bottom <= headerRule : false
    const lineRows = !isHeader && splitsIntoLines(grid, band, segs, bands.length, b)
    const parts: { top: number; bottom: number }[] = lineRows ? lineRowsOf(grid, band, segs) : [band]
    for (const part of parts) {
      const cellsOfRow: GridCell[] = []
      for (let c = 0; c < segs.length; c++) {
        const p = cellAt(c, part.top)
        if (!p) {
          cellsOfRow.push(empty())
          continue
        }
        // A cell within the band is read over the row's lines (a band read line by line is one
        // cell per column); one reaching past the band spans rows: read whole, repeated in each.
        const spans = p.top < band.top || p.bottom > band.bottom
        cellsOfRow.push(spans ? whole(p) : textOf(p, part.top, part.bottom))
      }
      rows.push({ cells: cellsOfRow, lines: { first: part.top, last: part.bottom - 1 } })
      if (isHeader) headerRows++
    }
  })
  if (headerRule === null) headerRows = firstBandHeader(rows, bands, grid, ruleAt)
  // One row in a box is a diagram (a syntax chart), not a table.
  if (rows.length < 2 || rows.length - headerRows < 1) return null
  if (!rows.some((r) => r.cells.filter((c) => c.text).length >= MIN_COLUMNS)) return null
  return { lines: { first: 0, last: grid.length - 1 }, headerRows, rows }
}

/** The line of the `=` rule under the header (not the top or bottom border), or null. */
function headerRuleLine(grid: string[], ruleAt: boolean[][]): number | null {
  for (let i = 1; i < grid.length - 1; i++) {
    const l = grid[i]!
    if (ruleAt[i]!.every(Boolean) && /={3}/.test(l) && !/-{3}/.test(l)) return i
  }
  return null
}

/**
 * Without an `=` rule, the first band is the header when a full rule closes it, more rows follow,
 * and none of its cells is a number (`|Artist| Score|` over the listing).
 */
function firstBandHeader(
  rows: GridRow[],
  bands: { top: number; bottom: number }[],
  grid: string[],
  ruleAt: boolean[][],
): number {
  const first = bands[0]!
  if (bands.length < 2 && rows.length < 3) return 0
  if (!ruleAt[first.bottom]?.every(Boolean) || first.bottom >= grid.length - 1) return 0
  const headRows = rows.filter((r) => r.lines.last < first.bottom)
  if (headRows.length === 0 || headRows.length === rows.length) return 0
  if (headRows.some((r) => r.cells.some((c) => NUMBER.test(c.text)))) return 0
  return headRows.length
}

/** Columns whose text is a number on every line of the band: a listing, one record a line. */
function splitsIntoLines(
  grid: string[],
  band: { top: number; bottom: number },
  segs: Segment[],
  bandCount: number,
  index: number,
): boolean {
  if (band.bottom - band.top < 2) return false
  const lines = grid.slice(band.top, band.bottom)
  const texts = lines.map((l) => segs.map((s) => l.slice(s.from, s.to).trim()))
  const numericColumn = segs.some((_, c) => texts.every((t) => NUMBER.test(t[c]!.replace(/\s+/g, ''))))
  if (numericColumn) return true
  // The only body band, every line filling two columns or more: a listing of words.
  const onlyBody = bandCount <= 2 && index === bandCount - 1
  return onlyBody && texts.every((t) => t.filter(Boolean).length >= MIN_COLUMNS)
}

/** A band read line by line; a line that fills one column only continues the row above (a wrapped cell). */
function lineRowsOf(
  grid: string[],
  band: { top: number; bottom: number },
  segs: Segment[],
): { top: number; bottom: number }[] {
  const parts: { top: number; bottom: number }[] = []
  for (let i = band.top; i < band.bottom; i++) {
    const filled = segs.filter((s) => grid[i]!.slice(s.from, s.to).trim()).length
    const prev = parts.at(-1)
    if (prev && filled < MIN_COLUMNS && !grid[i]!.slice(segs[0]!.from, segs[0]!.to).trim())
      prev.bottom = i + 1
    else parts.push({ top: i, bottom: i + 1 })
  }
  return parts
}

/**
 * A drawing, not a table: text runs over a column edge where no cell spans it (a box drawn inside
 * a box, a tree of boxes), which a grid of cells cannot hold.
 */
function textCrossesEdge(cells: ProtoCell[], grid: string[], cols: number[]): boolean {
  for (let k = 1; k + 1 < cols.length; k++) {
    const edge = cols[k]!
    for (let i = 0; i < grid.length; i++) {
      const ch = grid[i]![edge] ?? ' '
      if (ch === ' ' || ch === '|' || ch === '+' || isRuleChar(ch)) continue
      if (!cells.some((p) => p.col < k && k < p.col + p.cols && p.top <= i && i < p.bottom)) return true
    }
  }
  return false
}

/** Joins neighbouring cells over the same lines when no `|` parts them on any of those lines. */
function mergeAcross(cells: ProtoCell[], grid: string[], cols: number[], implicit: Set<number>): ProtoCell[] {
  const out = [...cells].sort((a, b) => a.top - b.top || a.col - b.col)
  for (let k = 0; k < out.length; k++) {
    for (;;) {
      const a = out[k]!
      const nextCol = a.col + a.cols
      const j = out.findIndex((b) => b.col === nextCol && b.top === a.top && b.bottom === a.bottom)
      if (j < 0) break
      const edge = cols[nextCol]!
      const lines = grid.slice(a.top, a.bottom)
      const parted = implicit.has(edge)
        ? lines.every((l) => l[edge] === ' ' || l[edge] === undefined)
        : lines.some((l) => l[edge] === '|' || l[edge] === '+')
      if (parted) break
      out[k] = { ...a, cols: a.cols + out[j]!.cols }
      out.splice(j, 1)
      if (j < k) k--
    }
  }
  return out
}

/**
 * The text of a cell over lines [top, bottom) and columns [from, to). A cell of several lines is
 * read by its own columns first: blank gutters (two spaces or more, on every line) part it into
 * pieces read top to bottom ("95% Confidence Interval" over "for Mean", then "Lower" over
 * "Bound"), then joined with a space.
 */
export function cellText(grid: string[], top: number, bottom: number, from: number, to: number): GridCell {
  const pieces: GridPiece[] = []
  const lines: string[] = []
  for (let i = top; i < bottom; i++) {
    const s = (grid[i] ?? '').slice(from, to).replace(/[|]/g, ' ')
    lines.push(s)
    const m = /\S/.exec(s)
    if (m) pieces.push({ line: i, from: from + m.index, to: from + s.trimEnd().length })
  }
  const filled = lines.filter((l) => /\S/.test(l))
  if (filled.length <= 1) return { text: (filled[0] ?? '').replace(/\s+/g, ' ').trim(), pieces }
  const width = Math.max(...filled.map((l) => l.length))
  const blank = (c: number) => filled.every((l) => (l[c] ?? ' ') === ' ')
  // Gutter columns: runs of at least two blank columns with text on both sides; or one, before
  // a last column of one word on every line, each starting right after it (PSPP's "Lower" over
  // "Bound" a space after "95% Confidence Interval").
  const lastWordColumn = (e: number) =>
    filled.every((l) => /^\S+$/.test(l.slice(e).trimEnd()) && /\S/.test(l.slice(0, e)))
  const cuts: [number, number][] = []
  let start = 0
  for (let c = 0; c <= width; c++) {
    if (c < width && !blank(c)) continue
    let e = c
    while (e < width && blank(e)) e++
    if ((e - c >= 2 || (e - c === 1 && lastWordColumn(e))) && c > start && e < width) {
      cuts.push([start, c])
      start = e
    }
    c = e
  }
  cuts.push([start, width])
  const text = cuts
    .map(([a, b]) =>
      filled
        .map((l) => l.slice(a, b).trim())
        .filter(Boolean)
        .join(' '),
    )
    .filter(Boolean)
    .join(' ')
  return { text: text.replace(/\s+/g, ' ').trim(), pieces }
}

// ---- psql's aligned output: a header line, a `---+---` rule, rows with `|` at each `+` ----

function psqlTableAt(lines: string[], ruleLine: number): CharGridTable | null {
  const rule = lines[ruleLine + 1]
  const header = lines[ruleLine]
  if (rule === undefined || header === undefined || !PSQL_RULE.test(rule)) return null
  const left = rule.length - rule.trimStart().length
  const plus = [...rule].flatMap((ch, i) => (ch === '+' ? [i] : []))
  // A `|` under every `+`; manuals that leave the bars out still keep those columns blank.
  const parted = (l: string) =>
    l.trim() !== '' &&
    !PSQL_FOOTER.test(l) &&
    plus.every((c) => l[c] === '|' || l[c] === ' ' || l[c] === undefined)
  if (!parted(header)) return null
  let last = ruleLine + 1
  for (let i = ruleLine + 2; i < lines.length && parted(lines[i]!); i++) last = i
  if (last - ruleLine < 2) return null
  const width = Math.max(...lines.slice(ruleLine, last + 1).map((l) => l.length))
  const edges = [left - 1, ...plus, width]
  const row = (i: number): GridRow => ({
    cells: edges.slice(0, -1).map((e, k) => cellText(lines, i, i + 1, e + 1, edges[k + 1]!)),
    lines: { first: i, last: i },
  })
  const rows = [
    row(ruleLine),
    ...Array.from({ length: last - ruleLine - 1 }, (_, k) => row(ruleLine + 2 + k)),
  ]
  if (rows[0]!.cells.filter((c) => c.text).length < MIN_COLUMNS) return null
  // A rule of the same columns under the rows closes the table (as manuals draw it).
  const close = lines[last + 1]
  const closing =
    close !== undefined &&
    PSQL_RULE.test(close) &&
    [...close].every((ch, i) => (ch === '+') === plus.includes(i) || ch === ' ')
  return { lines: { first: ruleLine, last: closing ? last + 1 : last }, title: null, headerRows: 1, rows }
}

// ---- the rest of a table a page break cut: rows without the top border or the header ----

function continuedTableAt(lines: string[], at: number): CharGridTable | null {
  return borderedRestAt(lines, at) ?? barRowsAt(lines, at)
}

/**
 * Rows between a table's edges (`|` at both ends) down to a border: read under a border drawn
 * where that one has its `+`, as a table without a header.
 */
function borderedRestAt(lines: string[], at: number): CharGridTable | null {
  const first = lines[at]!.trimEnd()
  const left = first.length - first.trimStart().length
  const right = first.length - 1
  if (first[left] !== '|' || first[right] !== '|' || right - left < 4) return null
  for (let i = at + 1; i < lines.length; i++) {
    const l = lines[i]!.trimEnd()
    if (l.length !== right + 1 || !'+|'.includes(l[left] ?? '') || !'+|'.includes(l[right]!)) return null
    if (!BORDER.test(l)) continue
    const top = ' '.repeat(left) + [...l.slice(left)].map((ch) => (ch === '+' ? '+' : '-')).join('')
    const t = borderedTableAt([top, ...lines.slice(at)], 0)
    if (!t) return null
    const moved = shift({ ...t, headerRows: 0 }, at - 1)
    return { ...moved, lines: { first: at, last: moved.lines.last }, title: null }
  }
  return null
}

/** Lines with `|` at the same columns (psql's rows, two at least): one row each, no header. */
function barRowsAt(lines: string[], at: number): CharGridTable | null {
  const bars = [...lines[at]!].flatMap((ch, i) => (ch === '|' ? [i] : []))
  if (bars.length === 0) return null
  let last = at
  for (let i = at + 1; i < lines.length && bars.every((c) => lines[i]![c] === '|'); i++) last = i
  if (last - at < 1) return null
  const width = Math.max(...lines.slice(at, last + 1).map((l) => l.length))
  const edges = [-1, ...bars, width]
  const rows: GridRow[] = []
  for (let i = at; i <= last; i++)
    rows.push({
      cells: edges.slice(0, -1).map((e, k) => cellText(lines, i, i + 1, e + 1, edges[k + 1]!)),
      lines: { first: i, last: i },
    })
  // A border's outer bars leave an empty column at each side: not columns of the table.
  const used = edges.slice(0, -1).map((_, k) => rows.some((r) => r.cells[k]!.text))
  for (const r of rows) r.cells = r.cells.filter((_, k) => used[k])
  if (used.filter(Boolean).length < MIN_COLUMNS) return null
  return { lines: { first: at, last }, title: null, headerRows: 0, rows }
}
