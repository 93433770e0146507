import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs'
import type { RawLine, RawPage } from '../ingest/extract-pdf.js'
import { pgmBytes } from './grey-image.js'
import { languageDataId } from './language-data.js'
import { joinSplitWords } from './join-split-words.js'
import { placeNestedLines } from './nested-lines.js'
import { readLeadingOneAsL } from './leading-one.js'
import { estimateLineSize, inkHeight } from './line-size.js'
import { cachedRecognition, engineIdentity } from './ocr-cache.js'
import {
  MAY_HOLD_INVERTED_TEXT,
  RECOGNITION_PARAMETERS,
  type OcrEngine,
  type OcrResult,
} from './ocr-engine.js'
import { recognizeUpright } from './orientation.js'
import { dpiWithinBudget, OCR_DPI, renderPage } from './render-page.js'

/** What OCR found on one page, beside its text: the page's confidence, or why it has no text. */
export interface OcrPageInfo {
  /** Mean word confidence 0–100; null when nothing was recognised. */
  confidence: number | null
}

/** Converts a point in rendered pixels back to PDF user space. */
export type PixelToPdf = (x: number, y: number) => [number, number]

/**
 * Recognised words become text items in PDF user space, one line per OCR line, so the rest of the
 * pipeline (cleaning, chunking, highlight boxes) treats them like a text layer. The viewer draws an
 * item from y − h/4 to y + 0.95h (baseline plus descenders), so y and h are set to cover the word's box.
 * A line's font size is estimated from its word boxes in pixels (line-size.ts), scaled to user space.
 * A stretch of a line that tesseract read apart is put back first (nested-lines.ts).
 */
export function ocrLines(result: OcrResult, toPdf: PixelToPdf): RawLine[] {
  // User-space units per pixel, whatever the page's rotation.
  const [ox, oy] = toPdf(0, 0)
  const [ux, uy] = toPdf(0, 1)
  const unit = Math.hypot(ux - ox, uy - oy)
  return placeNestedLines(result.lines).map((line) => {
    const em = estimateLineSize(
      line.words.map((w) => ({
        text: w.text,
        height: inkHeight({ text: w.text, width: w.x1 - w.x0, height: w.y1 - w.y0 }),
      })),
    )
    const read = line.words.map((w) => ({ ...w, text: readLeadingOneAsL(w.text) }))
    const items = joinSplitWords(read, em).map((w, k, all) => {
      const [ax, ay] = toPdf(w.x0, w.y0)
      const [bx, by] = toPdf(w.x1, w.y1)
      const x = Math.min(ax, bx)
      const w_ = Math.abs(bx - ax)
      const bottom = Math.min(ay, by)
      const h = Math.abs(by - ay) / 1.2
      // A trailing space separates words whatever their gap (OCR boxes can touch).
      const str = k < all.length - 1 ? `${w.text} ` : w.text
      return { str, x, y: bottom + h * 0.25, w: w_, h }
    })
    const confidence = line.words.reduce((n, w) => n + w.confidence, 0) / line.words.length
    return { items, fontSize: em * unit, y: items[0]!.y, confidence }
  })
}

/** What the recognition of a page depends on besides its image (the eval cache's key, ocr-cache.ts). */
export const recognitionSettings = (engine: OcrEngine) =>
  JSON.stringify({
    data: languageDataId(engine.lang, engine.model),
    parameters: RECOGNITION_PARAMETERS,
    upright: 'osd-when-poor',
    invertPassFromDarkShare: MAY_HOLD_INVERTED_TEXT,
  })

/**
 * What a kept page (kept-pages.ts) depends on besides the file: the recogniser and its settings, and
 * the resolution pages are read at.
 */
export const keptPageSettings = (engine: OcrEngine, dpi: number) =>
  `${engineIdentity(recognitionSettings(engine))}\n${dpi}`

/** Renders and recognises one PDF page; its text layer (if any stray one) is replaced. */
export async function ocrPdfPage(
  page: PDFPageProxy,
  engine: OcrEngine,
  signal?: AbortSignal,
  pageDpi = OCR_DPI,
): Promise<{ raw: RawPage; info: OcrPageInfo }> {
  // A giant page is rendered at a lower dpi (within the pixel budget), and recognised at that dpi.
  const dpi = dpiWithinBudget(page, pageDpi)
  const { image, viewport } = await renderPage(page, dpi)
  // The cache (evaluations only) is keyed by the bytes the recogniser reads.
  const result = await cachedRecognition(pgmBytes(image), dpi, recognitionSettings(engine), () =>
    recognizeUpright(engine, image, dpi, signal),
  )
  const base = page.getViewport({ scale: 1 })
  const lines = ocrLines(result, (x, y) => viewport.convertToPdfPoint(x, y) as [number, number])
  return {
    raw: { pageNo: page.pageNumber, width: base.width, height: base.height, lines },
    info: { confidence: result.confidence },
  }
}
