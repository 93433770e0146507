import { describe, expect, it } from 'vitest'
import { HybridSearch } from '../retrieve/hybrid-search.js'
import { chunk, tempLibrary } from '../retrieve/test-library.js'
import { identifierParts, indexStems, textIdentifierParts } from './identifier-parts.js'
import { passageStems } from './tokens.js'

describe('identifierParts', () => {
  it('parts a word at its inner capitals', () => {
    expect(identifierParts('farmPrice')).toEqual(['farm', 'price'])
    expect(identifierParts('registerFontFamily')).toEqual(['register', 'font', 'family'])
    expect(identifierParts('HTMLParser')).toEqual(['html', 'parser'])
    expect(identifierParts('ethnictyOTHER')).toEqual(['ethnicty', 'other'])
    expect(identifierParts('PivQR')).toEqual(['piv', 'qr'])
    expect(identifierParts('sexM')).toEqual(['sex'])
  })

  it('leaves words without inner capitals, and mixed-case pieces that are not words', () => {
    for (const w of ['price', 'Price', 'HTML', 'x11colors', 'LaTeX', 'TeX', 'kHz', 'GPa', 'dB'])
      expect(identifierParts(w), w).toEqual([])
  })
})

describe('indexStems', () => {
  it('puts the parts right after their word, and changes nothing in a text without such words', () => {
    expect(indexStems('farmPrice 0.214')).toEqual(['farmpric', 'farm', 'price', '0', '214'])
    const plain = 'The supply equation: price received by farmers.'
    expect(indexStems(plain)).toEqual(passageStems(plain))
    expect(textIdentifierParts('Call registerFontFamily, then HTMLParser.')).toEqual([
      'register',
      'font',
      'family',
      'html',
      'parser',
    ])
  })
})

describe('a question asked in words', () => {
  it('finds the row of an identifier written with inner capitals', async () => {
    const db = tempLibrary({
      'systemfit.pdf': [
        chunk(0, 'Introduction', 'The supply of food is estimated as a system of two equations.'),
        chunk(
          1,
          'SUR estimates for supply',
          '| | Estimate | Std. Error |\n| --- | --- | --- |\n| (Intercept) | 58.2754 | 11.4629 |\n| farmPrice | 0.2140 | 0.0399 |',
        ),
        ...Array.from({ length: 12 }, (_, i) => chunk(i + 2, `Other ${i}`, `Demand equation number ${i}.`)),
      ],
    })
    const search = new HybridSearch({ db, embedder: null, vectors: null })
    const r = await search.search('What is the estimate for the farm price?', { k: 3 })
    expect(r.declined).toBe(false)
    expect(r.results[0]!.text).toContain('| farmPrice | 0.2140 |')
    // The stored text is the document's own: the parts are indexed, never shown.
    expect(r.results[0]!.text).not.toMatch(/farm price/)
  })
})
