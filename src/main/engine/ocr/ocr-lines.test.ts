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
  it('gives body lines one size whatever their ink, and keeps clearly larger type as it is', () => {
    const lines = ocrLines(
      {
        confidence: 90,
        lines: [
          line(2, 0, 40), // a heading in larger type
          line(8, 60, 24),
          line(8, 90, 26), // brackets and capitals: a little taller
          line(8, 120, 24),
          line(3, 150, 22),
          line(8, 180, 28),
        ],
      },
      (x, y) => [x, 1000 - y],
    )
    const sizes = lines.map((l) => Math.round(l.fontSize * 10) / 10)
    expect(sizes).toEqual([33.3, 21.7, 21.7, 21.7, 21.7, 21.7])
    // Words keep their own boxes for highlighting.
    expect(lines[2]!.items[0]!.h).toBeCloseTo(26 / 1.2)
  })

  it('is not made a heading by one word box that swallowed a superscript or the next line', () => {
    const tall = line(8, 60, 24)
    tall.words[3] = { ...tall.words[3]!, y1: 60 + 50 }
    const lines = ocrLines({ confidence: 90, lines: [line(8, 0, 24), tall, line(8, 120, 24)] }, (x, y) => [
      x,
      y,
    ])
    expect(lines.map((l) => Math.round(l.fontSize * 10) / 10)).toEqual([20, 20, 20])
  })

  it('leaves sizes alone on a page with too few lines to know its body text', () => {
    const lines = ocrLines({ confidence: 90, lines: [line(1, 0, 40), line(5, 60, 24)] }, (x, y) => [x, y])
    expect(lines.map((l) => Math.round(l.fontSize * 10) / 10)).toEqual([33.3, 20])
  })
})
