import type { CleanPage } from '../../store/page-records.js'
import { pageCharGrids } from './char-grid-lines.js'
import { withoutDrawnRules } from './drawn-rules.js'
import {
  phrasesCutIntoCells,
  sentenceAbove,
  withoutListings,
  withoutOutputMarks,
} from './code-and-console.js'
import { centreInside, unionBox, type Segment } from './geometry.js'
import { pageWords, type PageWord } from './page-words.js'
import { ruledRegions, type RuledRegion } from './ruled-tables.js'
import {
  boxOfRows,
  gridRows,
  joinHeaderWords,
  joinParentheticalColumns,
  joinStrayColumns,
  joinTightColumns,
  spreadHeaderSpans,
} from './table-grid.js'
import type { PdfTable, PdfTableRow } from './table-model.js'
import { CAPTION } from './table-signals.js'
import { hasNonSpace } from './whitespace.js'
import {
  baseline,
  candidateRuns,
  columnSeparators,
  hasWideGap,
  headerAbove,
  rightAlignedUnder,
  splitAtRepeatedHeaders,
  WIDE_GAP,
  type TextLine,
} from './text-tables.js'

// Finds the tables of one page (ruled frames first, then runs of column-laid lines outside them),
// with their header rows, caption and notes; linkContinuations joins a table that runs onto the
// next page.

/** A line under a table that explains it. */
const NOTE = /^(notes?|source|sources)\b[:.]?|^[*†‡§¶]\s?\S/i
/** How many lines below a table its caption may start, and above it (a long caption above runs down to it). */
const CAPTION_REACH = 3
const CAPTION_REACH_ABOVE = 6

function textLines(page: CleanPage, words: PageWord[]): TextLine[] {
  const byLine: PageWord[][] = page.lines.map(() => [])
  for (const w of words) byLine[w.line]?.push(w)
  return page.lines.map((l, i) => ({
    line: i,
    words: byX(byLine[i]!),
    fontSize: l.fontSize,
    text: page.text.slice(l.start, l.end),
  }))
}

/**
 * A line's words left to right. They mostly come so already: checked first, as sorting calls the
 * comparison for every pair even then (the order is the same: the sort is stable).
 */
function byX(words: PageWord[]): PageWord[] {
  for (let i = 1; i < words.length; i++)
    if (!(words[i]!.box.x >= words[i - 1]!.box.x)) return words.sort((a, b) => a.box.x - b.box.x)
  return words
}

const hasDigit = (s: string) => /\d/.test(s)

/**
 * The header rows (0 or 1) a table's layout shows when no rule or line above marks them: a first
 * row of words over rows of numbers, a printout's header leaving the row-label column empty, or a
 * first row naming columns whose values are of another kind (namesOverValues).
 */
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
  if (numberedColumns(first.map((c) => c.text)) && numericBody >= body.length * 0.5) return 1
  return namesOverValues(rows) ? 1 : 0
}

/**
 * A first row of names, then columns numbered in order: Speex's "Parameter | Update rate | 0 | 1 |
 * … | 8" (its sub-modes), "Year | 2019 | 2020 | 2021". Its numbers count the columns rather than
 * measure anything; a row of data is not so ordered.
 */
function numberedColumns(cells: string[]): boolean {
  const names = cells.findIndex((t) => hasDigit(t))
  if (names < 1 || cells.slice(0, names).some((t) => !/^[A-Za-z]/.test(t))) return false
  const numbers = cells.slice(names)
  if (numbers.length < 3 || !numbers.every((t) => /^\d{1,4}$/.test(t))) return false
  return numbers.every((t, i) => i === 0 || Number(t) > Number(numbers[i - 1]))
}

