import { describe, expect, it } from 'vitest'
import type { OcrLine } from './ocr-engine.js'
import { ocrLines } from './ocr-page.js'

/** A line of `n` words whose boxes are `height` pixels tall, at row `top`. */
function line(n: number, top: number, height: number): OcrLine {
  return {
    words: Array.from({ length: n }, (_, k) => ({
      text: `w${k}`,
      confidence: 90,
      x0: 10 + k * 50,
      y0: top,
      x1: 50 + k * 50,
      y1: top + height,
    })),
  }
}

describe('OCR words as text lines', () => {
  it("takes a line's size from its tallest word box, and keeps larger type as it is", () => {
    const short = line(4, 60, 20)
    short.words[1] = { ...short.words[1]!, y1: 60 + 24 } // the one word with a descender
    const lines = ocrLines({ confidence: 90, lines: [line(1, 0, 40), short] }, (x, y) => [x, 1000 - y])
    expect(lines.map((l) => Math.round(l.fontSize * 10) / 10)).toEqual([33.3, 20])
    // Words keep their own boxes for highlighting.
    expect(lines[1]!.items[0]!.h).toBeCloseTo(20 / 1.2)
  })

  it('is not made a heading by one word box that swallowed a superscript or the next line', () => {
    const tall = line(8, 60, 24)
    tall.words[3] = { ...tall.words[3]!, y1: 60 + 50 }
    const lines = ocrLines({ confidence: 90, lines: [line(8, 0, 24), tall] }, (x, y) => [x, y])
    expect(lines.map((l) => Math.round(l.fontSize * 10) / 10)).toEqual([20, 20])
  })
})
