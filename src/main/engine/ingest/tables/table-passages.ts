import { columnNames, tableWidth, type Table, type TableRow } from './table-model.js'

// A table → passages of whole rows, each a Markdown table (which local models read) under the
// table's caption, with the header repeated: a row's numbers mean something only beside its
// column names, and a passage that loses the header hands the model digits it cannot attribute.
// A large table is cut into groups of rows, never inside a row.

export interface TablePassage {
  /** The caption line (when the table has one) and the Markdown table. */
  text: string
  /** The body rows the passage holds, in order. */
  rows: TableRow[]
  /** Words of the passage, as chunking counts them (pipes and the rule line aside). */
  words: number
}

export interface TablePassageOptions {
  /** A group of rows closes once the passage reaches this many words. */
  targetWords: number
  /** A group never grows past this many words, unless one row alone is longer. */
  maxWords: number
}

/** A cell's text inside a Markdown table row: a pipe escaped, line breaks as spaces. */
const cellText = (s: string) => s.replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|')

export function markdownRow(cells: string[]): string {
  return `| ${cells.map(cellText).join(' | ')} |`
}

/** Words of a text, as chunking counts them: runs of non-space, pipes not counting. */
export function tableWords(s: string): number {
  return s.match(/[^\s|]+/g)?.filter((w) => !/^:?-{3,}:?$/.test(w)).length ?? 0
}

/** The header lines of a table's Markdown: column names and the rule under them. */
export function headerLines(t: Table): string[] {
  const width = tableWidth(t)
  const names = columnNames(t)
  // Without a header row the rows stand alone: an empty header line would only cost words.
  if (width === 0 || !names.some(Boolean)) return []
  return [markdownRow(names), `|${' --- |'.repeat(width)}`]
}

export function captionLine(t: Table): string | null {
  if (!t.caption) return null
  // A continuation's own printed caption often says so already ("Table 3 (continued)").
  return t.continuation?.fromPrevious && !/\bcontinued\b/i.test(t.caption)
    ? `${t.caption} (continued)`
    : t.caption
}

/**
 * A body row as a Markdown row. Empty cells at its end are left out (GitHub's tables read a short
 * row as padded): a sparse row of a wide sheet would otherwise cost a model tokens for nothing.
 */
export function bodyLine(row: TableRow): string {
  const cells = row.cells.map((c) => c.text)
  while (cells.length > 1 && !cells.at(-1)) cells.pop()
  return markdownRow(cells)
}

/**
 * The table's passages: caption, header and as many whole rows as fit `targetWords` (and never
 * `maxWords`, unless a single row is longer). Notes under the table go with its last passage.
 * Rows without any text are left out.
 */
export function tablePassages(table: Table, opts: TablePassageOptions): TablePassage[] {
  // A table of header cells only (an HTML table all of <th>) is read as its rows.
  const hasBody = table.body.some((r) => r.cells.some((c) => c.text))
  const t = hasBody ? table : { ...table, header: [], body: table.header }
  const caption = captionLine(t)
  const head = [...(caption ? [caption] : []), ...headerLines(t)]
  const headWords = tableWords(head.join('\n'))
  const notes = t.notes.join('\n')
  const out: TablePassage[] = []
  let lines: string[] = []
  let rows: TableRow[] = []
  let words = headWords
  const close = () => {
    if (rows.length === 0) return
    out.push({ text: [...head, ...lines].join('\n'), rows, words })
    lines = []
    rows = []
    words = headWords
  }
  for (const row of t.body) {
    if (!row.cells.some((c) => c.text)) continue
    const line = bodyLine(row)
    const w = tableWords(line)
    if (rows.length > 0 && words + w > opts.maxWords) close()
    lines.push(line)
    rows.push(row)
    words += w
    if (words >= opts.targetWords) close()
  }
  close()
  const last = out.at(-1)
  if (last && notes) {
    last.text += `\n${notes}`
    last.words += tableWords(notes)
  }
  return out
}
