import type { PageWord } from './page-words.js'
import { CAPTION } from './table-signals.js'

// The whitespace strategy (pdfplumber's "text", Tabula's and Camelot's "stream", after Nurminen):
// a run of lines whose words leave wide gaps is a table candidate; its columns are the x ranges
// the words of its rows cover, parted by gaps no row crosses.

export interface TextLine {
  line: number
  words: PageWord[]
  fontSize: number
  text: string
}

/** A gap between two words of a line this wide (in ems) says the line is laid out in columns. */
export const WIDE_GAP = 0.9
/** Columns are parted by gaps at least this wide (in ems) in every row. */
const MIN_SEPARATOR = 0.35
/** Lines further apart than this (in line heights) do not belong to one table. */
const MAX_LEADING = 2.2

export function hasWideGap(l: TextLine): boolean {
  const em = l.fontSize || 10
  for (let i = 1; i < l.words.length; i++) {
    const a = l.words[i - 1]!.box
    const b = l.words[i]!.box
    if (b.x - (a.x + a.w) >= WIDE_GAP * em) return true
  }
  return false
}

/** x separators between the column ranges the words cover (gaps no word crosses). */
export function columnSeparators(words: PageWord[], em: number, minGap = MIN_SEPARATOR): number[] {
  const spans = words.map((w) => [w.box.x, w.box.x + w.box.w] as [number, number]).sort((a, b) => a[0] - b[0])
  const seps: number[] = []
  let end = -Infinity
  for (const [a, b] of spans) {
    if (end > -Infinity && a - end >= minGap * em) seps.push((a + end) / 2)
    end = Math.max(end, b)
  }
  return seps
}

/** Word edges this close (in ems) are aligned. */
const ALIGNED = 0.25

/**
 * A line whose columns happen to be a word space apart ("fm1 rating ~ temp + contact logit
 * flexible" under "fm2 rating ~ temp           logit flexible") still continues a run when it
 * starts where the line above starts, stays within its width, and has a word starting at each
 * place a column opens after a wide gap in the line above.
 */
export function alignedRow(above: TextLine, l: TextLine): boolean {
  const em = l.fontSize || 10
  const starts: number[] = []
  for (let i = 1; i < above.words.length; i++) {
    const a = above.words[i - 1]!.box
    const b = above.words[i]!.box
    if (b.x - (a.x + a.w) >= WIDE_GAP * em) starts.push(b.x)
  }
  if (starts.length === 0) return false
  const left = above.words[0]!.box.x
  const right = Math.max(...above.words.map((w) => w.box.x + w.box.w))
  if (Math.abs(l.words[0]!.box.x - left) > ALIGNED * em) return false
  if (l.words.some((w) => w.box.x + w.box.w > right + ALIGNED * em)) return false
  return starts.every((x) => l.words.some((w) => Math.abs(w.box.x - x) <= ALIGNED * em))
}

/** A line's words grouped where a wide gap parts them: the cells of a header line. */
function wideGapGroups(l: TextLine): PageWord[][] {
  const em = l.fontSize || 10
  const groups: PageWord[][] = []
  for (const w of l.words) {
    const last = groups.at(-1)?.at(-1)
    if (last && w.box.x - (last.box.x + last.box.w) < WIDE_GAP * em) groups.at(-1)!.push(w)
    else groups.push([w])
  }
  return groups
}

/**
 * A printout's row under its header line: R right-aligns each column's name over its values, and
 * prints a row's values a single space apart ("Training set 1.162583 52.00363 …" under "ME  RMSE
 * …"), so the row has no wide gap of its own. The header leaves the row-label column empty, holds
 * no decimals, and has at least two names; each name ends where a word of the row ends, and the
 * row holds decimal values.
 */
