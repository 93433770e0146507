import { describe, expect, it } from 'vitest'
import { parseTsv } from './ocr-engine.js'

const row = (level: number, ids: number[], box: number[], conf: number, text = '') =>
  [level, 1, ...ids, ...box, conf, text].join('\t')

describe("tesseract's TSV output", () => {
  it('groups words into lines by block, paragraph and line, with boxes and a mean confidence', () => {
    const tsv = [
      row(1, [0, 0, 0, 0], [0, 0, 1275, 1650], -1),
      row(4, [1, 1, 1, 0], [100, 200, 400, 30], -1),
      row(5, [1, 1, 1, 1], [100, 200, 90, 30], 96.5, 'Annual'),
      row(5, [1, 1, 1, 2], [200, 200, 80, 30], 91.5, 'report'),
      row(5, [1, 1, 1, 3], [290, 200, 10, 30], 40, ' '),
      row(5, [1, 1, 2, 1], [100, 240, 60, 30], 88, '2031'),
      row(5, [2, 1, 1, 1], [700, 200, 60, 30], 80, 'Notes'),
      '',
    ].join('\n')
    const r = parseTsv(tsv)
    expect(r.lines.map((l) => l.words.map((w) => w.text))).toEqual([
      ['Annual', 'report'],
      ['2031'],
      ['Notes'],
    ])
    expect(r.lines[0]!.words[1]).toEqual({
      text: 'report',
      confidence: 91.5,
      x0: 200,
      y0: 200,
      x1: 280,
      y1: 230,
    })
    expect(r.confidence).toBeCloseTo((96.5 + 91.5 + 88 + 80) / 4)
  })

  it('has no confidence when no word was found', () => {
    expect(parseTsv(row(1, [0, 0, 0, 0], [0, 0, 10, 10], -1))).toEqual({ lines: [], confidence: null })
  })
})
