import path from 'node:path'
import type { DocumentFormat } from '@shared/importable-files.js'
import type { ParseOptions, ParsedDocument } from '../parse-types.js'
import { structuredDocument, type TextPart } from '../structured-text.js'
import { readDelimited } from './sheets/delimited.js'
import { readOdsSheets } from './sheets/ods.js'
import { sheetTables, type SheetGrid, type SheetReadOptions } from './sheets/sheet-tables.js'
import { readXlsxSheets } from './sheets/xlsx.js'

// Spreadsheets and delimited text: each sheet a part, made of its tables (sheets/sheet-tables.ts),
// each table chunked as passages of whole rows under its header and cited by its cells
// ("penguins!A4:G4"). A CSV or TSV file is one sheet named after the file.

// A workbook's extraction reports progress by rows: reading the sheets' XML (about three quarters
// of the time, measured on a generated 50,000-row sheet) counts three units a row as the rows are
// read, then laying the tables into sections and passages one unit a row, section by section.
const READ_UNITS = 3

/** The reader's `onRows` and the chunker's `onPage`, reporting one rising count to `opts.onPage`. */
function rowProgress(opts: ParseOptions): {
  onRows: (rows: number, expected: number) => void
  chunking: ParseOptions
} {
  let rows = 0
  return {
    onRows: (read, expected) => {
      rows = read
      opts.onPage?.(read * READ_UNITS, expected * (READ_UNITS + 1))
    },
    chunking: {
      ...opts,
      onPage: (done, total) =>
        opts.onPage?.(rows * READ_UNITS + Math.round((rows * done) / total), rows * (READ_UNITS + 1)),
    },
  }
}

function sheetDocument(grids: SheetGrid[], file: string, format: DocumentFormat, opts: ParseOptions) {
  const parts: TextPart[] = grids.map((g) => ({
    title: g.name,
    blocks: sheetTables(g).map((table) => ({ kind: 'table' as const, table })),
  }))
  return structuredDocument({ title: null, unit: 'sheet', parts }, path.basename(file), format, opts)
}

export async function readCsv(
  bytes: Uint8Array,
  file: string,
  opts: ParseOptions = {},
): Promise<ParsedDocument> {
  return sheetDocument([readDelimited(bytes, file)], file, 'csv', opts)
}

export function readXlsx(bytes: Uint8Array, file: string, opts: ParseOptions = {}): Promise<ParsedDocument> {
  return readWorkbook(readXlsxSheets, 'xlsx', bytes, file, opts)
}

export function readOds(bytes: Uint8Array, file: string, opts: ParseOptions = {}): Promise<ParsedDocument> {
  return readWorkbook(readOdsSheets, 'ods', bytes, file, opts)
}

/** A workbook read by its format's sheet reader, its progress counted by rows (rowProgress). */
async function readWorkbook(
  readSheets: (bytes: Uint8Array, file: string, opts: SheetReadOptions) => SheetGrid[],
  format: DocumentFormat,
  bytes: Uint8Array,
  file: string,
  opts: ParseOptions,
): Promise<ParsedDocument> {
  const progress = rowProgress(opts)
  const grids = readSheets(bytes, file, {
    onRows: progress.onRows,
    ...(opts.signal ? { signal: opts.signal } : {}),
  })
  return sheetDocument(grids, file, format, progress.chunking)
}
