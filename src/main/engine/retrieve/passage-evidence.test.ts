import { describe, expect, it } from 'vitest'
import { documentCoverage, unionCoverage } from './passage-evidence.js'
import type { WeightedTerm } from './lexical-score.js'

const terms: WeightedTerm[] = [
  { word: 'pscl', stem: 'pscl', idf: 3 },
  { word: 'anova', stem: 'anova', idf: 2 },
  { word: 'model', stem: 'model', idf: 1 },
]

describe('unionCoverage', () => {
  it('weights found terms by IDF across all given passages', () => {
    expect(unionCoverage(terms, [new Set(['model']), new Set(['anova'])])).toBeCloseTo(3 / 6)
    expect(unionCoverage(terms, [])).toBe(0)
    expect(unionCoverage([], [new Set(['x'])])).toBe(0)
  })
})

describe('documentCoverage', () => {
  it("credits a document's name for terms its passages do not repeat", () => {
    const cov = documentCoverage(
      terms,
      [
        { documentId: 1, stems: new Set(['anova', 'model']) },
        { documentId: 2, stems: new Set(['anova', 'model']) },
      ],
      new Map([
        [1, new Set(['pscl'])],
        [2, new Set(['survival'])],
      ]),
    )
    expect(cov.get(1)).toBeCloseTo(1)
    expect(cov.get(2)).toBeCloseTo(3 / 6)
  })
})
