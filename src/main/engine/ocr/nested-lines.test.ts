import { describe, expect, it } from 'vitest'
import type { OcrLine } from './ocr-engine.js'
import { placeNestedLines } from './nested-lines.js'

/** A line of words on one baseline: each [text, x0, x1]; top y and height in pixels. */
function line(y: number, height: number, ...words: [string, number, number][]): OcrLine {
  return { words: words.map(([text, x0, x1]) => ({ text, confidence: 90, x0, y0: y, x1, y1: y + height })) }
}

const texts = (lines: OcrLine[]) => lines.map((l) => l.words.map((w) => w.text).join(' '))

describe('placeNestedLines', () => {
  it('puts a stretch tesseract read as a later line back into the blank it left in its line', () => {
    const lines = [
      line(
        100,
        16,
        ['fitted', 0, 50],
        ['model', 60, 110],
        ['objec', 120, 170],
        ['including', 480, 560],
        ['the', 570, 600],
      ),
      line(130, 16, ['next', 0, 40], ['line.', 50, 90]),
      // Read after the paragraph, sitting in the blank between "objec" and "including".
      line(102, 14, ["'s", 180, 195], ['available', 205, 280], ['for', 290, 310], ['objects', 320, 470]),
    ]
    const out = placeNestedLines(lines)
    expect(texts(out)).toEqual(["fitted model objec 's available for objects including the", 'next line.'])
    // Each word keeps its own box, for highlighting.
    expect(out[0]!.words[3]).toMatchObject({ x0: 180, x1: 195 })
  })

  it('leaves a page alone when no line sits inside another (the same array back)', () => {
    const lines = [line(100, 16, ['one', 0, 40], ['two', 50, 90]), line(130, 16, ['three', 0, 50])]
    expect(placeNestedLines(lines)).toBe(lines)
  })

  it('keeps the two columns of a page apart: a line beside another is not inside it', () => {
    const lines = [
      line(100, 16, ['left', 0, 40], ['column', 50, 110]),
      line(130, 16, ['text', 0, 40], ['here', 50, 90]),
      line(100, 16, ['right', 300, 350], ['column', 360, 420]),
      line(130, 16, ['more', 300, 350], ['text', 360, 400]),
    ]
    expect(texts(placeNestedLines(lines))).toEqual(['left column', 'text here', 'right column', 'more text'])
  })

  it('keeps apart a line much taller than the one around it (a table column read downwards)', () => {
    const lines = [
      line(100, 16, ['2004-02-02', 0, 100], ['0.68', 300, 340]),
      // One "line" spanning four printed rows, its box inside the first row's blank.
      line(95, 70, ['NNGW', 150, 200]),
    ]
    expect(texts(placeNestedLines(lines))).toEqual(['2004-02-02 0.68', 'NNGW'])
  })

  it('keeps apart a line on another baseline (less than half the height shared)', () => {
    const lines = [line(100, 16, ['a', 0, 20], ['b', 200, 220]), line(110, 16, ['below', 50, 150])]
    expect(texts(placeNestedLines(lines))).toEqual(['a b', 'below'])
  })

  it('puts every stretch that fits one blank back into it, in order along the line', () => {
    const lines = [
      line(100, 16, ['outer', 0, 50], ['end', 500, 550]),
      line(100, 16, ['mid', 100, 150], ['dle', 300, 350]),
      line(100, 16, ['inner', 200, 250]),
    ]
    expect(texts(placeNestedLines(lines))).toEqual(['outer mid inner dle end'])
  })
})
