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
  const open = BORDER.test(lines[top]!) ? null : openSliceAt(lines, top)
  if (open) lines = open
  const m = BORDER.exec(lines[top]!)
  if (!m || !/[-=]{3}/.test(lines[top]!)) return null
  const left = m[1]!.length
  const right = lines[top]!.trimEnd().length - 1
  if (right - left < 4) return null
  // The table goes on while lines keep its left and right edges (a line of cells printed a
  // character or two wider than their columns overruns the right one: its bars are moved back).
  const body = [lines[top]!.trimEnd()]
  for (let i = top + 1; i < lines.length; i++) {
    const l = toRightEdge(lines[i]!.trimEnd(), left, right)
    if (/\S/.test(l.slice(0, left)) || !'+|'.includes(l[left] ?? '')) break
    const overruns = l.length > right + 1 && l.length <= right + 1 + MAX_DRIFT && l.endsWith('|')
    if (!overruns && (l.length !== right + 1 || !'+|'.includes(l[right]!))) break
    body.push(l)
  }
  const grid = barsOnEdges(body, left, right)
  if (grid.length - 1 < 2) return null
  const t = parseBordered(grid, left, right)
  if (!t) return null
  return { ...shift(t, top), title: titleAbove(lines, top, left, right) }
}

/** A top border whose last cell runs on without its `+`: PSPP's first slice of a table too wide for the page. */
const OPEN_TOP = /^\s*\+[-+]*\+-{3,}\s*$/

/**
 * PSPP prints a table too wide for the page in slices of columns; a header cell spanning into the
 * next slice ("T-Test for Equality of Means") leaves the first slice without its right edge on
 * the top border and on the header lines. The slice's right edge is where the first rule under
 * them ends (`+----------+`): the lines are returned with the top border closed there and the
 * header lines given their bar (text printed up to two columns past it moved back over its own
 * padding), or null when it is not such a slice.
 */
function openSliceAt(lines: string[], top: number): string[] | null {
  const border = lines[top]!.trimEnd()
  if (!OPEN_TOP.test(border)) return null
  const left = border.length - border.trimStart().length
  let right = -1
  let ruleLine = -1
  for (let i = top + 1; i < lines.length && right < 0; i++) {
    const l = lines[i]!.trimEnd()
    if (!'+|'.includes(l[left] ?? '') || /\S/.test(l.slice(0, left))) return null
    if (/[-=]{3}\+$/.test(l)) {
      right = l.length - 1
      ruleLine = i
    }
  }
  if (right <= border.lastIndexOf('+') || border.length - 1 - right > 3) return null
  const out = [...lines]
  out[top] = border.slice(0, right) + '+'
  for (let i = top + 1; i < ruleLine; i++) {
    const l = lines[i]!.trimEnd()
    if (l.length <= right) {
      out[i] = l.padEnd(right) + '|'
      continue
    }
    // Text past the edge: take that many blanks from just before its last run of text.
    const over = l.length - right
    const run = /( +)(\S[^|]*)$/.exec(l)
    if (over > MAX_DRIFT || !run || run[1]!.length <= over) return null
    out[i] = l.slice(0, run.index + run[1]!.length - over) + run[2] + '|'
  }
  return out
}

/** How far a bar may stand off the column edge it belongs to (a cell printed wider or narrower). */
const MAX_DRIFT = 2

/**
 * The table's lines with every text line's bars on the column edges of its rules: a bar up to
 * MAX_DRIFT columns off an edge, and nearer to it than to any other, is moved onto it, the cell's
 * text kept whole (its padding taken or given on the side away from the text). The lines end
 * before the first that overruns the right edge and cannot be put back.
 */
function barsOnEdges(body: string[], left: number, right: number): string[] {
  const edges = new Set<number>([left, right])
  for (const l of body)
    if (/[-=]{3}/.test(l))
      for (let c = left + 1; c < right; c++)
        if (l[c] === '+' && (isRuleChar(l[c - 1]!) || isRuleChar(l[c + 1]!))) edges.add(c)
  const sorted = [...edges].sort((a, b) => a - b)
  const out: string[] = []
  for (const l of body) {
    const fixed = /[-=]{3}/.test(l) ? l : onEdges(l, left, right, sorted)
    if (fixed === null && l.length !== right + 1) break
    out.push(fixed ?? l)
  }
  return out
}

