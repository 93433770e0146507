import { describe, expect, it } from 'vitest'
import { windowCoverage, type WeightedTerm } from './lexical-score.js'

const terms: WeightedTerm[] = [
  { word: 'relief', stem: 'relief', idf: 2 },
  { word: 'valve', stem: 'valv', idf: 3 },
]

describe('windowCoverage', () => {
  it('counts the IDF mass of distinct terms that occur together within the window', () => {
    const close = 'the relief valv open'.split(' ')
    expect(windowCoverage(close, terms, 3)).toBe(5)
  })

  it('does not add up terms that are further apart than the window', () => {
    const far = ['relief', ...Array(10).fill('x'), 'valv']
    expect(windowCoverage(far, terms, 5)).toBe(3)
    expect(windowCoverage(far, terms, 20)).toBe(5)
  })

  it('counts a repeated term once', () => {
    expect(windowCoverage(['valv', 'valv', 'valv'], terms, 3)).toBe(3)
    expect(windowCoverage([], terms, 3)).toBe(0)
  })
})
