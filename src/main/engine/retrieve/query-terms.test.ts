import { describe, expect, it } from 'vitest'
import { stem } from '../text/tokens.js'
import { identifierPhrases, queryTerms } from './query-terms.js'

describe('query terms', () => {
  it('drops question scaffolding and keeps content words, de-duplicated by stem', () => {
    expect(queryTerms('How do I use the colors and the colour of colors?').map((t) => t.word)).toEqual([
      'colors',
      'colour',
    ])
  })

  it('stems ASCII tokens with digits like FTS5 porter does', () => {
    expect(stem('x11colors')).toBe('x11color')
    expect(stem('1985')).toBe('1985')
    expect(stem('größe')).toBe('größe')
  })

  it('finds identifiers to search as phrases', () => {
    expect(identifierPhrases('set callout.graphics.extension and -V')).toEqual([
      ['callout', 'graphics', 'extension'],
    ])
  })
})
