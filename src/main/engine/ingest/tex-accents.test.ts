import { describe, expect, it } from 'vitest'
import { buildPages } from './build-pages.js'
import type { RawPage } from './extract-pdf.js'
import { attachTexAccents } from './tex-accents.js'

const nfkc = (strs: string[]) => strs.map((s) => s.normalize('NFKC'))

describe('attachTexAccents', () => {
  it('joins an accent set before its letter, in one item or across two', () => {
    expect(nfkc(attachTexAccents(['Universit\u00a8at Innsbruck', 'G\u00b4omez', 'Ji\u02c7r\u00ed']))).toEqual(
      ['Universität Innsbruck', 'Gómez', 'Jiří'],
    )
    expect(nfkc(attachTexAccents(['Besag-York-Molli\u00b4', 'e model']))).toEqual([
      'Besag-York-Molli',
      'é model',
    ])
    expect(nfkc(attachTexAccents(['Casa\u02dcna', 'H\u02daavard', 'fa\u00b8', 'cade']))).toEqual([
      'Casaña',
      'Håvard',
      'fa',
      'çade',
    ])
  })

  it('leaves marks over letters Unicode has no accented form of, and tildes of mathematics', () => {
    for (const s of [
      'via\u02dcr(y)',
      'residuals \u02dcui',
      '\u00a8 A',
      '12\u00b4',
      'the study\u00b4s design',
      'don\u00b4t',
    ])
      expect(attachTexAccents([s]), s).toEqual([s])
  })
})

describe('a PDF line with TeX accents', () => {
  it('reads the accented words whole, each item still holding its own text', () => {
    const raw: RawPage = {
      pageNo: 1,
      width: 612,
      height: 792,
      lines: [
        {
          fontSize: 10,
          y: 700,
          items: [
            { str: 'Besag-York-Molli\u00b4', x: 72, y: 700, w: 80, h: 10 },
            { str: 'e model, Universit\u00a8at', x: 150, y: 700, w: 100, h: 10 },
          ],
        },
      ],
    }
    const [page] = buildPages([raw])
    expect(page!.text).toBe('Besag-York-Mollié model, Universität')
    const [a, b] = page!.items
    expect(page!.text.slice(a!.start, a!.end)).toBe('Besag-York-Molli')
    expect(page!.text.slice(b!.start, b!.end)).toBe('é model, Universität')
  })
})
