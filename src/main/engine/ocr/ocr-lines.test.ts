import { describe, expect, it } from 'vitest'
import type { OcrLine } from './ocr-engine.js'
import { ocrLines } from './ocr-page.js'
import { estimateLineSize, inkSpan } from './line-size.js'

/** A line of words whose boxes are drawn as a face of `em` pixels would ink them, at row `top`. */
function line(texts: string[], top: number, em: number): OcrLine {
  return {
    words: texts.map((text, k) => {
      const span = inkSpan(text) ?? 1
      return {
        text,
        confidence: 90,
        x0: 10 + k * 50,
        y0: top,
        x1: 50 + k * 50,
        y1: top + Math.round(span * em),
      }
    }),
  }
}

describe('OCR words as text lines', () => {
  it('gives a line its em size whatever its letters reach: x-height, ascenders, descenders, brackets', () => {
    const lines = ocrLines(
      {
        confidence: 90,
        lines: [
          line(['some', 'prose', 'in', 'a', 'row'], 0, 21),
          line(['Typography', 'by', 'hand'], 40, 21),
          line(['fit', '<-', 'glm(y', '~', 'x)'], 80, 21),
          line(['Model', 'fitting'], 120, 30),
        ],
      },
      (x, y) => [x, 1000 - y],
    )
    const sizes = lines.map((l) => l.fontSize)
    // The three body-size lines agree within pixel rounding, the larger type stands out.
    for (const s of sizes.slice(0, 3)) expect(s).toBeGreaterThan(21 * 0.95)
    for (const s of sizes.slice(0, 3)) expect(s).toBeLessThan(21 * 1.05)
    expect(sizes[3]! / sizes[0]!).toBeGreaterThan(1.3)
    // Words keep their own boxes for highlighting.
    expect(lines[1]!.items[0]!.h).toBeCloseTo(Math.round(0.91 * 21) / 1.2)
  })

  it('is not made a heading by one word box that swallowed a superscript or the next line', () => {
    const tall = line(['the', 'counts', 'are', 'modelled', 'with', 'a', 'hurdle'], 60, 20)
    tall.words[3] = { ...tall.words[3]!, y1: 60 + 50 }
    expect(ocrLines({ confidence: 90, lines: [tall] }, (x, y) => [x, y])[0]!.fontSize).toBeCloseTo(20, 0)
  })

  it('falls back to the tallest box for a line without letters or digits', () => {
    expect(
      estimateLineSize([
        { text: '---', height: 3 },
        { text: '***', height: 8 },
      ]),
    ).toBe(8)
    expect(inkSpan('—')).toBeNull()
  })
})
