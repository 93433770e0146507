import { OPS, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs'
import type { RawPage } from '../ingest/extract-pdf.js'
import { IDENTITY, multiply, type PdfMatrix as Matrix } from '../ingest/pdf-matrix.js'

/**
 * A page needs OCR when its text layer is missing, negligible or unreadable: fewer letters than a
 * line of text, while images cover most of the page (a scan with a stray text object, such as a
 * Bates number or a scanner's stamp), or more glyphs that map to no character than letters (a PDF
 * whose fonts lost their map to characters, as Cairo writes Type 3 fonts again: every glyph reads
 * as U+FFFD). A page with no letters at all is OCR'd whatever it draws: vector-drawn scans and
 * blank pages both end up with a per-page result.
 */
export const FEW_LETTERS = 40
export const MOSTLY_IMAGE = 0.5

export function pageLetters(raw: RawPage): number {
  let n = 0
  for (const l of raw.lines) for (const i of l.items) n += i.str.match(/\p{L}/gu)?.length ?? 0
  return n
}

/**
 * Glyphs of the page's text layer that stand for no character: U+FFFD (a font's map to characters
 * says "unknown") and private-use code points (a font with no map at all, read by its glyph codes).
 */
export function unmappedGlyphs(raw: RawPage): number {
  let n = 0
  for (const l of raw.lines) for (const i of l.items) n += i.str.match(/[\uFFFD\p{Co}]/gu)?.length ?? 0
  return n
}

export async function needsOcr(page: PDFPageProxy, raw: RawPage): Promise<boolean> {
  const letters = pageLetters(raw)
  if (letters === 0 || unmappedGlyphs(raw) > letters) return true
  if (letters >= FEW_LETTERS) return false
  return (await imageCoverage(page)) >= MOSTLY_IMAGE
}

/** Share of the page (0–1) covered by painted images: each image fills the unit square of its CTM. */
export async function imageCoverage(page: PDFPageProxy): Promise<number> {
  const ops = await page.getOperatorList()
  const [x0, y0, x1, y1] = page.view as [number, number, number, number]
  const pageArea = Math.abs((x1 - x0) * (y1 - y0)) || 1
  const stack: Matrix[] = []
  let ctm: Matrix = IDENTITY
  let area = 0
  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i]
    if (fn === OPS.save) stack.push(ctm)
    else if (fn === OPS.restore) ctm = stack.pop() ?? ctm
    else if (fn === OPS.transform) ctm = multiply(ctm, ops.argsArray[i] as Matrix)
    else if (
      fn === OPS.paintImageXObject ||
      fn === OPS.paintInlineImageXObject ||
      fn === OPS.paintImageMaskXObject
    ) {
      // |det| of the CTM is the area of the unit square it maps to.
      area += Math.abs(ctm[0] * ctm[3] - ctm[1] * ctm[2])
    }
  }
  return Math.min(1, area / pageArea)
}