/** A name: a word of three letters or more, without digits ("Driver", "from/to", "Std. Error"). */
const NAME = /^[A-Za-z][A-Za-z/&.'’ -]{2,}$/
/**
 * A value rather than a name: with a digit, of one or two characters (codes such as "d", "id",
 * "∗"), or opening with something other than a letter ("(rgb)", "−").
 */
const isValue = (t: string) => hasDigit(t) || t.length <= 2 || !/^[A-Za-z]/.test(t)

/**
 * The first row names the columns when, in at least two columns and half of those it fills, the
 * body holds values (isValue, most cells) under a name, and no column repeats its first cell
 * below: a matrix of codes under model names (xcolor's conversion pairs: "rgb" over "id", "∗",
 * "(cmy)"), versions and flags under "Version" and "rgb". A first row of data is of the kind of
 * the rows under it, and stays a body row.
 */
function namesOverValues(rows: PdfTableRow[]): boolean {
  const cols = rows[0]!.cells.length
  let named = 0
  let values = 0
  for (let c = 0; c < cols; c++) {
    const head = rows[0]!.cells[c]!.text
    const below = rows
      .slice(1)
      .map((r) => r.cells[c]!.text)
      .filter((t) => t)
    if (!head || below.length < 2) continue
    named++
    if (below.includes(head)) return false
    if (below.filter(isValue).length >= below.length * 0.8) {
      if (!NAME.test(head)) return false
      values++
    }
  }
  return values >= 2 && values * 2 >= named
}

/** Rows must have at least two filled cells, mostly: prose and code do not. */
function looksTabular(rows: PdfTableRow[], headerRows: number, minBody = 2): boolean {
  const body = rows.slice(headerRows)
  const cols = rows[0]?.cells.length ?? 0
  if (cols < 2 || body.length < minBody) return false
  const multi = body.filter((r) => r.cells.filter((c) => c.text).length >= 2).length
  if (multi < body.length * 0.6) return false
  // Every column says something in at least two rows.
  for (let c = 0; c < cols; c++)
    if (rows.filter((r) => r.cells[c]!.text).length < Math.min(2, body.length)) return false
  return !isEquationOrCode(body)
}

/** An equation's number at the right margin: "(3)", "(3.1)", "(4a)". */
const EQUATION_NUMBER = /^\(\d+(\.\d+)*[a-z]?\)$/

const RELATION = /(^|\s)(=|:=|≡|≈|≤|≥|<|>|≠|∼|~)(\s|$)|^=|=$/

/**
 * A relation sign, a console's prompt or continuation mark, a code comment's mark, a list's bullet
 * (a bulleted list whose items wrap reads as a column of bullets beside a column of text).
 */
const NOT_A_VALUE = /^(=|:=|≡|≈|≤|≥|<|>|<=|>=|≠|∼|~|→|R>|\+|\$|#|%|>>>|\/\/|[•◦‣∙▪●○■□►▸])$/

/**
 * Displayed equations set one under another ("r = 1 − k − c (1)"), a console transcript ("R>"
 * and "+" before each line of a call) and code with its comments aligned ("# Read data") line up
 * like columns, but one of their columns is nothing but that sign or mark; so does a bulleted list.
 */
function isEquationOrCode(body: PdfTableRow[]): boolean {
  const cols = body[0]?.cells.length ?? 0
  for (let c = 0; c < cols; c++) {
    const filled = body.map((r) => r.cells[c]!.text).filter((t) => t)
    if (filled.length >= 2 && filled.every((t) => NOT_A_VALUE.test(t))) return true
  }
  // Numbered displayed equations: the last filled column is nothing but their numbers, and each
  // numbered line is a relation ("λ(t) = eβ0+β1x1 (3.1)"); a column of counts in parentheses
  // without one ("118pt, (10)") is a table's.
  for (let c = cols - 1; c >= 0; c--) {
    const numbered = body.filter((r) => r.cells[c]!.text)
    if (numbered.length === 0) continue
    return (
      numbered.length >= 2 &&
      numbered.every(
        (r) =>
          EQUATION_NUMBER.test(r.cells[c]!.text) &&
          r.cells.some((cell, d) => d !== c && RELATION.test(cell.text)),
      )
    )
  }
  return false
}

function dropEmptyColumns(rows: PdfTableRow[]): PdfTableRow[] {
  const n = rows[0]?.cells.length ?? 0
  const keep = [...Array(n).keys()].filter((c) => rows.some((r) => r.cells[c]!.text))
  return rows.map((r) => ({ ...r, cells: keep.map((c) => r.cells[c]!) }))
}

interface Found {
  rows: PdfTableRow[]
  headerRows: number
  strategy: PdfTable['strategy']
  lines: number[]
  /** A drawn table's title line just above it (char-grid-lines.ts), its caption failing a "Table N" one. */
  title?: number | null
}

function fromRegion(region: RuledRegion, lines: TextLine[]): Found | null {
  const within = lines.filter(
    (l) => l.words.length > 0 && l.words.every((w) => centreInside(w.box, region.box, 1)),
  )
  // A caption printed inside the table's box (its first or last line) is the caption, not a row.
  const ruledInside = within.filter(
    (l, i) => !((i === 0 || i === within.length - 1) && CAPTION.test(l.text.trim())),
  )
  if (ruledInside.length < 2) return null
  const em = ruledInside[0]!.fontSize || 10
  const onTop = headerOnTopRule(region, ruledInside, lines, em)
  const inside = onTop ? [onTop, ...ruledInside] : ruledInside
  const headerRule = region.headerRule
  const headerLines = new Set(
    onTop
      ? [onTop.line]
      : headerRule === null
        ? []
        : inside.filter((l) => Math.min(...l.words.map((w) => w.box.y)) > headerRule).map((l) => l.line),
  )
  if (headerLines.size === inside.length) headerLines.clear()
  const body = inside.filter((l) => !headerLines.has(l.line))
  // Rules without vertical ones bound a table only when its words stand in columns: lines of
  // prose between two rules (a paragraph under a rule, over a footnote rule) have no wide gaps.
  if (region.columns.length === 0 && !body.some(hasWideGap)) return null
  const separators = region.columns.length
    ? withUnruledColumns(region.columns, body, em)
    : columnSeparators(
        body.flatMap((l) => l.words),
        em,
      )
  const words = inside.flatMap((l) => l.words)
  let rows = gridRows({ words, separators, rules: region.rules, headerLines, ruled: true })
  let headerRows = rows.filter((r) => headerLines.has(lineOfRow(r, words))).length
  if (headerLines.size === 0)
    headerRows = region.columns.length ? Math.min(1, rows.length - 1) : numericHeader(rows)
  spreadHeaderSpans(rows, headerRows)
  rows = joinStrayColumns(dropEmptyColumns(rows), em)
  if (!looksTabular(rows, headerRows)) return null
  return {
    rows,
    headerRows,
    strategy: region.columns.length ? 'lines' : 'text',
    lines: inside.map((l) => l.line),
  }
}

/**
 * A frame's vertical rules and the columns its words show between them: a table may rule only
 * some of its columns apart (LaTeX's `{cccc|cccc}`: coin's Table 2 read as two columns of four
 * values each). A gap of WIDE_GAP ems that no body word crosses, away from a rule, parts columns
 * too; the word spaces inside a ruled cell's text are far narrower.
 */
function withUnruledColumns(rules: number[], body: TextLine[], em: number): number[] {
  const words = body.flatMap((l) => l.words)
  const gaps = columnSeparators(words, em, WIDE_GAP).filter((x) => rules.every((r) => Math.abs(r - x) > em))
  const all = [...rules, ...gaps].sort((a, b) => a - b)
  // Names explained in parentheses set apart ("Ad   (Additive damped)") are one cell: a column
  // opened by a gap where every line with a word just left of it goes on with a parenthesis
  // stays with the one on its left.
  return all.filter((x, i) => {
    if (rules.includes(x)) return true
    const prev = all[i - 1] ?? -Infinity
    const next = all[i + 1] ?? Infinity
    const within = (w: PageWord, a: number, b: number) =>
      w.box.x + w.box.w / 2 > a && w.box.x + w.box.w / 2 < b
    const firsts = body
      .filter((l) => l.words.some((w) => within(w, prev, x)))
      .map((l) => l.words.find((w) => within(w, x, next)))
    return !(firsts.length > 0 && firsts.every((w) => w?.text.startsWith('(')))
  })
}

/**
 * A table ruled under its header and at its foot only (no rule over the header) is bounded by the
 * rule under the header: the header line sits on the region's top rule, within an em above it.
 * Left out, it was read into the caption above ("Table 3: Melanoma data. In situ Control Total").
 */
function headerOnTopRule(
  region: RuledRegion,
  inside: TextLine[],
  lines: TextLine[],
  em: number,
): TextLine | null {
  if (region.columns.length > 0 || region.headerRule !== null) return null
  const above = lines[inside[0]!.line - 1]
  // A header names columns apart (wide gaps); a title over the table is one phrase.
  if (!above || !hasWideGap(above) || !headerAbove(above, inside)) return null
  const top = region.box.y + region.box.h
  const low = Math.min(...above.words.map((w) => w.box.y))
  return low > top && low - top <= em ? above : null
}

function lineOfRow(r: PdfTableRow, words: PageWord[]): number {
  return words.find((w) => w.start >= r.start && w.end <= r.end)?.line ?? -1
}

function fromRun(run: TextLine[], above: TextLine | undefined, wrapped: ReadonlySet<number>): Found | null {
  const em = run[0]!.fontSize || 10
  const withHeader = headerAbove(above, run) && !sentenceAbove(above!, run)
  const all = withHeader ? [above!, ...run] : run
  const separators = columnSeparators(
    run.flatMap((l) => l.words),
    em,
  )
  // A printout's header line with its rows right-aligned under it: one row is a table already.
  const printout = !withHeader && run.length >= 2 && run.slice(1).every((l) => rightAlignedUnder(run[0]!, l))
  const twoWay = withHeader && crossTabHeader(above!, run)
  const headerLines = new Set(
    twoWay ? [above!.line, run[0]!.line] : withHeader ? [above!.line] : printout ? [run[0]!.line] : [],
  )
  const drawn = withoutDrawnRules(
    gridRows({ words: all.flatMap((l) => l.words), separators, headerLines, wrapped }),
  )
  let rows = drawn.rows
  const headerRows = twoWay ? 2 : withHeader || printout || drawn.ruledHeader ? 1 : numericHeader(rows)
  spreadHeaderSpans(rows, headerRows)
  if (twoWay) nameEveryValueColumn(rows[0]!)
  rows = joinStrayColumns(
    joinParentheticalColumns(
      joinHeaderWords(joinTightColumns(dropEmptyColumns(rows), headerRows, em), headerRows, em),
      headerRows,
      em,
    ),
    em,
  )
  if (!looksTabular(rows, headerRows, printout ? 1 : 2) || rows.length < (printout ? 2 : 3)) return null
  return { rows, headerRows, strategy: 'text', lines: all.map((l) => l.line) }
}

/**
 * A two-way count table as R prints it (`table(from, to)`, `statetable.msm`): the column
 * variable's name alone on a line over the values ("to"), and under it the row variable's name in
 * the row-label column followed by the column values ("from 1 2 3 4"). Both lines are the header;
 * read as one, the values line was taken for the first body row.
 */
function crossTabHeader(above: TextLine, run: TextLine[]): boolean {
  if (above.words.length !== 1 || run.length < 3) return false
  const [first, ...values] = run[0]!.words
  if (!first || values.length < 1 || !/^[A-Za-z][\w.]*$/.test(first.text)) return false
  // The column variable stands over the values, right of the row variable.
  if (above.words[0]!.box.x < first.box.x + first.box.w - 1) return false
  // Every body line is a row label and a count under each value: a wrapped cell of a table of
  // words (one word carried to the line above) is no such header.
  const count = /^[-+−]?\d+([.,]\d+)?$/
  return run
    .slice(1)
    .every(
      (l) =>
        l.words.length === run[0]!.words.length &&
        l.words[0]!.box.x + l.words[0]!.box.w <= first.box.x + first.box.w + 1 &&
        l.words.slice(1).every((w) => count.test(w.text)),
    )
}

/** The column variable's name over every column but the row labels' (it names them all). */
function nameEveryValueColumn(row: PdfTableRow): void {
  const label = row.cells.find((c) => c.text)
  if (!label) return
  row.cells = row.cells.map((_, d) =>
    d === 0 ? { text: '', box: null, start: label.start, end: label.start } : { ...label },
  )
}

function hasCaptionNear(found: Found, lines: TextLine[]): boolean {
  const c = captionCandidates(found, lines)
  return c.above.length + c.below.length > 0
}

/** The caption lines near a table: those below it (nearest first), and those above it. */
function captionCandidates(found: Found, lines: TextLine[]): { below: number[]; above: number[] } {
  const first = Math.min(...found.lines)
  const last = Math.max(...found.lines)
  const isCaption = (i: number) => i >= 0 && i < lines.length && CAPTION.test(lines[i]!.text.trim())
  return {
    below: Array.from({ length: CAPTION_REACH }, (_, k) => last + 1 + k).filter(isCaption),
    above: Array.from({ length: CAPTION_REACH_ABOVE }, (_, k) => first - 1 - k).filter(isCaption),
  }
}

/**
 * The table's caption: a caption line on the side the page's tables put theirs (`prefer`, from
 * the tables with a caption on one side only), else on the other side, not one another table took.
 */
function captionOf(
  found: Found,
  lines: TextLine[],
  page: CleanPage,
  prefer: 'above' | 'below',
  used: Set<number>,
): (PdfTable['caption'] & { lines: number[] }) | null {
  const first = Math.min(...found.lines)
  const { below, above } = captionCandidates(found, lines)
  const near = (prefer === 'above' ? [...above, ...below] : [...below, ...above]).filter((i) => !used.has(i))
  for (const i of near) {
    const taken = [i]
    if (i < first) {
      // Above the table: the caption is every line from its first down to the table.
      for (let k = i + 1; k < first; k++) taken.push(k)
    } else {
      // Below: it runs on until a line ends a sentence, at most three lines, each set close under
      // the one before (a caption without a full stop is followed by the next paragraph a blank
      // line lower: Speex's "Table 9.1: Bit allocation for narrowband modes", then "So far, …").
      while (
        taken.length < 3 &&
        !/[.:]$/.test(lines[taken.at(-1)!]!.text.trim()) &&
        taken.at(-1)! + 1 < lines.length &&
        !found.lines.includes(taken.at(-1)! + 1) &&
        setUnder(lines[taken.at(-1)!]!, lines[taken.at(-1)! + 1]!)
      )
        taken.push(taken.at(-1)! + 1)
    }
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

/** Lines further apart than this (in line heights) are not one caption. */
const CAPTION_LEADING = 1.6

/** Whether `next` is set right under `line`, as a caption's next line is, not a blank line below. */
function setUnder(line: TextLine, next: TextLine): boolean {
  if (line.words.length === 0 || next.words.length === 0) return false
  return baseline(line) - baseline(next) <= CAPTION_LEADING * (line.fontSize || 10)
}

/** A drawn table's title line ("Descriptives"), as its caption. */
function titleCaption(found: Found, page: CleanPage): ReturnType<typeof captionOf> {
  if (found.title === undefined || found.title === null) return null
  const l = page.lines[found.title]!
  return { text: page.text.slice(l.start, l.end).trim(), start: l.start, end: l.end, lines: [found.title] }
}

/**
 * A stack of rules without vertical ones can hold two tables one above the other, the same width
 * (the end of one table, then the next one's caption and rules): a caption line between two of its
 * rules parts it into one region per table.
 */
function splitAtCaptions(region: RuledRegion, lines: TextLine[]): RuledRegion[] {
  if (region.columns.length > 0) return [region]
  const top = region.box.y + region.box.h
  const bottom = region.box.y
  const captions = lines
    .filter((l) => l.words.length > 0 && CAPTION.test(l.text.trim()))
    .map((l) => Math.max(...l.words.map((w) => w.box.y)))
    .filter((y) => y < top && y > bottom)
  if (captions.length === 0) return [region]
  const rules = [top, ...region.rules, bottom].sort((a, b) => b - a)
  const groups: number[][] = [[]]
  for (const y of rules) {
    const last = groups.at(-1)!
    if (last.length > 0 && captions.some((c) => c < last.at(-1)! && c > y)) groups.push([y])
    else last.push(y)
  }
  return groups
    .filter((g) => g.length >= 2)
    .map((g) => {
      const inner = g.slice(1, -1)
      return {
        box: { x: region.box.x, y: g.at(-1)!, w: region.box.w, h: g[0]! - g.at(-1)! },
        columns: [],
        rules: inner,
        headerRule: inner[0] ?? null,
      }
    })
}

/** Lines of the page with a gap of at least WIDE_GAP ems between two of their items (up to 2). */
function columnLaidLines(page: CleanPage): number {
  let n = 0
  let line = 0
  let counted = -1
  let prev = null as { line: number; right: number } | null
  for (const it of page.items) {
    while (line < page.lines.length - 1 && page.lines[line]!.end < it.start) line++
    if (it.end <= it.start || !hasNonSpace(page.text, it.start, it.end)) continue
    const em = page.lines[line]!.fontSize || 10
    if (prev?.line === line && counted !== line && it.x - prev.right >= WIDE_GAP * em) {
      counted = line
      if (++n >= 2) return n
    }
    prev = { line, right: it.x + it.w }
  }
  return n
}

/** The tables of one page. `rulings` are the page's ruling segments (page-rulings.ts), if read. */
export function detectPageTables(page: CleanPage, rulings: Segment[] = []): PdfTable[] {
  if (page.lines.length === 0) return []
  // Tables drawn with characters first: their lines are theirs, and no other strategy reads them.
  const drawn = pageCharGrids(page)
  // Most pages are prose: without rulings and without two lines laid out in columns there is no
  // table to find, and the words need not be split out.
  if (drawn.length === 0 && rulings.length === 0 && columnLaidLines(page) < 2) return []
  const words = pageWords(page)
  // Code listings and console output marks are not tables (code-and-console.ts).
  const lines = withoutListings(withoutOutputMarks(textLines(page, words)))
  const found: Found[] = []
  const taken = new Set<number>()
  for (const d of drawn) {
    found.push({ ...d, strategy: 'characters' })
    for (const l of d.lines) taken.add(l)
    if (d.title !== null) taken.add(d.title)
  }
  for (const region of ruledRegions(rulings).flatMap((r) => splitAtCaptions(r, lines))) {
    const f = fromRegion(region, lines)
    if (!f || f.lines.some((l) => taken.has(l))) continue
    found.push(f)
    for (const l of f.lines) taken.add(l)
  }
  const rest = lines.filter((l) => !taken.has(l.line))
  const wrapped = new Set<number>()
  for (const run of candidateRuns(rest, 2, wrapped).flatMap(splitAtRepeatedHeaders)) {
    const above = lines[run[0]!.line - 1]
    const f = fromRun(run, above && !taken.has(above.line) ? above : undefined, wrapped)
    // Text cut into cells is no table (code-and-console.ts), unless a "Table N" caption says so.
    if (f && !(phrasesCutIntoCells(f.rows, f.headerRows) && !hasCaptionNear(f, lines))) {
      found.push(f)
      for (const l of f.lines) taken.add(l)
    }
  }
  const tables: PdfTable[] = []
  // Which side the page's tables put their captions: told by the tables with one on one side only.
  let votes = 0
  for (const f of found) {
    const c = captionCandidates(f, lines)
    if (c.above.length > 0 && c.below.length === 0) votes++
    if (c.below.length > 0 && c.above.length === 0) votes--
  }
  const prefer = votes > 0 ? 'above' : 'below'
  const usedCaptions = new Set<number>()
  for (const f of found.sort((a, b) => a.lines[0]! - b.lines[0]!)) {
    const caption = captionOf(f, lines, page, prefer, usedCaptions) ?? titleCaption(f, page)
    for (const l of caption?.lines ?? []) usedCaptions.add(l)
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
 * one). A first row each part repeats is the header; a continuation without its own header
 * takes the first part's header rows.
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
    // A first row both parts open with is the header the table repeats on each page, however
    // little its words differ in kind from the rows (polyglossia's "BCP-47 tag | Polyglossia
    // name | Polyglossia options" over tags and names); a part that repeats the header rows
    // found above has them as its own.
    const repeats = (h: number) =>
      h > 0 &&
      next.rows.length > h &&
      prev.rows.length > h &&
      [...Array(h).keys()].every((k) => headerKey(prev, k) === headerKey(next, k))
    if (next.headerRows === 0) {
      if (prev.headerRows === 0 && repeats(1)) prev.headerRows = next.headerRows = 1
      else if (repeats(prev.headerRows)) next.headerRows = prev.headerRows
    }
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
