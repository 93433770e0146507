import type { PageWord } from './page-words.js'

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
export function columnSeparators(words: PageWord[], em: number): number[] {
  const spans = words.map((w) => [w.box.x, w.box.x + w.box.w] as [number, number]).sort((a, b) => a[0] - b[0])
  const seps: number[] = []
  let end = -Infinity
  for (const [a, b] of spans) {
    if (end > -Infinity && a - end >= MIN_SEPARATOR * em) seps.push((a + end) / 2)
    end = Math.max(end, b)
  }
  return seps
}

function baseline(l: TextLine): number {
  return Math.max(...l.words.map((w) => w.box.y))
}

/**
 * Runs of consecutive column-laid lines (at least `minRows`), each with the line above it when
 * that line could be its header (no closing colon or full stop, close above).
 */
export function candidateRuns(lines: TextLine[], minRows = 2): TextLine[][] {
  const runs: TextLine[][] = []
  let run: TextLine[] = []
  const close = () => {
    if (run.length >= minRows) runs.push(run)
    run = []
  }
  for (const l of lines) {
    const prev = run.at(-1)
    const near = prev === undefined || baseline(prev) - baseline(l) <= MAX_LEADING * (l.fontSize || 10)
    if (l.words.length >= 2 && hasWideGap(l) && near) run.push(l)
    else {
      close()
      if (l.words.length >= 2 && hasWideGap(l)) run.push(l)
    }
  }
  close()
  return runs
}

/** The line just above a run, taken as the run's header when it looks like one. */
export function headerAbove(above: TextLine | undefined, run: TextLine[]): boolean {
  if (!above) return false
  const t = above.text.trim()
  if (/[:.;]$/.test(t) || t.split(/\s+/).length > 14) return false
  const em = above.fontSize || 10
  if (baseline(above) - baseline(run[0]!) > MAX_LEADING * em) return false
  const x0 = Math.min(...run.flatMap((l) => l.words.map((w) => w.box.x)))
  const x1 = Math.max(...run.flatMap((l) => l.words.map((w) => w.box.x + w.box.w)))
  return above.words.every((w) => w.box.x >= x0 - 2 * em && w.box.x + w.box.w <= x1 + 2 * em)
}
