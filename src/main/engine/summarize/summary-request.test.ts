import { describe, expect, it } from 'vitest'
import { namedDocument, summaryTarget } from './summary-request.js'

const DOCS = [
  { id: 1, path: '/docs/pscl-countreg.pdf', title: 'Regression Models for Count Data in R' },
  { id: 2, path: '/docs/annual-report.pdf', title: 'Annual report' },
  { id: 3, path: '/docs/memoir-manual.pdf', title: 'The memoir class' },
]

describe('summaryTarget', () => {
  it('finds the document a summary request names, by file name, stem or title', () => {
    expect(summaryTarget('Summarize the whole pscl-countreg.pdf document in five bullet points', DOCS)).toBe(
      1,
    )
    expect(summaryTarget('summarise pscl countreg', DOCS)).toBe(1)
    expect(summaryTarget('What are the main points of the annual report?', DOCS)).toBe(2)
    expect(summaryTarget('Give me a short summary of "The memoir class"', DOCS)).toBe(3)
    expect(summaryTarget('Main findings of annual-report.pdf, in 3 sentences', DOCS)).toBe(2)
  })

  it('leaves questions about a topic of a document to search', () => {
    expect(summaryTarget('Summarize what annual-report.pdf says about steel output', DOCS)).toBeNull()
    expect(summaryTarget('How do I summarize a table in memoir-manual.pdf?', DOCS)).toBeNull()
    expect(summaryTarget('What is the default page size in the memoir class?', DOCS)).toBeNull()
  })

  it('takes the one document asked of, or the only one in the library, when none is named', () => {
    expect(summaryTarget('Summarize this document', DOCS)).toBeNull()
    expect(summaryTarget('Summarize this document', DOCS, [3])).toBe(3)
    expect(summaryTarget('Summarize it in five bullet points', [DOCS[1]!])).toBe(2)
  })

  it('prefers the longest name and matches whole words only', () => {
    const docs = [
      { id: 7, path: '/d/report.pdf', title: 'Report' },
      { id: 8, path: '/d/annual-report.pdf', title: 'Annual report' },
    ]
    expect(namedDocument('summarize annual-report.pdf', docs)).toBe(8)
    expect(namedDocument('summarize reporting.pdf', docs)).toBeNull()
  })
})
