import { describe, expect, it } from 'vitest'
import type { SearchHit } from '@shared/library-types.js'
import { collapseDuplicates } from './collapse-duplicates.js'

const hit = (documentId: number, text: string, file = `/docs/${documentId}.pdf`): SearchHit => ({
  rank: 0,
  chunkId: documentId * 100,
  chunkIds: [documentId * 100],
  documentId,
  file,
  title: 'Sandwich estimators',
  pages: [1],
  text,
  score: 1,
  matchedTerms: [],
  heading: null,
})

const PASSAGE =
  'The sandwich estimator combines the bread of the model with the meat of the empirical scores.'

describe('collapseDuplicates', () => {
  it('keeps one source for near-identical passages of different documents, naming both, and fills the slot', () => {
    const out = collapseDuplicates(
      [
        hit(1, PASSAGE),
        hit(2, PASSAGE.replace('meat', 'meat ').replace(/ /g, '\n')),
        hit(3, 'Clustered covariances are robust to correlation within clusters.'),
        hit(4, 'A bootstrap over clusters checks the analytic standard errors.'),
      ],
      3,
    )
    expect(out.map((h) => h.documentId)).toEqual([1, 3, 4])
    expect(out.map((h) => h.rank)).toEqual([1, 2, 3])
    expect(out[0]!.alsoIn).toEqual([{ documentId: 2, file: '/docs/2.pdf', title: 'Sandwich estimators' }])
  })

  it('takes a passage lying whole inside a longer one as the same text', () => {
    const out = collapseDuplicates(
      [hit(1, `${PASSAGE} It is robust to heteroscedasticity.`), hit(2, PASSAGE)],
      5,
    )
    expect(out).toHaveLength(1)
    expect(out[0]!.alsoIn?.map((d) => d.documentId)).toEqual([2])
  })

  it('leaves different passages alone', () => {
    const out = collapseDuplicates(
      [hit(1, PASSAGE), hit(1, 'Another passage about meat and bread entirely.')],
      5,
    )
    expect(out).toHaveLength(2)
    expect(out.every((h) => h.alsoIn === undefined)).toBe(true)
  })
})
