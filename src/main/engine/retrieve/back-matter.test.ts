import { describe, expect, it } from 'vitest'
import { isBackMatter } from './back-matter.js'

describe('isBackMatter', () => {
  it('recognises reference lists and indexes, also inside a document part', () => {
    for (const h of [
      'References',
      'Regression Models for Count Data in R > References',
      'Bibliography',
      'Index',
      'Indices > Concept Index',
      'Indices > Index of Functions and Macros',
    ])
      expect(isBackMatter(h), h).toBe(true)
  })

  it('leaves numbered sections about those subjects alone', () => {
    for (const h of [
      '4.14 Writing a Bibliography',
      '4.13 Creating an Index',
      'Dblatex XSL Parameter Reference > A.10 Cross References',
      'Ordered Observations > A. Reference card',
      '2.6. Extracting and replacing the data and the index',
    ])
      expect(isBackMatter(h), h).toBe(false)
    expect(isBackMatter(null)).toBe(false)
  })
})
