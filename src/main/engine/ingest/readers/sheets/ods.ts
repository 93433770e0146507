import path from 'node:path'
import { QuireError } from '@shared/errors.js'
import { BoundedZip } from '../../bounded-zip.js'
import { RowProgress } from './read-progress.js'
import {
  filledCells,
  RowBudget,
  type MergedRange,
  type SheetGrid,
  type SheetReadOptions,
  type SheetRow,
} from './sheet-tables.js'
import { attr, local, streamXml } from './xml-stream.js'

// An OpenDocument spreadsheet (.ods) read as a stream: content.xml inflated piece by piece into a
// SAX parser. Each cell's paragraphs hold the text the sheet displays (its number format applied
// by the program that saved it), which is what is read; a cell without them shows its stored
// value. Repeated rows and columns (how ODF writes runs of equal cells) are expanded only where
// they hold something. Formulas are never evaluated.

/** Copies of a repeated cell or row holding something, at most: past that it is filler. */
const MAX_REPEAT = 1000

function damaged(file: string, why: string): QuireError {
  return new QuireError(
    'DOC_CORRUPT',
    `${file} is damaged and cannot be read as an OpenDocument spreadsheet: ${why}.`,
  )
}

/** ODF encrypts a password-protected document's parts and says so in its manifest. */
function isEncrypted(zip: BoundedZip, file: string): boolean {
  let encrypted = false
  streamXml(zip, 'META-INF/manifest.xml', file, {
    open: (tag) => {
      if (local(tag.name) === 'encryption-data') encrypted = true
    },
  })
  return encrypted
}

interface CellDraft {
  value: string | null
  numeric: boolean
  paragraphs: string[]
  repeat: number
  colSpan: number
  rowSpan: number
}

/** Every sheet of an .ods file, in order. */
export function readOdsSheets(bytes: Uint8Array, file: string, opts: SheetReadOptions = {}): SheetGrid[] {
  const name = path.basename(file)
  const zip = new BoundedZip(bytes, name)
  if (isEncrypted(zip, name)) throw new QuireError('DOC_ENCRYPTED', `${name} is password-protected.`)
  const budget = new RowBudget(name)
  const progress = new RowProgress(zip.declaredSize('content.xml') ?? 0, opts.onRows)
  const sheets: SheetGrid[] = []
  let sheet: SheetGrid | null = null
  let row: SheetRow | null = null
  let rowRepeat = 1
  let rowNo = 0
  let col = 0
  let cell: CellDraft | null = null
  let para: string[] | null = null
  /** Depth inside elements whose text is no part of the cell's (annotations). */
  let skip = 0
  const found = streamXml(
    zip,
    'content.xml',
    name,
    {
      open: (tag) => {
        const n = local(tag.name)
        if (skip > 0 || n === 'annotation') {
          if (!tag.isSelfClosing) skip++
          return
        }
        if (n === 'table' && !sheet) {
          sheet = { name: attr(tag, 'name') ?? `Sheet${sheets.length + 1}`, rows: [], merges: [] }
          rowNo = 0
        } else if (n === 'table-row' && sheet) {
          rowRepeat = Math.max(1, Number(attr(tag, 'number-rows-repeated') ?? 1))
          row = { n: rowNo + 1, cells: [] }
          col = 0
        } else if ((n === 'table-cell' || n === 'covered-table-cell') && row) {
          const type = attr(tag, 'value-type')
          const value =
            attr(tag, 'value') ??
            attr(tag, 'date-value') ??
            attr(tag, 'time-value') ??
            attr(tag, 'boolean-value') ??
            null
          cell = {
            value: n === 'covered-table-cell' ? null : value,
            numeric: ['float', 'percentage', 'currency', 'date', 'time'].includes(type ?? ''),
            paragraphs: [],
            repeat: Math.max(1, Number(attr(tag, 'number-columns-repeated') ?? 1)),
            colSpan: Number(attr(tag, 'number-columns-spanned') ?? 1),
            rowSpan: Number(attr(tag, 'number-rows-spanned') ?? 1),
          }
          if (tag.isSelfClosing) closeCell()
        } else if (n === 'p' && cell) para = []
        else if (n === 's' && para) para.push(' '.repeat(Math.min(100, Number(attr(tag, 'c') ?? 1))))
        else if ((n === 'tab' || n === 'line-break') && para) para.push(' ')
      },
      close: (tagName) => {
        const n = local(tagName)
        if (skip > 0) {
          skip--
          return
        }
        if (n === 'p' && cell && para) {
          cell.paragraphs.push(para.join(''))
          para = null
        } else if ((n === 'table-cell' || n === 'covered-table-cell') && cell) closeCell()
        else if (n === 'table-row' && row && sheet) {
          const filled = row.cells.length > 0
          const copies = filled ? Math.min(rowRepeat, MAX_REPEAT) : 0
          for (let i = 0; i < copies; i++) {
            const n = row.n + i
            budget.take(
              () => `sheet ${sheet!.name} goes on past row ${n.toLocaleString('en-US')}`,
              filledCells(row!),
            )
            sheet.rows.push(i === 0 ? row : { n, cells: [...row.cells] })
            progress.row()
          }
          rowNo += rowRepeat
          row = null
        } else if (n === 'table' && sheet) {
          sheets.push(sheet)
          opts.onSheet?.(sheets.length, sheets.length)
          sheet = null
        }
      },
      text: (t) => {
        if (skip === 0 && para) para.push(t)
      },
      bytes: progress.bytes,
    },
    opts.signal,
  )
  function closeCell(): void {
    const c = cell!
    cell = null
    const text = c.paragraphs.length ? c.paragraphs.join(' ') : (c.value ?? '')
    if (text.trim() !== '' && row && sheet) {
      for (let i = 0; i < Math.min(c.repeat, MAX_REPEAT); i++)
        row.cells[col + i] = { text, numeric: c.numeric }
      if (c.colSpan > 1 || c.rowSpan > 1)
        sheet.merges.push({
          r0: row.n,
          c0: col,
          r1: row.n + c.rowSpan - 1,
          c1: col + c.colSpan - 1,
        } satisfies MergedRange)
    }
    col += c.repeat
  }
  if (!found) throw damaged(name, 'it has no content.xml')
  progress.finish()
  return sheets
}
