import { describe, expect, it } from 'vitest'
import { normalizeText } from './normalize-text.js'

describe('normalizeText', () => {
  it('decomposes Unicode ligatures and compatibility forms (NFKC)', () => {
    expect(normalizeText('\ufb01rst e\ufb00ect \ufb02ow o\ufb03ce ba\ufb04e')).toBe(
      'first effect flow office baffle',
    )
    expect(normalizeText('ＡＢＣ１２３')).toBe('ABC123')
    expect(normalizeText('x\u00b2 \u2163')).toBe('x2 IV')
  })

  it('maps TeX control-character ligatures back to letters', () => {
    expect(normalizeText('con\u001cdence')).toBe('confidence')
    expect(normalizeText('In\u001duence')).toBe('Influence')
    expect(normalizeText('e\u001bect')).toBe('effect')
    expect(normalizeText('o\u001ece')).toBe('office')
    expect(normalizeText('ba\u001fe')).toBe('baffle')
  })

  it('turns dashes, the minus sign and non-breaking hyphens into "-"', () => {
    expect(normalizeText('a\u2010b\u2011c\u2012d\u2013e\u2014f')).toBe('a-b-c-d-e-f')
    expect(normalizeText('\u22123.5')).toBe('-3.5')
  })

  it('straightens quotes and primes, keeps tilde approximations, drops soft hyphens', () => {
    expect(normalizeText('\u2018a\u2019 \u201cb\u201d \u201ec\u201d')).toBe('\'a\' "b" "c"')
    expect(normalizeText('\u223c5')).toBe('~5')
    expect(normalizeText('hy\u00adphen')).toBe('hyphen')
  })

  it('replaces other control and private-use characters with spaces', () => {
    expect(normalizeText('a\u0001b\u007fc\ue000d')).toBe('a b c d')
  })

  it('never changes line structure', () => {
    const s = 'line one\nline two\r\n\tindented\ufb01\n'
    const out = normalizeText(s)
    expect(out.split('\n')).toHaveLength(s.split('\n').length)
    expect(out).toBe('line one\nline two\r\n\tindentedfi\n')
  })

  it('leaves plain ASCII text unchanged', () => {
    const s = 'The quick brown fox (v1.2) costs $3 - or 4% less!'
    expect(normalizeText(s)).toBe(s)
  })
})
