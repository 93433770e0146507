import path from 'node:path'
import { parse } from 'csv-parse/sync'
import { QuireError } from '@shared/errors.js'
import { decodeText } from '../decode-text.js'
import { generalNumber } from './number-format.js'
import {
  filledCells,
  MAX_SHEET_ROWS,
  RowBudget,
  tooManyRows,
  type SheetGrid,
  type SheetRow,
} from './sheet-tables.js'

// Delimited text (.csv, .tsv): its encoding (decode-text.ts), delimiter and quote character are
// sniffed from the file, since each program writes its own (Excel in some locales writes ";",
// databases write tabs or "|"). A CSV file is one sheet named after the file; whether its first
// line is a header is decided from its columns (sheet-tables.ts).

const DELIMITERS = [',', ';', '\t', '|'] as const

/** The first lines of the text, for sniffing (a quoted field's line breaks may cut one short). */
const sampleLines = (text: string) =>
  text
    .slice(0, 64 * 1024)
    .split(/\r\n|\n|\r/)
    .slice(0, 50)
    .filter((l) => l.trim() !== '')

/** Occurrences of `ch` in a line outside double-quoted fields. */
function countOutsideQuotes(line: string, ch: string, quote: string): number {
  let n = 0
  let quoted = false
  for (const c of line) {
    if (c === quote) quoted = !quoted
    else if (c === ch && !quoted) n++
  }
  return n
}

/** The quote character: a double quote, unless fields are quoted with single quotes only. */
export function sniffQuote(text: string): string {
  const sample = text.slice(0, 64 * 1024)
  if (sample.includes('"')) return '"'
  return /(^|[,;\t|])'[^'\n]*'(?=[,;\t|]|$)/m.test(sample) ? "'" : '"'
}

/**
 * The delimiter that splits the sample's lines into the same number of fields most consistently
 * (csv.Sniffer's idea): of , ; tab and |, the one whose most common count per line is shared by
 * the most lines, more fields breaking a tie. A file of one column has none: `fallback`.
 */
export function sniffDelimiter(text: string, quote = '"', fallback = ','): string {
  const lines = sampleLines(text)
  let best = { d: fallback, agree: 0, fields: 0 }
  for (const d of DELIMITERS) {
    const counts = lines.map((l) => countOutsideQuotes(l, d, quote))
    const freq = new Map<number, number>()
    for (const c of counts) if (c > 0) freq.set(c, (freq.get(c) ?? 0) + 1)
    for (const [fields, agree] of freq)
      if (agree > best.agree || (agree === best.agree && fields > best.fields)) best = { d, agree, fields }
  }
  return best.d
}

const NUMBER = /^-?\d+(\.\d+)?(e[-+]?\d+)?$/i

/** A field as shown: a plain number as a spreadsheet shows it (15 significant digits), any other as it is. */
export function displayField(v: string): string {
  const t = v.trim()
  if (!NUMBER.test(t)) return t
  return generalNumber(Number(t))
}

/** A .csv or .tsv file as a sheet named after the file. */
export function readDelimited(bytes: Uint8Array, file: string): SheetGrid {
  const name = path.basename(file)
  const text = decodeText(bytes, name)
  const quote = sniffQuote(text)
  const delimiter = sniffDelimiter(text, quote, /\.tsv$/i.test(name) ? '\t' : ',')
  let records: string[][]
  try {
    records = parse(text, {
      delimiter,
      quote,
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      // One record past the limit says the file is too large, without reading the rest.
      to: MAX_SHEET_ROWS + 1,
    }) as string[][]
  } catch (err) {
    throw new QuireError(
      'DOC_CORRUPT',
      `${name} cannot be read as delimited text (${err instanceof Error ? err.message : String(err)}).`,
    )
  }
  if (records.length > MAX_SHEET_ROWS)
    throw tooManyRows(name, `it goes on past line ${MAX_SHEET_ROWS.toLocaleString('en-US')}`)
  const sheet = name.replace(/\.(csv|tsv)$/i, '')
  const budget = new RowBudget(name)
  const rows = records.map((cells, i): SheetRow => {
    const row: SheetRow = {
      n: i + 1,
      cells: cells.map((c) => {
        const text = displayField(c)
        return text ? { text, numeric: NUMBER.test(c.trim()) } : undefined
      }),
    }
    budget.take(() => `it goes on past line ${(i + 1).toLocaleString('en-US')}`, filledCells(row))
    return row
  })
  return { name: sheet, merges: [], rows }
}