export function rightAlignedUnder(header: TextLine, l: TextLine): boolean {
  const em = l.fontSize || 10
  if (l.words.length < 2 || header.words.length < 2) return false
  if (header.words[0]!.box.x - l.words[0]!.box.x < em) return false
  if (header.words.some((w) => /^[-+−]?\d*[.,]\d+/.test(w.text))) return false
  if (!l.words.some((w) => /^[-+−]?\d*\.\d+/.test(w.text))) return false
  const names = wideGapGroups(header)
  if (names.length < 2) return false
  const ends = l.words.map((w) => w.box.x + w.box.w)
  return names.every((g) => {
    const end = g.at(-1)!.box.x + g.at(-1)!.box.w
    return ends.some((e) => Math.abs(e - end) <= ALIGNED * em)
  })
}

/** A line's baseline: the highest of its words' baselines. */
export function baseline(l: TextLine): number {
  return Math.max(...l.words.map((w) => w.box.y))
}

/**
 * Runs of consecutive column-laid lines (at least `minRows`), each with the line above it when
 * that line could be its header (no closing colon or full stop, close above). The lines taken as
 * a cell wrapped below its row (wrappedCellLine) are added to `wrapped`, for the grid to join.
 */
export function candidateRuns(lines: TextLine[], minRows = 2, wrapped?: Set<number>): TextLine[][] {
  const runs: TextLine[][] = []
  let run: TextLine[] = []
  let columns = new RunColumns()
  const push = (l: TextLine) => {
    run.push(l)
    columns.add(l)
  }
  const close = () => {
    if (run.length >= minRows) runs.push(run)
    run = []
    columns = new RunColumns()
  }
  lines.forEach((l, i) => {
    const prev = run.at(-1)
    const near = prev === undefined || baseline(prev) - baseline(l) <= MAX_LEADING * (l.fontSize || 10)
    if (
      l.words.length >= 2 &&
      near &&
      (hasWideGap(l) || (prev !== undefined && (alignedRow(prev, l) || onlyRowUnder(run, l, lines[i + 1]))))
    )
      push(l)
    else if (near && run.length > 0 && wrappedCellLine(columns, lines, i)) {
      push(l)
      wrapped?.add(l.line)
    } else {
      close()
      if (l.words.length >= 2 && hasWideGap(l)) push(l)
    }
  })
  close()
  return runs
}

/**
 * A cell wrapped onto a line of its own ("script=blackletter" under "de-Latf-AT  german
 * variant=austrian, spelling=new,"): each of the line's word groups starts where a column after
 * the first starts in the run's lines, and a row of the table comes again after it, next or after
 * more such lines (a command's description wrapped over four lines beside it, FireHOL's tables).
 * The grid joins them to the row above (table-grid.ts).
 */
function wrappedCellLine(columns: RunColumns, lines: TextLine[], at: number): boolean {
  for (let k = at; k < lines.length && k < at + MAX_WRAPPED_LINES; k++) {
    const l = lines[k]!
    if (!atColumnStarts(columns, l)) return false
    const next = lines[k + 1]
    // The table's last row wrapped: nothing follows close below (the page or the block ends).
    if (!next || baseline(l) - baseline(next) > MAX_LEADING * (next.fontSize || 10)) return true
    if (next.words.length >= 2 && hasWideGap(next)) return true
  }
  return false
}

/** Lines one cell may wrap over below its row's first. */
const MAX_WRAPPED_LINES = 8

/** Each of the line's word groups starts where a column after the first starts in the run. */
function atColumnStarts(columns: RunColumns, l: TextLine): boolean {
  if (l.words.length === 0) return false
  const em = l.fontSize || 10
  return wideGapGroups(l).every((g) => {
    const x = g[0]!.box.x
    return x - columns.left >= em && columns.startsNear(x, ALIGNED * em)
  })
}

/**
 * Where a run's lines start (the leftmost) and where their columns after the first start, kept as
 * the run grows, so that testing a line against the run costs the same however long the run.
 */
class RunColumns {
  left = Infinity
  private readonly starts: number[] = []

  add(l: TextLine): void {
    if (l.words.length > 0) this.left = Math.min(this.left, l.words[0]!.box.x)
    for (const g of wideGapGroups(l).slice(1)) {
      const x = g[0]!.box.x
      // Columns start at the same places row after row: each place once.
      if (!this.starts.some((s) => Math.abs(s - x) < 0.1)) this.starts.push(x)
    }
  }