/** A text line with its bars moved onto `edges`, or null when a bar belongs to no one edge. */
function onEdges(l: string, left: number, right: number, edges: number[]): string | null {
  const bars = [...l].flatMap((ch, i) => (ch === '|' && i >= left ? [i] : []))
  if (l.length === right + 1 && bars.every((b) => edges.includes(b))) return l
  const to = bars.map((b) => {
    if (edges.includes(b)) return b
    const near = edges
      .filter((e) => Math.abs(e - b) <= MAX_DRIFT)
      .sort((x, y) => Math.abs(x - b) - Math.abs(y - b))
    if (near.length === 0 || (near.length > 1 && Math.abs(near[1]! - b) === Math.abs(near[0]! - b))) return -1
    return near[0]!
  })
  if (to[0] !== left || to.at(-1) !== right || to.some((e, k) => e < 0 || (k > 0 && e <= to[k - 1]!)))
    return null
  let out = l.slice(0, left) + '|'
  for (let k = 1; k < bars.length; k++) {
    const cell = fitted(l.slice(bars[k - 1]! + 1, bars[k]!), to[k]! - to[k - 1]! - 1)
    if (cell === null) return null
    out += cell + '|'
  }
  return out
}

/** A cell's characters in `width` columns: padding taken from, or given to, the side away from its text. */
function fitted(cell: string, width: number): string | null {
  const rightAligned = /\S$/.test(cell) && /^\s/.test(cell)
  let s = cell
  while (s.length > width && (s.startsWith(' ') || s.endsWith(' ')))
    s = rightAligned || !s.endsWith(' ') ? s.slice(1) : s.slice(0, -1)
  if (s.length > width) return null
  return rightAligned ? s.padStart(width) : s.padEnd(width)
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
  // parts the label's column from the cells it rules: PSPP starts it at the first column of the
  // cells it rules (blank on their lines, their text one further), so the label may run up to the
  // column before it ("mtbf_ln" over "       ----").
  for (const l of grid) {
    for (const m of l.slice(0, right).matchAll(/ [-=]{3,}/g)) {
      const start = m.index + 1
      const end = start + m[0].length - 1
      if (start > left + 1 && (l[end] === '+' || cols.has(end))) {
        cols.add(start)
        implicit.add(start)
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
  // The column of a boundary a partial rule makes belongs to the cell on its right (its rule
  // starts there).
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
  const headerEnd = headerRule ?? headerWithoutRule(grid, ruleAt, bands, segs)
  bands.forEach((band, b) => {
    const isHeader = headerEnd !== null && band.bottom <= headerEnd
    // A table with an `=` header rule is a reStructuredText or pandoc grid table: its rules close
    // every row, and a band is one row however its lines look.
    // A cell's columns within the band; none for one reaching past it (a label spanning rows).
    const extent = segs.map((_, c) => {
      const p = cellAt(c, band.top)
      if (!p || p.top < band.top || p.bottom > band.bottom) return null
      return { from: segs[p.col]!.from, to: segs[p.col + p.cols - 1]!.to }
    })
    const gridTable = headerRule !== null
    const records = isHeader || gridTable ? null : recordsOf(grid, band, extent)
    const lineRows = !isHeader && !gridTable && !records && splitsIntoLines(grid, band, segs, bands.length, b)
    // A record's label printed once for several records (PSPP's "Height in millimeters" over
    // "Equal variances assumed" and "… not assumed") goes on in the records under it.
    const carried = new Map<ProtoCell, string[]>()
    const parts: { top: number; bottom: number }[] =
      records?.parts ?? (lineRows ? lineRowsOf(grid, band, segs) : [band])
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
        if (spans) cellsOfRow.push(whole(p))
        else if (records && p.col < c) cellsOfRow.push(cellsOfRow[p.col]!)
        else if (records) {
          const own = textOf(p, part.top, part.bottom)
          const lines = grid.slice(part.top, part.bottom).map((l) => l.slice(extent[c]!.from, extent[c]!.to))
          const above = carried.get(p)
          if (!own.text && c < records.stub && above) {
            cellsOfRow.push({ ...own, text: readCellLines(above, true) })
          } else if (records.valueCols.includes(c)) {
            carried.set(p, lines)
            cellsOfRow.push(own)
          } else {
            const read = recordCell(lines, above)
            carried.set(p, read.lines)
            cellsOfRow.push({ ...own, text: own.text ? read.text : '' })
          }
        } else cellsOfRow.push(textOf(p, part.top, part.bottom))
      }
      rows.push({ cells: cellsOfRow, lines: { first: part.top, last: part.bottom - 1 } })
      if (isHeader) headerRows++
    }
  })
  // A header line PSPP leaves blank above a header of several levels says nothing.
  for (let r = headerRows - 1; r >= 0; r--)
    if (rows[r]!.cells.every((c) => !c.text)) {
      rows.splice(r, 1)
      headerRows--
    }
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
 * Without an `=` rule, the header ends at the first full rule when rows follow it and no cell
 * above it is a number: the first band (`|Artist| Score|` over the listing), or several bands
 * parted by partial rules under a corner left blank (PSPP's "Unstandardized Coefficients" over
 * "B | Std. Error"). Returns the rule's line, or null for no header.
 */
function headerWithoutRule(
  grid: string[],
  ruleAt: boolean[][],
  bands: { top: number; bottom: number }[],
  segs: Segment[],
): number | null {
  let end = -1
  for (let i = 1; i < grid.length - 1 && end < 0; i++) if (ruleAt[i]!.every(Boolean)) end = i
  if (end < 0) return null
  const above = bands.filter((b) => b.bottom <= end)
  if (above.length === 0 || above.length === bands.length) return null
  const lines = above.flatMap((b) => grid.slice(b.top, b.bottom))
  const levels = above.length > 1
  if (levels && lines.some((l) => l.slice(segs[0]!.from, segs[0]!.to).trim())) return null
  // A header of several levels may name a share ("95%" over "Confidence Interval").
  const isNumber = (x: string) => NUMBER.test(x) && !(levels && x.endsWith('%'))
  // Cells as the line's bars part them (a header cell may span columns).
  const cells = lines.flatMap((l) => l.split(/[|+]/).map((x) => x.trim()))
  if (cells.some(isNumber)) return null
  return end
}

/** A value a record prints on its line: a number, or one short token ("Ordinal", "F8.0", "v1"). */
const isValue = (t: string) => NUMBER.test(t) || /^\S{1,12}$/.test(t)

/**
 * A band that holds several records, one a line, with no rules between them (program output:
 * PSPP rules only around the header and the body): the band's records, or null to read it whole.
 * The value columns are those filled on the band's first line whose every cell, line by line, is a
 * value; a line with a value in one of them starts a record, a line with text in the other
 * columns only continues the record above (a label wrapped over lines). A band whose every column
 * wraps prose (a reStructuredText cell of several lines beside another) has no value columns,
 * and a band with one record is read whole.
 */
function recordsOf(
  grid: string[],
  band: { top: number; bottom: number },
  extent: (Segment | null)[],
): { parts: { top: number; bottom: number }[]; valueCols: number[]; stub: number } | null {
  if (band.bottom - band.top < 2) return null
  const lines = grid.slice(band.top, band.bottom)
  const cut = (l: string, c: number) => (extent[c] ? l.slice(extent[c].from, extent[c].to) : '')
  const texts = lines.map((l) => extent.map((_, c) => cut(l, c).trim()))
  const cols = extent.map((_, c) => c)
  const valueCols = cols.filter((c) => texts[0]![c] && texts.every((t) => !t[c] || isValue(t[c]!)))
  // A label column whose every line ends in a number at one column (PSPP's value labels:
  // "I am satisfied with the level of service   1" over "2", "3"): a record a number.
  const numberedCols = cols.filter((c) => {
    const ends = lines
      .map((l) => cut(l, c).trimEnd())
      .filter((l) => l.trim())
      .map((l) => (NUMBER.test(l.split(' ').at(-1)!) && /(^| )\S+$/.test(l) ? l.length : -1))
    return (
      texts[0]![c] && !valueCols.includes(c) && ends.length >= 2 && ends.every((e) => e > 0 && e === ends[0])
    )
  })
  if (valueCols.length === 0 && numberedCols.length === 0) return null
  const starts = [...valueCols, ...numberedCols]
  const parts: { top: number; bottom: number }[] = []
  texts.forEach((t, k) => {
    const i = band.top + k
    if (starts.some((c) => t[c])) parts.push({ top: i, bottom: i + 1 })
    else parts.at(-1)!.bottom = i + 1
  })
  if (parts.length < 2) return null
  // The columns left of the first number of the first record (the stub): a label printed there
  // once stands for the records under it that leave it blank ("Total" over "Count", "Expected").
  const stub = Math.max(
    0,
    cols.findIndex((c) => NUMBER.test(texts[0]![c]!)),
  )
  return { parts, valueCols, stub }
}

/**
 * A cell of one record of a band read record by record. Its lines are `lines` (the cell's columns);
 * when its text starts right of where the record above's does, with a blank column just left of
 * it on the lines above, the record above's text left of it is a label printed once for both
 * ("Highest" over "1", then "2"; "Height in millimeters" beside "Equal variances assumed", then
 * "Equal variances not assumed" under it), and it is read as part of this record too.
 */
function recordCell(own: string[], above: string[] | undefined): { text: string; lines: string[] } {
  const first = Math.min(...own.map((l) => /\S/.exec(l)?.index ?? Infinity))
  let lines = own
  if (above && Number.isFinite(first) && first > 0) {
    const left = above.map((l) => l.slice(0, first))
    const printedOnce = above.every((l) => (l[first - 1] ?? ' ') === ' ') && left.some((l) => /\S/.test(l))
    if (printedOnce && own.every((l) => !/\S/.test(l.slice(0, first)))) {
      const n = Math.max(own.length, above.length)
      lines = Array.from({ length: n }, (_, k) => (left[k] ?? '').padEnd(first) + (own[k] ?? '').slice(first))
    }
  }
  return { text: readCellLines(lines, true), lines }
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
  return { text: readCellLines(lines, false), pieces }
}

/**
 * A cell's lines read by its blank gutters (gutterCuts). `wrapped`: the cell is a record's of a
 * band read record by record, whose label may be printed once beside lines of its own, so a
 * one-space gutter needs text left of it on one line only.
 */
function readCellLines(lines: string[], wrapped: boolean): string {
  const filled = lines.filter((l) => /\S/.test(l))
  if (filled.length <= 1) return (filled[0] ?? '').replace(/\s+/g, ' ').trim()
  const text = gutterCuts(filled, wrapped)
    .map(([a, b]) =>
      filled
        .map((l) => l.slice(a, b).trim())
        .filter(Boolean)
        .join(' '),
    )
    .filter(Boolean)
    .join(' ')
  return text.replace(/\s+/g, ' ').trim()
}

/**
 * The pieces [from, to) that blank gutters part a cell's lines into: runs of at least two blank
 * columns with text on both sides; or one, before a last column of one word on every line, each
 * starting right after it (PSPP's "Lower" over "Bound" a space after "95% Confidence Interval";
 * in a record's cell, "Equal" over "variances" a space after "Height in" over "millimeters", the
 * lines under them blank before it).
 */
function gutterCuts(filled: string[], wrapped: boolean): [number, number][] {
  const width = Math.max(0, ...filled.map((l) => l.length))
  const blank = (c: number) => filled.every((l) => (l[c] ?? ' ') === ' ')
  const head = (e: number) => (l: string) => /\S/.test(l.slice(0, e))
  const lastWordColumn = (e: number) =>
    filled.every((l) => /^\S+$/.test(l.slice(e).trimEnd())) &&
    (wrapped ? filled.some(head(e)) : filled.every(head(e)))
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
  return cuts
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
    // Rows under the page break carry no header of their own, unless PSPP printed one of several
    // levels over a blank corner there (a wide table's next slice of columns).
    const levels = t.headerRows >= 2 && t.rows.slice(0, t.headerRows).every((r) => !r.cells[0]!.text)
    const moved = shift({ ...t, headerRows: levels ? t.headerRows : 0 }, at - 1)
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
