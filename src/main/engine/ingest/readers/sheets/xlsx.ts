import path from 'node:path'
import { QuireError } from '@shared/errors.js'
import { BoundedZip } from '../../bounded-zip.js'
import { parseRef } from '../../tables/cell-refs.js'
import { builtInFormat, formatValue, generalNumber } from './number-format.js'
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

// An Excel workbook (.xlsx, ECMA-376 SpreadsheetML) read as a stream: the archive's entries are
// inflated piece by piece into a SAX parser, never held whole. Every sheet, in the workbook's
// order; shared strings; each number shown with its cell's number format; merged cells. Formulas
// are never evaluated: a formula cell shows the value the workbook stored for it.

interface SheetRef {
  name: string
  entry: string
}

/** The zip entry a relationship target names, from the folder of the part that names it. */
function resolveTarget(from: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1)
  return path.posix.normalize(path.posix.join(path.posix.dirname(from), target))
}

function damaged(file: string, why: string): QuireError {
  return new QuireError('DOC_CORRUPT', `${file} is damaged and cannot be read as an Excel workbook: ${why}.`)
}

/** The workbook part's path, from the package's relationships (xl/workbook.xml in every writer seen). */
function workbookPath(zip: BoundedZip, file: string): string {
  let found: string | null = null
  streamXml(zip, '_rels/.rels', file, {
    open: (tag) => {
      if (local(tag.name) === 'Relationship' && /\/officeDocument$/.test(attr(tag, 'Type') ?? ''))
        found ??= resolveTarget('', attr(tag, 'Target') ?? '')
    },
  })
  return found ?? 'xl/workbook.xml'
}

