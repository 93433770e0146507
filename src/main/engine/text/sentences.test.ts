import { describe, expect, it } from 'vitest'
import { sentenceBreaks, splitSentences } from './sentences.js'

describe('splitSentences', () => {
  it('splits at sentence ends but not at decimals or abbreviations', () => {
    expect(splitSentences('Revenue was 4.5 bn, e.g. in Europe. See Fig. 3 for details. Costs fell!')).toEqual(
      ['Revenue was 4.5 bn, e.g. in Europe.', 'See Fig. 3 for details.', 'Costs fell!'],
    )
  })

  it('keeps a citation marker with its sentence', () => {
    expect(splitSentences('Output rose. [1] Costs fell [2]. Done.')).toEqual([
      'Output rose. [1]',
      'Costs fell [2].',
      'Done.',
    ])
  })

  it('ends a heading line before the text under it, but not a wrapped sentence', () => {
    expect(splitSentences('12 Production\nThe Ghent plant produced 4,200 tonnes. Output fell.')).toEqual([
      '12 Production',
      'The Ghent plant produced 4,200 tonnes.',
      'Output fell.',
    ])
    expect(splitSentences('Output in the Ghent plant was\nhigher than planned.')).toEqual([
      'Output in the Ghent plant was higher than planned.',
    ])
  })

  it('splits at blank lines and list items', () => {
    expect(splitSentences('Intro line\n\n- first item\n- second item')).toEqual([
      'Intro line',
      '- first item',
      '- second item',
    ])
  })
})

describe('sentenceBreaks', () => {
  it('gives the offsets where the next sentence starts, across line breaks', () => {
    const text = 'Costs rose by 4.5 bn.\nSee Fig. 3 for\ndetails. J. Smith agreed.'
    const breaks = sentenceBreaks(text)
    expect(breaks.map((b) => text.slice(b, b + 3))).toEqual(['See', 'J. '])
    expect(sentenceBreaks('No end here')).toEqual([])
  })
})
