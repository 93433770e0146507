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

  it('leaves a numbered table after the references alone, but not a list under them', () => {
    const table =
      'Table 3: Meaning of the double precision return parameters\n| Nr | Description |\n| --- | --- |\n| 1 | the step size in t last used |'
    expect(isBackMatter('Equations in R > References', table)).toBe(false)
    // The references themselves, and an unnumbered table among them, are still back matter.
    expect(isBackMatter('Equations in R > References', 'Soetaert K (2009). rootSolve. R package.')).toBe(true)
    expect(isBackMatter('Index', 'Entries\n| a | 3 |\n| --- | --- |\n| b | 4 |')).toBe(true)
  })
})
