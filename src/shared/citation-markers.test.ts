import { describe, expect, it } from 'vitest'
import { answerSegments, findCitationMarkers } from './citation-markers.js'

describe('citation-marker grammar', () => {
  it('splits every accepted form into one cite segment per number', () => {
    expect(answerSegments('A [1-3] b [Source 2] c [sources 1 and 4].')).toEqual([
      { kind: 'text', text: 'A ' },
      { kind: 'cite', n: 1 },
      { kind: 'cite', n: 2 },
      { kind: 'cite', n: 3 },
      { kind: 'text', text: ' b ' },
      { kind: 'cite', n: 2 },
      { kind: 'text', text: ' c ' },
      { kind: 'cite', n: 1 },
      { kind: 'cite', n: 4 },
      { kind: 'text', text: '.' },
    ])
  })

  it('leaves Markdown links and over-long ranges as text', () => {
    expect(findCitationMarkers('[3](http://x) and [1-100]')).toEqual([])
    expect(answerSegments('see [3](http://x)')).toEqual([{ kind: 'text', text: 'see [3](http://x)' }])
  })
})
