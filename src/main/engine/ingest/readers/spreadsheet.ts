import path from 'node:path'
import type { OfficeContentNode } from 'officeparser'
import { QuireError } from '@shared/errors.js'
import { BoundedZip, DEFAULT_ZIP_LIMITS } from '../bounded-zip.js'
import type { ParseOptions, ParsedDocument } from '../parse-types.js'
import { structuredDocument, type TextPart } from '../structured-text.js'
import { decodeText } from './decode-text.js'
import { buildTable } from '../tables/table-model.js'
import { columnLetters } from '../tables/table-passages.js'

// Spreadsheets: each sheet a part, each non-empty row a block (its cells joined with " | "), cited
// by sheet and row. A CSV file is one sheet named after the file. Numbers are shown as a
// spreadsheet shows them (15 significant digits: 35.599999999999994 is 35.6).

/** A number as stored → as displayed; any other cell as it is. */
export function displayCell(v: string): string {
  const t = v.trim()
  if (!/^-?\d+(\.\d+)?(e[-+]?\d+)?$/i.test(t)) return t
  return String(Number(Number(t).toPrecision(15)))
}

/** RFC 4180 CSV: quoted fields may hold commas, quotes ("") and line breaks. */
export function parseCsv(text: string, delimiter = ','): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"' && field === '') quoted = true
    else if (c === delimiter) {
      row.push(field)
      field = ''
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++
      row.push(field)
      rows.push(row)
      row = []
      field = ''
    } else field += c
  }
  if (field !== '' || row.length) rows.push([...row, field])
  return rows
}

/** The delimiter a CSV file uses: the one of , ; and tab that splits its first line most. */
function sniffDelimiter(text: string): string {
  const first = text.slice(0, text.indexOf('\n') >>> 0)
  return [',', ';', '\t'].sort((a, b) => first.split(b).length - first.split(a).length)[0]!
}

function sheetPart(name: string, rows: { n: number; cells: string[] }[]): TextPart {
  const kept = rows.filter((r) => r.cells.some((c) => /[\p{L}\p{N}]/u.test(c)))
  const row = (r: { n: number; cells: string[] }) => ({
    cells: r.cells.map((c, i) => ({
      text: displayCell(c),
      place: { kind: 'sheet' as const, sheet: name, ref: `${columnLetters(i)}${r.n}` },
    })),
  })
  const [head, ...body] = kept
  const table = buildTable({ header: head ? [row(head)] : [], body: body.map(row) })
  return { title: name, blocks: [{ kind: 'table', table }] }
}

export async function readCsv(
  bytes: Uint8Array,
  file: string,
  opts: ParseOptions = {},
): Promise<ParsedDocument> {
  const name = path.basename(file)
  const text = decodeText(bytes, name)
  const rows = parseCsv(text, sniffDelimiter(text)).map((cells, i) => ({ n: i + 1, cells }))
  const sheet = name.replace(/\.csv$/i, '')
  return structuredDocument(
    { title: null, unit: 'sheet', parts: [sheetPart(sheet, rows)] },
    name,
    'csv',
    opts,
  )
}

export async function readXlsx(
  bytes: Uint8Array,
  file: string,
  opts: ParseOptions = {},
): Promise<ParsedDocument> {
  const name = path.basename(file)
  const zip = new BoundedZip(bytes, name)
  zip.checkAll()
  const { parseOffice } = await import('officeparser')
  let ast
  try {
    ast = await parseOffice(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      ocr: false,
      extractAttachments: false,
      includeRawContent: false,
      outputErrorToConsole: false,
      abortSignal: opts.signal ?? null,
      decompressionLimits: {
        maxUncompressedBytes: DEFAULT_ZIP_LIMITS.maxTotalBytes,
        maxZipEntries: DEFAULT_ZIP_LIMITS.maxEntries,
      },
    })
  } catch (err) {
    if (opts.signal?.aborted) throw new QuireError('CANCELLED', 'Import cancelled.')
    throw new QuireError(
      'DOC_CORRUPT',
      `${name} is damaged and cannot be read (${err instanceof Error ? err.message : String(err)}).`,
    )
  }
  const parts = ast.content
    .filter((s) => s.type === 'sheet')
    .map((s, i) => {
      const sheetName = (s.metadata as { sheetName?: string } | undefined)?.sheetName ?? `Sheet${i + 1}`
      const rows = (s.children ?? [])
        .filter((r) => r.type === 'row')
        .map((r) => {
          const cells: string[] = []
          let rowNo = 0
          for (const c of r.children ?? ([] as OfficeContentNode[])) {
            const m = c.metadata as { row?: number; col?: number } | undefined
            rowNo = (m?.row ?? rowNo - 1) + 1
            cells[m?.col ?? cells.length] = c.text ?? ''
          }
          return { n: rowNo, cells: Array.from(cells, (c) => c ?? '') }
        })
      return sheetPart(sheetName, rows)
    })
  return structuredDocument({ title: null, unit: 'sheet', parts }, name, 'xlsx', opts)
}
