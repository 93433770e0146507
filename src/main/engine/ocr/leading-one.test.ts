import { describe, expect, it } from 'vitest'
import { readLeadingOneAsL } from './leading-one.js'

describe('readLeadingOneAsL', () => {
  it('reads a leading 1 before letters as l: names and calls of code', () => {
    expect(readLeadingOneAsL('1m.fit,')).toBe('lm.fit,')
    expect(readLeadingOneAsL('(1m.fit')).toBe('(lm.fit')
    expect(readLeadingOneAsL('1m(formula')).toBe('lm(formula')
    expect(readLeadingOneAsL('1wd=2,')).toBe('lwd=2,')
    expect(readLeadingOneAsL('1evels=50')).toBe('levels=50')
    expect(readLeadingOneAsL('1rtest()')).toBe('lrtest()')
  })

  it('keeps quantities, single letters and numbers', () => {
    for (const word of [
      '1st',
      '1px;',
      '(1mm,',
      '1cm:',
      '1e-07',
      '1x1',
      '1s',
      '1m',
      '1h)',
      '12',
      '1.5',
      'x1',
      'l1',
      '1,000',
    ])
      expect(readLeadingOneAsL(word)).toBe(word)
  })
})