function readWorkbook(
  zip: BoundedZip,
  file: string,
): { sheets: SheetRef[]; date1904: boolean; base: string } {
  const base = workbookPath(zip, file)
  const listed: { name: string; rid: string }[] = []
  let date1904 = false
  const found = streamXml(zip, base, file, {
    open: (tag) => {
      const n = local(tag.name)
      if (n === 'sheet')
        listed.push({ name: attr(tag, 'name') ?? `Sheet${listed.length + 1}`, rid: attr(tag, 'id') ?? '' })
      if (n === 'workbookPr') date1904 = /^(1|true)$/.test(attr(tag, 'date1904') ?? '')
    },
  })
  if (!found) throw damaged(file, `it has no ${base}`)
  const rels = new Map<string, string>()
  const relsPath = `${path.posix.dirname(base)}/_rels/${path.posix.basename(base)}.rels`
  streamXml(zip, relsPath, file, {
    open: (tag) => {
      if (local(tag.name) === 'Relationship') rels.set(attr(tag, 'Id') ?? '', attr(tag, 'Target') ?? '')
    },
  })
  const sheets = listed.flatMap((s) => {
    const target = rels.get(s.rid)
    // A chart sheet or a dialog sheet has no cells: only worksheets are read.
    if (!target || !/worksheets?\//i.test(target)) return []
    return [{ name: s.name, entry: resolveTarget(base, target) }]
  })
  return { sheets, date1904, base }
}

/** The shared strings table: the text of every <si>, phonetic guides (<rPh>) left out. */
function readSharedStrings(zip: BoundedZip, file: string, base: string, signal?: AbortSignal): string[] {
  const strings: string[] = []
  let cur: string[] | null = null
  let inText = 0
  let inPhonetic = 0
  streamXml(
    zip,
    resolveTarget(base, 'sharedStrings.xml'),
    file,
    {
      open: (tag) => {
        const n = local(tag.name)
        if (n === 'si') cur = []
        else if (n === 'rPh') inPhonetic++
        else if (n === 't') inText++
      },
      close: (name) => {
        const n = local(name)
        if (n === 'si' && cur) {
          strings.push(cur.join(''))
          cur = null
        } else if (n === 'rPh') inPhonetic--
        else if (n === 't') inText--
      },
      text: (t) => {
        if (cur && inText > 0 && inPhonetic === 0) cur.push(t)
      },
    },
    signal,
  )
  return strings
}

/** Each cell style's number format code, by style index (cellXfs). */
function readStyles(zip: BoundedZip, file: string, base: string): string[] {
  const custom = new Map<number, string>()
  const formats: string[] = []
  let inCellXfs = false
  streamXml(zip, resolveTarget(base, 'styles.xml'), file, {
    open: (tag) => {
      const n = local(tag.name)
      if (n === 'numFmt') custom.set(Number(attr(tag, 'numFmtId')), attr(tag, 'formatCode') ?? 'General')
      else if (n === 'cellXfs') inCellXfs = true
      else if (n === 'xf' && inCellXfs) {
        const id = Number(attr(tag, 'numFmtId') ?? 0)
        formats.push(custom.get(id) ?? builtInFormat(id))
      }
    },
    close: (name) => {
      if (local(name) === 'cellXfs') inCellXfs = false
    },
  })
  return formats
}

interface CellDraft {
  col: number
  type: string
  style: number
  value: string
  inline: string
}

/** One worksheet's rows and merged cells. */
function readSheet(
  zip: BoundedZip,
  file: string,
  sheet: SheetRef,
  ctx: {
    strings: string[]
    formats: string[]
    date1904: boolean
    budget: RowBudget
    progress: RowProgress
    signal?: AbortSignal
  },
): SheetGrid {
  const rows: SheetRow[] = []
  const merges: MergedRange[] = []
  let row: SheetRow | null = null
  let cell: CellDraft | null = null
  let inValue = false
  let inInline = 0
  let nextRow = 1
  let nextCol = 0
  const display = (c: CellDraft): { text: string; numeric: boolean } => {
    const v = c.value
    switch (c.type) {
      case 's':
        return { text: ctx.strings[Number(v)] ?? '', numeric: false }
      case 'inlineStr':
        return { text: c.inline, numeric: false }
      case 'str':
      case 'e':
        return { text: v, numeric: false }
      case 'b':
        return { text: v === '1' ? 'TRUE' : v === '0' ? 'FALSE' : v, numeric: false }
      case 'd':
        return { text: v, numeric: false }
      default: {
        const n = Number(v)
        if (v.trim() === '' || !Number.isFinite(n)) return { text: v, numeric: false }
        const code = ctx.formats[c.style] ?? 'General'
        return {
          text: code === 'General' ? generalNumber(n) : formatValue(n, code, ctx.date1904),
          numeric: true,
        }
      }
    }
  }
  const found = streamXml(
    zip,
    sheet.entry,
    file,
    {
      open: (tag) => {
        const n = local(tag.name)
        if (n === 'row') {
          const r = Number(attr(tag, 'r') ?? nextRow)
          row = { n: r, cells: [] }
          nextRow = r + 1
          nextCol = 0
        } else if (n === 'c' && row) {
          const ref = attr(tag, 'r')
          const col = (ref ? parseRef(ref)?.col : undefined) ?? nextCol
          nextCol = col + 1
          cell = {
            col,
            type: attr(tag, 't') ?? 'n',
            style: Number(attr(tag, 's') ?? 0),
            value: '',
            inline: '',
          }
        } else if (n === 'v' && cell) inValue = true
        else if (n === 'is' && cell) inInline++
        else if (n === 'mergeCell') {
          const [a, b] = (attr(tag, 'ref') ?? '').split(':')
          const p = a ? parseRef(a) : null
          const q = b ? parseRef(b) : p
          if (p && q) merges.push({ r0: p.row, c0: p.col, r1: q.row, c1: q.col })
        }
      },
      close: (name) => {
        const n = local(name)
        if (n === 'v') inValue = false
        else if (n === 'is') inInline--
        else if (n === 'c' && cell && row) {
          const shown = display(cell)
          if (shown.text.trim() !== '') row.cells[cell.col] = shown
          cell = null
        } else if (n === 'row' && row) {
          // Rows that only carry formatting are not counted: a sheet formatted to its last row is no larger.
          if (row.cells.length > 0) {
            const at = row.n
            ctx.budget.take(
              () => `sheet ${sheet.name} goes on past row ${at.toLocaleString('en-US')}`,
              filledCells(row),
            )
            rows.push(row)
            ctx.progress.row()
          }
          row = null
        }
      },
      text: (t) => {
        if (!cell) return
        if (inValue) cell.value += t
        // Rich text runs and their phonetic guides: the runs' text only.
        else if (inInline > 0) cell.inline += t
      },
      bytes: ctx.progress.bytes,
    },
    ctx.signal,
  )
  if (!found) throw damaged(file, `the sheet ${sheet.name} (${sheet.entry}) is missing`)
  ctx.progress.endEntry()
  return { name: sheet.name, rows, merges }
}

/**
 * Every worksheet of an .xlsx file, in the workbook's order. `onRows` reports the rows read so far
 * and the rows expected in all, every thousand rows and once at the end (read-progress.ts).
 */
export function readXlsxSheets(bytes: Uint8Array, file: string, opts: SheetReadOptions = {}): SheetGrid[] {
  const name = path.basename(file)
  const zip = new BoundedZip(bytes, name)
  const { sheets, date1904, base } = readWorkbook(zip, name)
  const strings = readSharedStrings(zip, name, base, opts.signal)
  const formats = readStyles(zip, name, base)
  const budget = new RowBudget(name)
  const sheetBytes = sheets.reduce((n, s) => n + (zip.declaredSize(s.entry) ?? 0), 0)
  const progress = new RowProgress(sheetBytes, opts.onRows)
  const grids = sheets.map((s, i) => {
    const grid = readSheet(zip, name, s, {
      strings,
      formats,
      date1904,
      budget,
      progress,
      ...(opts.signal ? { signal: opts.signal } : {}),
    })
    opts.onSheet?.(i + 1, sheets.length)
    return grid
  })
  progress.finish()
  return grids
}
