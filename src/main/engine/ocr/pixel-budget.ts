import { QuireError } from '@shared/errors.js'

/**
 * Most pixels one image page may have: 40 megapixels, an A4 page scanned at 600 dpi (35 Mpx) with
 * room to spare. Decoding and recognising a page takes about 10 bytes per pixel (the decoded
 * colour image, its grey copy, the recogniser's own), so a page at the budget stays near 400 MB,
 * and a hostile file declaring 30000 × 30000 pixels (900 Mpx, 9 GB decoded) is refused before
 * a single pixel is decoded.
 */
export const IMAGE_PIXEL_BUDGET = 40_000_000

/** The resolution images are read at (parse-image.ts's IMAGE_DPI); here to state a page's size. */
const DPI = 300

/**
 * Throws IMAGE_TOO_LARGE when a page of `width` × `height` pixels is beyond the budget, with the
 * page size those pixels make at 300 dpi (what to do is the IMAGE_TOO_LARGE remedy, printed under it).
 */
export function checkPixelBudget(file: string, width: number, height: number, pageNo?: number): void {
  if (width * height <= IMAGE_PIXEL_BUDGET) return
  const cm = (px: number) => Math.round((px / DPI) * 2.54)
  const inches = (px: number) => Math.round(px / DPI)
  const which = pageNo === undefined ? file : `Page ${pageNo} of ${file}`
  throw new QuireError(
    'IMAGE_TOO_LARGE',
    `${which} is ${width} × ${height} pixels (${Math.round((width * height) / 1e6)} megapixels): ` +
      `at ${DPI} dpi that is a page of ${cm(width)} × ${cm(height)} cm (${inches(width)} × ${inches(height)} in), ` +
      `beyond the ${IMAGE_PIXEL_BUDGET / 1e6}-megapixel limit for one page.`,
  )
}
