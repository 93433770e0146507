import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs'
import type { RawLine, RawPage } from '../ingest/extract-pdf.js'
import { pgmBytes } from './grey-image.js'
import { languageDataId } from './language-data.js'
import { estimateLineSize, inkHeight } from './line-size.js'
import { cachedRecognition } from './ocr-cache.js'
import {
  MAY_HOLD_INVERTED_TEXT,
  RECOGNITION_PARAMETERS,
  type OcrEngine,
  type OcrResult,
  type OcrWord,
} from './ocr-engine.js'
import { recognizeUpright } from './orientation.js'
import { OCR_DPI, renderPage } from './render-page.js'

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
 */
export function ocrLines(result: OcrResult, toPdf: PixelToPdf): RawLine[] {
  // User-space units per pixel, whatever the page's rotation.
  const [ox, oy] = toPdf(0, 0)
  const [ux, uy] = toPdf(0, 1)
  const unit = Math.hypot(ux - ox, uy - oy)
  return result.lines.map((line) => {
    const em = estimateLineSize(
      line.words.map((w) => ({
        text: w.text,
        height: inkHeight({ text: w.text, width: w.x1 - w.x0, height: w.y1 - w.y0 }),
      })),
    )
    const items = joinCalls(line.words, em).map((w, k, all) => {
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

/**
 * Tesseract splits a call such as `coeftest(fm, vcov = vcovCL)` at the bracket, as if a space
 * were there: in a monospaced face the bracket's ink starts well inside its cell. A word opening
 * with a bracket is joined to the word before it when the ink gap is under 0.35 em (and the word
 * before ends in a letter, digit, `_` or `.`). Measured against the text layer of the same pages
 * (pscl-countreg, sandwich-CL): word-then-bracket pairs set without a space have gaps of 0.15–0.35 em
 * (85 of 94 under 0.35), pairs with a space 0.35 em and more (476 of 493). Search is not affected
 * (its tokens split at brackets either way); quoted code and figures read as printed.
 */
function joinCalls(words: OcrWord[], em: number): OcrWord[] {
  const out: OcrWord[] = []
  for (const w of words) {
    const prev = out.at(-1)
    if (prev && /^[([]/.test(w.text) && /[\p{L}\p{N}_.]$/u.test(prev.text) && w.x0 - prev.x1 < 0.35 * em) {
      out[out.length - 1] = {
        text: prev.text + w.text,
        confidence: Math.min(prev.confidence, w.confidence),
        x0: Math.min(prev.x0, w.x0),
        y0: Math.min(prev.y0, w.y0),
        x1: Math.max(prev.x1, w.x1),
        y1: Math.max(prev.y1, w.y1),
      }
    } else out.push(w)
  }
  return out
}

/** What the recognition of a page depends on besides its image (the eval cache's key, ocr-cache.ts). */
const recognitionSettings = (engine: OcrEngine) =>
  JSON.stringify({
    data: languageDataId(engine.lang, engine.model),
    parameters: RECOGNITION_PARAMETERS,
    upright: 'osd-when-poor',
    invertPassFromDarkShare: MAY_HOLD_INVERTED_TEXT,
  })

/** Renders and recognises one PDF page; its text layer (if any stray one) is replaced. */
export async function ocrPdfPage(
  page: PDFPageProxy,
  engine: OcrEngine,
  signal?: AbortSignal,
  dpi = OCR_DPI,
): Promise<{ raw: RawPage; info: OcrPageInfo }> {
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
