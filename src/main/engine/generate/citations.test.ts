import { describe, expect, it } from 'vitest'
import type { Citation } from '@shared/chat-types.js'
import { findCitationMarkers, stripCitationMarkers } from '@shared/citation-markers.js'
import { resolveCitations } from './citations.js'

const src = (n: number): Citation => ({
  n,
  chunkId: 10 + n,
  documentId: 1,
  file: `/d/f${n}.pdf`,
  title: `F${n}`,
  pages: [n],
  text: `text ${n}`,
})

describe('findCitationMarkers', () => {
  it('reads single, listed, adjacent, ranged and labelled markers', () => {
    const text = 'A [1]. B [1, 2]. C [1][3]. D [2-4]. E [Source 5]. F [1; 2]. G [1 and 3].'
    expect(findCitationMarkers(text).map((m) => m.numbers)).toEqual([
      [1],
      [1, 2],
      [1],
      [3],
      [2, 3, 4],
      [5],
      [1, 2],
      [1, 3],
    ])
  })

  it('ignores Markdown links, years and non-numeric brackets', () => {
    expect(findCitationMarkers('See [1](http://x), in [2023], [a], [1-500].')).toEqual([])
  })
})

describe('resolveCitations', () => {
  it('maps markers to the provided sources in number order', () => {
    const r = resolveCitations('Output rose [2]. It was 5 t [1][2].', [src(1), src(2), src(3)])
    expect(r.citations.map((c) => c.n)).toEqual([1, 2])
    expect(r.invalid).toEqual([])
    expect(r.answer).toBe('Output rose [2]. It was 5 t [1][2].')
  })

  it('drops and reports citations to sources never provided', () => {
    const r = resolveCitations('Output rose [7]. It was 5 t [1, 9]. Fine [2].', [src(1), src(2)])
    expect(r.invalid).toEqual([7, 9])
    expect(r.citations.map((c) => c.n)).toEqual([1, 2])
    expect(r.answer).toBe('Output rose. It was 5 t [1]. Fine [2].')
  })

  it('handles an answer without markers', () => {
    expect(resolveCitations('Nothing here.', [src(1)])).toEqual({
      answer: 'Nothing here.',
      citations: [],
      invalid: [],
    })
  })
})

describe('stripCitationMarkers', () => {
  it('removes markers and the space before punctuation', () => {
    expect(stripCitationMarkers('It rose 5% [1]. Then fell [2, 3].')).toBe('It rose 5%. Then fell.')
  })
})
