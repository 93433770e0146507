import { LOW_OCR_CONFIDENCE } from '@shared/library-types.js'
import { turnGrey, type GreyImage } from './grey-image.js'
import type { OcrEngine, OcrResult } from './ocr-engine.js'
import type { Turn } from './page-turn.js'

/**
 * Boxes found on the image turned by `turn` mapped back onto the original image (`width` x
 * `height`), so the page's word boxes lie where the words are on the page as stored.
 */
export function unturnResult(result: OcrResult, turn: Turn, width: number, height: number): OcrResult {
  const back = (x: number, y: number): [number, number] =>
    turn === 90 ? [y, height - x] : turn === 180 ? [width - x, height - y] : [width - y, x]
  return {
    confidence: result.confidence,
    lines: result.lines.map((l) => ({
      words: l.words.map((w) => {
        const [ax, ay] = back(w.x0, w.y0)
        const [bx, by] = back(w.x1, w.y1)
        return {
          ...w,
          x0: Math.min(ax, bx),
          y0: Math.min(ay, by),
          x1: Math.max(ax, bx),
          y1: Math.max(ay, by),
        }
      }),
    })),
  }
}

/**
 * Recognises a page image, uprighting it first when it was scanned sideways or upside down with no
 * /Rotate to say so. Orientation is only asked about when the plain reading is poor (below the
 * low-confidence mark, or nothing read): a sideways page reads as noise, and an upright page with
 * good text pays nothing. The turned reading is kept only when it is the better one.
 */
export async function recognizeUpright(
  engine: OcrEngine,
  image: GreyImage,
  dpi: number,
  signal?: AbortSignal,
): Promise<OcrResult> {
  const plain = await engine.recognize(image, dpi, signal)
  if (plain.confidence !== null && plain.confidence >= LOW_OCR_CONFIDENCE) return plain
  const turn = await engine.orientation(image, dpi, signal)
  if (!turn) return plain
  const turned = await engine.recognize(turnGrey(image, turn), dpi, signal)
  if ((turned.confidence ?? -1) <= (plain.confidence ?? -1)) return plain
  return unturnResult(turned, turn, image.width, image.height)
}
