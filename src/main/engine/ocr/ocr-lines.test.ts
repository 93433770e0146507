import { describe, expect, it } from 'vitest'
import type { OcrLine } from './ocr-engine.js'
import { ocrLines } from './ocr-page.js'
import { estimateLineSize, inkHeight, inkSpan } from './line-size.js'

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

  it('measures a word set sideways (a figure axis label) across its width, not along its length', () => {
    // "Frequency" turned 90°: 14 px across (its em size ~20 px), 70 px long.
    const label: OcrLine = {
      words: [{ text: 'Frequency', confidence: 96, x0: 404, y0: 463, x1: 418, y1: 533 }],
    }
    const size = ocrLines({ confidence: 96, lines: [label] }, (x, y) => [x, y])[0]!.fontSize
    expect(size).toBeCloseTo(14 / (inkSpan('Frequency') ?? 1), 5)
    expect(inkHeight({ text: 'Frequency', width: 14, height: 70 })).toBe(14)
    // Upright words, and words too short to tell, keep their height.
    expect(inkHeight({ text: 'Frequency', width: 100, height: 21 })).toBe(21)
    expect(inkHeight({ text: 'l)', width: 8, height: 20 })).toBe(20)
  })

  it('keeps each line’s mean word confidence, so a misread line is not taken for a heading', () => {
    const l = line(['fp', '=', 'SERIE'], 0, 30)
    l.words = l.words.map((w, k) => ({ ...w, confidence: [40, 60, 50][k]! }))
    expect(ocrLines({ confidence: 50, lines: [l] }, (x, y) => [x, y])[0]!.confidence).toBeCloseTo(50)
  })

  it('falls back to the tallest box for a line without letters or digits', () => {
    expect(
      estimateLineSize([
        { text: '---', height: 3 },
        { text: '***', height: 8 },
      ]),
    ).toBe(8)
    expect(inkSpan('—')).toBeNull()
    // Two words of very different heights (a box that took in more than the word): the smaller.
    expect(
      estimateLineSize([
        { text: 'poisson', height: 30 },
        { text: 'poisson', height: 10 },
      ]),
    ).toBeCloseTo(10 / 0.88)
  })

  it('joins a call split at its bracket (a small ink gap), not a bracket after a word space', () => {
    // em 20 px: "coeftest" then "(fm," 4 px (0.2 em) on; "al." then "(2008)" 9 px (0.45 em) on.
    const word = (text: string, x0: number, x1: number) => ({
      text,
      confidence: 90,
      x0,
      y0: 0,
      x1,
      y1: Math.round((inkSpan(text) ?? 1) * 20),
    })
    const lines = ocrLines(
      {
        confidence: 90,
        lines: [
          {
            words: [
              word('R>', 0, 20),
              word('coeftest', 30, 110),
              word('(fm,', 114, 150),
              word('vcov)', 160, 210),
            ],
          },
          {
            words: [
              word('Zeileis', 0, 70),
              word('et', 80, 100),
              word('al.', 110, 130),
              word('(2008)', 139, 200),
            ],
          },
        ],
      },
      (x, y) => [x, 1000 - y],
    )
    const text = lines.map((l) => l.items.map((i) => i.str).join(''))
    expect(text).toEqual(['R> coeftest(fm, vcov)', 'Zeileis et al. (2008)'])
    // The joined word's box spans both parts, for highlighting.
    expect(lines[0]!.items[1]!.x).toBe(30)
    expect(lines[0]!.items[1]!.w).toBe(120)
  })

  it('reads code as printed: a leading 1 of a name as l, a dotted name split after its dot joined', () => {
    const word = (text: string, x0: number, x1: number) => ({ text, confidence: 90, x0, y0: 0, x1, y1: 20 })
    const lines = ocrLines(
      {
        confidence: 90,
        lines: [
          {
            words: [
              word('fit', 0, 30),
              word('with', 42, 80),
              word('1m.fit', 92, 150),
              word('or', 162, 180),
              word('na.', 192, 220),
              word('action', 225, 280),
            ],
          },
        ],
      },
      (x, y) => [x, 1000 - y],
    )
    expect(lines.map((l) => l.items.map((i) => i.str).join(''))).toEqual(['fit with lm.fit or na.action'])
  })
})
