import { LOW_OCR_CONFIDENCE } from '@shared/library-types.js'
import type { OcrEngine, OcrResult } from './ocr-engine.js'

/** Clockwise turns that make a page upright. */
export type Turn = 90 | 180 | 270

/**
 * Tesseract's orientation detection reports a confidence for its best guess; 13–25 on the dev
 * pages turned each way (BENCHMARKS.md, "OCR"), near 0 on pages with too little text to tell.
 */
export const MIN_ORIENTATION_CONFIDENCE = 5

/** Width and height of a PNG from its header (IHDR is always the first chunk). */
export function pngSize(png: Buffer): { width: number; height: number } {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) }
}

/** The image turned clockwise by `turn` degrees, as PNG. */
export async function turnImage(png: Buffer, turn: Turn): Promise<Buffer> {
  const { createCanvas, loadImage } = await import('@napi-rs/canvas')
  const img = await loadImage(png)
  const sideways = turn !== 180
  const canvas = createCanvas(sideways ? img.height : img.width, sideways ? img.width : img.height)
  const ctx = canvas.getContext('2d')
  ctx.translate(canvas.width / 2, canvas.height / 2)
  ctx.rotate((turn * Math.PI) / 180)
  ctx.drawImage(img, -img.width / 2, -img.height / 2)
  return canvas.encode('png')
}

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
  png: Buffer,
  dpi: number,
  signal?: AbortSignal,
): Promise<OcrResult> {
  const plain = await engine.recognize(png, dpi, signal)
  if (plain.confidence !== null && plain.confidence >= LOW_OCR_CONFIDENCE) return plain
  const turn = await engine.orientation(png, dpi, signal)
  if (!turn) return plain
  const turned = await engine.recognize(await turnImage(png, turn), dpi, signal)
  if ((turned.confidence ?? -1) <= (plain.confidence ?? -1)) return plain
  const { width, height } = pngSize(png)
  return unturnResult(turned, turn, width, height)
}
