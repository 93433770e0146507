import type { PdfTableRow } from './table-model.js'
import { columnSeparators, hasWideGap, type TextLine } from './text-tables.js'

// Code and console output set in a monospaced font are not tables. In such a font every word
// starts on the character grid, so words of successive lines line up by chance and the gaps no
// word crosses look like column gaps. Four rules tell these blocks from a real printout of
// columns: a mark in a margin before every line is no column (knitr's "## "); lines numbered in a
// margin beside code are a listing ("771 \tikzset {"); rows whose "cells" cut a phrase apart (a
// bracket opened in one cell and closed in another, cells breaking at commas, an equals sign at a
// cell's edge) are text; and a sentence just above a printout is not its header.

/** The mark knitr ("## ") and reprex ("#> ") print before each line of R's output. */
const OUTPUT_MARK = /^(##|#>)$/

/**
 * The lines with the mark before R's output taken off: what follows the mark is the output, to be
 * read like any printout (a coefficient table stays a table, without a column of "##"). A line
 * that was only the mark is left without words, which ends a run of table lines as a blank does.
 */
export function withoutOutputMarks(lines: TextLine[]): TextLine[] {
  return lines.map((l) =>
    l.words.length > 0 && OUTPUT_MARK.test(l.words[0]!.text)
      ? { ...l, words: l.words.slice(1), text: l.text.replace(/^\s*\S+\s*/, '') }
      : l,
  )
}

/** A line number before a line of a listing ("771", "12:"). */
const LINE_NUMBER = /^(\d{1,5}):?$/
/**
 * Code, which a data frame's rows (numbers, names, NA, intervals such as "[0,4.1)") do not hold:
 * braces, a backslash, a semicolon, an assignment or an arrow, a line ending in a colon.
 */
const CODE_MARK = /[{}\\;=]|<-|->|:$/
/** Numbered lines in sequence that make a listing. */
const MIN_LISTING = 3
/** Lines without a number (wrapped code, a remark) a listing may hold between two numbered ones. */
const MAX_UNNUMBERED = 3

/**
 * The lines of code listings numbered in a margin: at least three lines whose first words count
 * up by one (a few unnumbered lines may fall between), with code after the numbers in half of
 * them or more. An R data frame numbers its rows the same way, but holds values, not code.
 */
export function listingLines(lines: TextLine[]): Set<number> {
  const out = new Set<number>()
  let chain: { index: number; n: number }[] = []
  const close = () => {
    const withCode = chain.filter(({ index }) => CODE_MARK.test(restOf(lines[index]!))).length
    if (chain.length >= MIN_LISTING && withCode * 2 >= chain.length)
      for (const { index } of chain) out.add(lines[index]!.line)
    chain = []
  }
  lines.forEach((l, index) => {
    const m = l.words.length > 0 ? LINE_NUMBER.exec(l.words[0]!.text) : null
    const last = chain.at(-1)
    if (m) {
      const n = Number(m[1])
      if (last && n === last.n + 1 && index - last.index - 1 <= MAX_UNNUMBERED) {
        chain.push({ index, n })
        return
      }
      close()
      chain = [{ index, n }]
    } else if (last && index - last.index > MAX_UNNUMBERED) close()
  })
  close()
  return out
}

function restOf(l: TextLine): string {
  return l.words
    .slice(1)
    .map((w) => w.text)
    .join(' ')
}

/** The lines with those of numbered listings left without words: they are read as text. */
export function withoutListings(lines: TextLine[]): TextLine[] {
  const listing = listingLines(lines)
  return listing.size === 0
    ? lines
    : lines.map((l) => (listing.has(l.line) ? { ...l, words: [], text: '' } : l))
}

/** A cell ending with a comma, or going on after one ("improve=3.186567, (0 missing)"). */
const COMMA_BREAK = /,$|,\s+\S/
/** Two letters in a row: a word, where "1.108e-01," is a number. */
const HAS_WORD = /\p{L}{2}/u
/**
 * An equals sign at the edge of a cell of words: "Function eval. =" | "63", "Convergence code" |
 * "= 0". The sign stands between a name and its value, inside one phrase.
 */
const RELATION_AT_EDGE = /^=\s+\S|\S\s+=$/
const OPENS = /[([{]/g
const CLOSES = /[)\]}]/g
const count = (s: string, re: RegExp) => s.match(re)?.length ?? 0

/**
 * A row whose cells cut a phrase apart: a bracket opened in one cell is closed in a later one
 * ("(0" | "missing)"), two of its cells break at a comma ("left," | "agree=0.863,"), or an equals
 * sign stands at the edge of a cell ("Function eval. =" | "63"): R's printouts of sentences
 * ("gleason < 5.5 to the left, agree=0.863, adj=0.672, (0 split)") and argument lists. A table's
 * cell holds its own brackets, and a row label that ends with a comma ("sex=1," before
 * "ph.ecog=0") is one cell, not two.
 */
export function cutsPhrase(row: PdfTableRow): boolean {
  const cells = row.cells.map((c) => c.text).filter((t) => t)
  if (cells.filter((t) => COMMA_BREAK.test(t) && HAS_WORD.test(t)).length >= 2) return true
  if (cells.some((t) => RELATION_AT_EDGE.test(t))) return true
  let open = 0
  for (const t of cells) {
    const o = count(t, OPENS)
    const c = count(t, CLOSES)
    // Words close what another cell opened; an interval of numbers split at its comma
    // ("(" | "0.11135," | "0.14684)") is a value read in pieces.
    if (open > 0 && c > o && HAS_WORD.test(t)) return true
    open = Math.max(0, open + o - c)
  }
  return false
}

/** Half the body rows or more cut phrases apart: text on the character grid, not a table. */
export function phrasesCutIntoCells(rows: PdfTableRow[], headerRows: number): boolean {
  const body = rows.slice(headerRows)
  return body.length > 0 && body.filter(cutsPhrase).length * 2 >= body.length
}

/** A line of this many words or more, a space apart, is a sentence rather than column names. */
const SENTENCE_WORDS = 4
/** A word of a sentence: letters (a hyphen, an apostrophe), perhaps closed by punctuation. */
const WORD = /^\p{L}[\p{L}'’-]*[:,.;]?$/u

/**
 * A sentence printed just above a printout ("J-Test: degrees of freedom is 1" over "J-test
 * P-value"), not its header: four words or more, a space apart and nearly all of letters, less
 * than an em from the table's left edge, falling over three columns or more of the lines under
 * it. A header names its columns apart (or leaves its row-label column empty), and a first row
 * of values holds numbers. Read as the header, the sentence's words were spread over the columns
 * as if each named one.
 */
export function sentenceAbove(above: TextLine, run: TextLine[]): boolean {
  const words = above.words
  if (words.length < SENTENCE_WORDS || hasWideGap(above)) return false
  if (words.filter((w) => WORD.test(w.text)).length * 4 < words.length * 3) return false
  const em = above.fontSize || 10
  const runWords = run.flatMap((l) => l.words)
  const left = Math.min(...runWords.map((w) => w.box.x))
  // Within a character of the edge (a word's box is its share of its item, not exact); a
  // printout's header line starts an em or more right of it, over the row labels.
  if (Math.abs(words[0]!.box.x - left) >= em) return false
  const seps = columnSeparators(runWords, em)
  const columns = new Set(words.map((w) => seps.filter((x) => x < w.box.x + w.box.w / 2).length))
  return columns.size >= 3
}