  startsNear(x: number, tolerance: number): boolean {
    return this.starts.some((s) => Math.abs(s - x) <= tolerance)
  }
}

/**
 * The one row of a printout under its header line (rightAlignedUnder), when the line after it is
 * no such row. Longer printouts whose values fall a space apart stay text: read as tables, their
 * rows parted the call that printed them from the prose that asks for it (the second set's zoo
 * manual: rollapply's output between its description and the call with fill = NA).
 */
function onlyRowUnder(run: TextLine[], l: TextLine, next: TextLine | undefined): boolean {
  if (run.length !== 1 || !rightAlignedUnder(run[0]!, l)) return false
  return !(next && next.words.length >= 2 && rightAlignedUnder(run[0]!, next))
}

const NUMBER = /^[-+−]?\d*[.,]?\d+([eE][-+]?\d+)?%?$/

/** A console's prompt opening a line: R's, a shell's, Python's. */
const PROMPT = /^(R>|>|\$|>>>)\s/

/** The line just above a run, taken as the run's header when it looks like one. */
export function headerAbove(above: TextLine | undefined, run: TextLine[]): boolean {
  if (!above) return false
  const t = above.text.trim()
  if (/[:.;]$/.test(t) || t.split(/\s+/).length > 14) return false
  // A caption ("Table 5: Drivers and color models") names the table; read as its header, its
  // words were spread over the columns as a first row.
  if (CAPTION.test(t)) return false
  // A line of numbers is a row (a matrix's first row), never a header.
  if (above.words.every((w) => NUMBER.test(w.text))) return false
  // The call that printed the table ("R> fcast") is its label, not its header.
  if (PROMPT.test(t)) return false
  const em = above.fontSize || 10
  if (baseline(above) - baseline(run[0]!) > MAX_LEADING * em) return false
  const x0 = Math.min(...run.flatMap((l) => l.words.map((w) => w.box.x)))
  const x1 = Math.max(...run.flatMap((l) => l.words.map((w) => w.box.x + w.box.w)))
  return above.words.every((w) => w.box.x >= x0 - 2 * em && w.box.x + w.box.w <= x1 + 2 * em)
}

/**
 * A header line of a printout: its row-label column is empty (its first word starts an em right of
 * the run's left edge and past where the row labels mostly end, `labelEnd`) and it holds no
 * decimal values. Row labels centred in their column ("OL pitch",
 * "Innovation VQ" in Speex's bit-allocation table) start at varied places inside that column and
 * are no such header.
 */
function labelFreeHeader(l: TextLine, left: number, labelEnd: number): boolean {
  const em = l.fontSize || 10
  const x = l.words[0]!.box.x
  return x - left >= em && x >= labelEnd && !l.words.some((w) => /^[-+−]?\d*[.,]\d+/.test(w.text))
}

/**
 * Where the row labels of a run mostly end: the median right edge of the first word of the lines
 * that start at its left edge (within an em). -Infinity when no line does.
 */
function labelColumnEnd(run: TextLine[], left: number): number {
  const ends = run
    .filter((l) => l.words[0]!.box.x - left < (l.fontSize || 10))
    .map((l) => l.words[0]!.box.x + l.words[0]!.box.w)
    .sort((a, b) => a - b)
  return ends.length ? ends[Math.floor(ends.length / 2)]! : -Infinity
}

/**
 * A printout too wide for the page prints its columns in blocks, each under its own header line
 * ("State 1 State 2", then "State 3 State 4"): a run whose first line is such a header parts
 * where a line of the same shape comes again, one table per block.
 */
export function splitAtRepeatedHeaders(run: TextLine[]): TextLine[][] {
  const left = Math.min(...run.flatMap((l) => l.words.map((w) => w.box.x)))
  const labelEnd = labelColumnEnd(run, left)
  const first = run[0]!
  if (!labelFreeHeader(first, left, labelEnd)) return [run]
  const parts: TextLine[][] = [[first]]
  for (const l of run.slice(1)) {
    if (l.words.length === first.words.length && labelFreeHeader(l, left, labelEnd)) parts.push([l])
    else parts.at(-1)!.push(l)
  }
  return parts
}
