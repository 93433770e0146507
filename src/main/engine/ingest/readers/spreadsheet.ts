import path from 'node:path'
import type { DocumentFormat } from '@shared/importable-files.js'
import type { ParseOptions, ParsedDocument } from '../parse-types.js'
import { structuredDocument, type TextPart } from '../structured-text.js'
import { readDelimited } from './sheets/delimited.js'
import { readOdsSheets } from './sheets/ods.js'
import { sheetTables, type SheetGrid } from './sheets/sheet-tables.js'
import { readXlsxSheets } from './sheets/xlsx.js'

// Spreadsheets and delimited text: each sheet a part, made of its tables (sheets/sheet-tables.ts),
// each table chunked as passages of whole rows under its header and cited by its cells
// ("penguins!A4:G4"). A CSV or TSV file is one sheet named after the file.

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

export async function readXlsx(
  bytes: Uint8Array,
  file: string,
  opts: ParseOptions = {},
): Promise<ParsedDocument> {
  const grids = readXlsxSheets(bytes, file, { ...(opts.signal ? { signal: opts.signal } : {}) })
  return sheetDocument(grids, file, 'xlsx', opts)
}

export async function readOds(
  bytes: Uint8Array,
  file: string,
  opts: ParseOptions = {},
): Promise<ParsedDocument> {
  const grids = readOdsSheets(bytes, file, { ...(opts.signal ? { signal: opts.signal } : {}) })
  return sheetDocument(grids, file, 'ods', opts)
}
