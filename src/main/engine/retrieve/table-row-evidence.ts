import { indexStems } from '../text/identifier-parts.js'
import type { WeightedTerm } from './lexical-score.js'

// A table answers a lookup where a row and a column meet: the row label is in one line of the
// passage and the column's name in the header, often many words above it, so the proximity
// window (lexical-score.ts) never sees them together. A table passage (ingest/tables/) opens with
// its caption and Markdown header; each row read with them is one place the question's words can
// come together.

/** The line under a Markdown table's header: "| --- | :--: |". */
const SEPARATOR = /^\|(\s*:?-{3,}:?\s*\|)+\s*$/

/** Whether a passage holds a Markdown table (a cheap test before reading its rows). */
export function holdsTable(text: string): boolean {
  return text.includes('| --- |') || text.includes('|---|')
}

/** Two Markdown table rows one under the other: a table, with a header line or without one. */
const TWO_ROWS = /^\|.*\|[ \t]*\n\|/m

/** Whether a passage holds table rows, a header line over them or not (a table read headerless). */
export function holdsTableRows(text: string): boolean {
  return holdsTable(text) || TWO_ROWS.test(text)
}

/**
 * The largest IDF-weighted share of the query terms (0..1) found in one row of a Markdown table of
 * the passage together with that table's header line and the caption line above it, over the rows
 * that hold at least one of the terms themselves; 0 when the passage holds no table. (Two rows together, for comparisons, raised the tables set's hit@5 but
 * cost the second set 0.02 of MRR@10: docs/tables.md.)
 */
export function tableRowCoverage(text: string, terms: WeightedTerm[], rowPairs = false): number {
  if (terms.length === 0 || !holdsTable(text)) return 0
  let total = 0
  for (const t of terms) total += t.idf
  if (total <= 0) return 0
  const lines = text.split('\n')
  let best = 0
  for (let i = 1; i < lines.length; i++) {
    if (!SEPARATOR.test(lines[i]!.trim())) continue
    const header = lines[i - 1]!.trim().startsWith('|') ? lines[i - 1]! : ''
    const captionLine = header && i >= 2 ? lines[i - 2]!.trim() : ''
    const caption = captionLine && !captionLine.startsWith('|') ? captionLine : ''
    const above = new Set(indexStems(`${caption} ${header}`))
    // The rows that hold at least one of the words: a row that holds none answers nothing (the
    // header's words alone sit next to the caption, where the proximity window finds them).
    const rows: Set<string>[] = []
    for (let r = i + 1; r < lines.length && lines[r]!.trim().startsWith('|'); r++) {
      const row = new Set(indexStems(lines[r]!))
      if (terms.some((t) => row.has(t.stem))) rows.push(row)
    }
    const share = (a: Set<string>, b?: Set<string>) => {
      let got = 0
      for (const t of terms) if (a.has(t.stem) || b?.has(t.stem) || above.has(t.stem)) got += t.idf
      return got / total
    }
    for (let a = 0; a < rows.length; a++) {
      best = Math.max(best, share(rows[a]!))
      // A comparison names two rows ("cc and pc"): each with its own words, read together.
      if (rowPairs) for (let b = a + 1; b < rows.length; b++) best = Math.max(best, share(rows[a]!, rows[b]))
    }
  }
  return best
}

/**
 * A question that compares ("which is bigger", "lower AIC", "compare their AICs", "Runge-Kutta
 * or lsode"): its answer is in two rows of a table, read together.
 */
const COMPARES =
  /\b(compar(e|es|ed|ing|ison)|versus|vs\.?|(bigger|larger|smaller|lower|higher|narrower|wider|longer|shorter|greater|fewer)\b|(more|less) \w+ than|which (one|run|model|of)\b.*\bor\b)/i

export function comparesRows(question: string): boolean {
  return COMPARES.test(question)
}

/**
 * The caption and header lines of every Markdown table in the passage, as one text: what the
 * table is about and what its columns are, which the score stage reads as part of the passage's
 * heading (score-evidence.ts), a field of its own as a heading is.
 */
export function tableFieldText(text: string): string {
  if (!holdsTable(text)) return ''
  const lines = text.split('\n')
  const out: string[] = []
  for (let i = 1; i < lines.length; i++) {
    if (!SEPARATOR.test(lines[i]!.trim())) continue
    const header = lines[i - 1]!.trim()
    if (!header.startsWith('|')) continue
    out.push(header)
    const caption = i >= 2 ? lines[i - 2]!.trim() : ''
    if (caption && !caption.startsWith('|')) out.push(caption)
  }
  return out.join(' ')
}
