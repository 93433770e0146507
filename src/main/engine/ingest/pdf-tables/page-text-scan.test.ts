import { describe, expect, it } from 'vitest'
import type { CleanPage } from '../../store/page-records.js'
import { unionBox } from './geometry.js'
import { pageWords } from './page-words.js'
import { mayHoldTable } from './table-signals.js'
import { hasNonSpace, isSpaceCode } from './whitespace.js'

// The table finder scans page text by character code instead of slicing and matching it (cheaper
// on every page): these pin that the scans find exactly what the regular expressions found.

describe('scanning page text in place', () => {
  it('takes as a space exactly the code units \\s matches', () => {
    const differ: number[] = []
    for (let c = 0; c <= 0xffff; c++) if (isSpaceCode(c) !== /\s/.test(String.fromCharCode(c))) differ.push(c)
    expect(differ).toEqual([])
  })

  it('finds a character other than a space as /\\S/ on the slice does, past the text end too', () => {
    const text = 'a\u00a0\u3000 b\u2028'
    for (let start = 0; start <= text.length + 1; start++)
      for (let end = start; end <= text.length + 2; end++)
        expect(hasNonSpace(text, start, end)).toBe(/\S/.test(text.slice(start, end)))
  })

  it("splits a page's items into words where \\S+ parts them, each with its share of the item's box", () => {
    const text = 'Estimate\u00a0Std.  Error\u3000z\n(Intercept) 1.25'
    const nl = text.indexOf('\n')
    const page = {
      pageNo: 1,
      width: 600,
      height: 800,
      text,
      lines: [
        { start: 0, end: nl, fontSize: 10 },
        { start: nl + 1, end: text.length, fontSize: 10 },
      ],
      // The second item reaches past the text, as a damaged page's may.
      items: [
        { start: 0, end: nl, x: 72, y: 700, w: 120, h: 10 },
        { start: nl + 1, end: text.length + 3, x: 72, y: 686, w: 80, h: 10 },
      ],
    } as unknown as CleanPage
    const expected = page.items.flatMap((it, item) => {
      const s = text.slice(it.start, it.end)
      const line = it.start < nl ? 0 : 1
      return [...s.matchAll(/\S+/g)].map((m) => ({
        text: m[0],
        start: it.start + m.index,
        end: it.start + m.index + m[0].length,
        box: {
          x: it.x + (it.w * m.index) / s.length,
          y: it.y,
          w: (it.w * m[0].length) / s.length,
          h: it.h,
        },
        line,
        item,
      }))
    })
    expect(pageWords(page)).toEqual(expected)
    expect(pageWords(page).map((w) => w.text)).toEqual([
      'Estimate',
      'Std.',
      'Error',
      'z',
      '(Intercept)',
      '1.25',
    ])
  })

  it('joins and matches a line for a caption only when it opens with a T', () => {
    const line = (...strs: string[]) => ({
      items: strs.map((str, i) => ({ str, x: i * 20, y: 0, w: 20, h: 10 })),
      fontSize: 10,
      y: 0,
    })
    expect(mayHoldTable([line('  ', 'T', 'able 3: Results')])).toBe(true)
    expect(mayHoldTable([line('\u00a0tab. IV')])).toBe(true)
    expect(mayHoldTable([line('TABLE 10 (continued)')])).toBe(true)
    expect(mayHoldTable([line('Table E.1: Some internal macros for numbers')])).toBe(true)
    expect(mayHoldTable([line('see Table 3')])).toBe(false)
    expect(mayHoldTable([line('Tables 3 and 4')])).toBe(false)
    expect(mayHoldTable([line('   ')])).toBe(false)
  })

  it('unites boxes to the same extremes as taking min and max over all of them', () => {
    const boxes = [
      { x: 10.1, y: 5.3, w: 0.7, h: 2 },
      { x: 3.3, y: 9.9, w: 20.01, h: 0.1 },
      { x: 7, y: -0, w: 1e-9, h: 3.7 },
    ]
    const x0 = Math.min(...boxes.map((b) => b.x))
    const y0 = Math.min(...boxes.map((b) => b.y))
    const x1 = Math.max(...boxes.map((b) => b.x + b.w))
    const y1 = Math.max(...boxes.map((b) => b.y + b.h))
    expect(unionBox(boxes)).toEqual({ x: x0, y: y0, w: x1 - x0, h: y1 - y0 })
    expect(unionBox([])).toEqual({ x: Infinity, y: Infinity, w: -Infinity, h: -Infinity })
  })
})
