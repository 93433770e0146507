import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs'
import type { PageViewport } from 'pdfjs-dist/types/src/display/page_viewport.js'
import { greyFromRgba, type GreyImage } from './grey-image.js'
import { IMAGE_PIXEL_BUDGET } from './pixel-budget.js'

/**
 * Resolution pages are rendered at for OCR. Chosen from the bench table (BENCHMARKS.md, "OCR"):
 * the lowest dpi whose word recall on rasterised manual pages reaches the 0.97 target (150 dpi:
 * 0.988; 200 dpi: 0.993 at 1.5x the time; 300 dpi: 0.991 at 4x).
 */
export const OCR_DPI = 150

/**
 * `dpi`, lowered when the page would render to more pixels than the pixel budget: a PDF page may
 * be up to 200 × 200 inches (30000 × 30000 pixels at 150 dpi, 3.6 GB of canvas), and a hostile
 * one is. Ordinary pages (A4, Letter, A3, at 150 dpi: 2 to 4 Mpx) keep their dpi.
 */
export function dpiWithinBudget(page: PDFPageProxy, dpi: number): number {
  const { width, height } = page.getViewport({ scale: dpi / 72 })
  const pixels = Math.ceil(width) * Math.ceil(height)
  return pixels <= IMAGE_PIXEL_BUDGET ? dpi : Math.floor(dpi * Math.sqrt(IMAGE_PIXEL_BUDGET / pixels))
}

export interface RenderedPage {
  image: GreyImage
  /** Maps rendered pixels back to PDF user space (handles /Rotate and non-zero MediaBox origins). */
  viewport: PageViewport
}

/**
 * Renders a page with pdf.js on @napi-rs/canvas (pdf.js's Node canvas) and takes its pixels as
 * grey: the recogniser reads grey anyway, and raw pixels skip a PNG encode and decode.
 */
export async function renderPage(page: PDFPageProxy, dpi = OCR_DPI): Promise<RenderedPage> {
  const viewport = page.getViewport({ scale: dpiWithinBudget(page, dpi) / 72 })
  const { createCanvas } = await import('@napi-rs/canvas')
  const canvas = createCanvas(Math.max(1, Math.ceil(viewport.width)), Math.max(1, Math.ceil(viewport.height)))
  const ctx = canvas.getContext('2d')
  // White under the page: a transparent background reads as black to the recogniser.
  ctx.fillStyle = '#ffffff'
  ctx.fillRect(0, 0, canvas.width, canvas.height)
  // @napi-rs/canvas implements the DOM canvas API pdf.js draws with; the types differ only in name.
  type RenderParams = Parameters<PDFPageProxy['render']>[0]
  await page.render({
    canvas: canvas as unknown as RenderParams['canvas'],
    canvasContext: ctx as unknown as RenderParams['canvasContext'],
    viewport,
  }).promise
  const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height)
  return { image: greyFromRgba(data, canvas.width, canvas.height), viewport }
}
