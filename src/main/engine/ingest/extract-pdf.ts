import { createRequire } from 'node:module'
import path from 'node:path'
import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs'
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js'
import { classifyPdfOpenError, emptyFile, notAPdf } from './pdf-errors.js'
import { IMAGE_PIXEL_BUDGET } from '../ocr/pixel-budget.js'
import type { Segment } from './pdf-tables/geometry.js'
import { pageRulings } from './pdf-tables/page-rulings.js'
import { mayHoldTable } from './pdf-tables/table-signals.js'
import type { RawLine } from './raw-line.js'

export type { RawLine }

export interface RawPage {
  pageNo: number
  width: number
  height: number
  lines: RawLine[]
  /** Ruling lines the page draws, read when its text hints at a table (pdf-tables/table-signals.ts). */
  rulings?: Segment[]
}

const localRequire = createRequire(import.meta.url)
const pdfjsRoot = path.dirname(localRequire.resolve('pdfjs-dist/package.json'))
// pdf.js in Node reads these through the file system; both need a trailing separator.
const STANDARD_FONTS = path.join(pdfjsRoot, 'standard_fonts') + path.sep
const CMAPS = path.join(pdfjsRoot, 'cmaps') + path.sep

/** Rejects bytes that are not a PDF before pdf.js sees them, so the error says what is really wrong. */
export function checkPdfBytes(bytes: Uint8Array, file: string): void {
  if (bytes.byteLength === 0) throw emptyFile(file)
  const head = Buffer.from(bytes.subarray(0, Math.min(bytes.byteLength, 1024))).toString('latin1')
  if (!head.includes('%PDF-')) throw notAPdf(file)
}

export async function openPdf(bytes: Uint8Array, file: string): Promise<PDFDocumentProxy> {
  checkPdfBytes(bytes, file)
  const task = getDocument({
    // pdf.js takes ownership of (detaches) the buffer it is given: pass a copy.
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    disableFontFace: true,
    standardFontDataUrl: STANDARD_FONTS,
    cMapUrl: CMAPS,
    cMapPacked: true,
    verbosity: 0,
    // An embedded image of more pixels than one image page may have is not decoded (the page is
    // read without it): a small compressed stream can declare gigabytes of pixels.
    maxImageSize: IMAGE_PIXEL_BUDGET,
    // The brief's rule for pdf.js in Node. pdf.js 6 no longer has the option (it stopped compiling
    // fonts with eval altogether), so it is passed untyped: harmless there, protective on older builds.
    ...({ isEvalSupported: false } as object),
  })
  try {
    return await task.promise
  } catch (err) {
    await task.destroy().catch(() => undefined)
    throw classifyPdfOpenError(err, file)
  }
}

/**
 * Extracts one page's text items grouped into lines in reading order; with `rulings`, also the
 * ruling lines of a page whose text hints at a table (for finding tables, pdf-tables/).
 */
export async function extractPage(
  doc: PDFDocumentProxy,
  pageNo: number,
  opts: { rulings?: boolean } = {},
): Promise<RawPage> {
  const page = await doc.getPage(pageNo)
  try {
    const viewport = page.getViewport({ scale: 1 })
    const content = await page.getTextContent()
    const items = content.items.filter((it): it is TextItem => 'str' in it)
    const lines = groupIntoLines(items)
    const raw: RawPage = { pageNo, width: viewport.width, height: viewport.height, lines }
    // Rulings are a refinement: a page whose drawing cannot be read still has its text.
    if (opts.rulings && mayHoldTable(lines)) raw.rulings = await pageRulings(page).catch(() => [])
    return raw
  } finally {
    page.cleanup()
  }
}

/**
 * A superscript or a stacked fraction's figure is set smaller (SMALLER of the other type at most),
 * raised by less than RAISE ems of the larger type.
 */
const RAISE = 0.6
const SMALLER = 0.85

/**
 * Whether an item at baseline `y` of height `h` and the line so far are one line with one of them
 * a raised mark: set smaller and raised above the other's baseline by less than RAISE of the
 * larger type (a footnote mark, an exponent "[0, 1]³", a fraction's numerator). pdf.js marks an
 * end of line at such a shift, and the shift is more than half the mark's height: the mark and
 * the rest of its line had been read as lines of their own, parting a table's row in three.
 */
function raisedMark(line: RawLine, y: number, h: number): boolean {
  if (h <= 0 || line.fontSize <= 0) return false
  if (h < line.fontSize * SMALLER) return y > line.y && y - line.y <= line.fontSize * RAISE
  if (line.fontSize < h * SMALLER) return line.y > y && line.y - y <= h * RAISE && line.items.length <= 2
  return false
}

/**
 * Groups text items into lines. pdf.js gives items in content-stream order, which for the
 * documents analysts read (LaTeX, Word, DocBook) is reading order; a new line starts when the
 * baseline moves by more than half a glyph height or pdf.js marks an end of line.
 */
export function groupIntoLines(items: TextItem[]): RawLine[] {
  const lines: RawLine[] = []
  let current: RawLine | null = null
  let breakPending = false
  let afterRaised = false
  for (const it of items) {
    const x = it.transform[4] as number
    const y = it.transform[5] as number
    const h = Math.abs(it.height || (it.transform[3] as number) || 0)
    const raised = current !== null && it.str.trim().length > 0 && raisedMark(current, y, h)
    const sameLine =
      current !== null &&
      (raised ||
        (afterRaised && it.str.trim().length === 0) ||
        // pdf.js marks an end of line at the raised mark; back on the baseline after it, the line goes on.
        ((!breakPending || afterRaised) &&
          Math.abs(current.y - y) <= Math.max(2, Math.min(current.fontSize, h || 1) * 0.5)))
    if (it.str.length > 0) {
      if (current !== null && raised && h > current.fontSize) {
        // The line so far is the raised mark ("¹ recent versions…"): its baseline is this item's.
        current.y = y
      }
      if (!sameLine || current === null) {
        current = { items: [], fontSize: 0, y }
        lines.push(current)
      }
      // Shadowed or fake-bold titles draw the same string many times, offset by a fraction of a
      // point ("symptotesymptote…"): keep one copy.
      const overprint = current.items.some(
        (o) => o.str === it.str && Math.abs(o.x - x) < Math.max(1, h * 0.2),
      )
      if (!(overprint && it.str.trim().length > 0)) {
        current.items.push({ str: it.str, x, y, w: it.width, h })
        if (it.str.trim().length > 0) current.fontSize = Math.max(current.fontSize, h)
      }
      breakPending = false
      if (it.str.trim().length > 0) afterRaised = raised
    }
    if (it.hasEOL) breakPending = true
  }
  return lines.filter((l) => l.items.some((i) => i.str.trim().length > 0))
}
