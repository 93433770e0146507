import { describe, expect, it } from 'vitest'
import { comparisonRequest } from './compare-request.js'
import { mentionedDocuments } from './named-documents.js'

const DOCS = [
  { id: 1, path: '/docs/harbour-2023.pdf', title: 'Harbour handbook 2023' },
  { id: 2, path: '/docs/harbour-2024.pdf', title: 'Harbour handbook 2024' },
  { id: 3, path: '/docs/people.pdf', title: 'People' },
]

describe('mentionedDocuments', () => {
  it('finds documents by file name, bare name or title, in the order named, longest name first', () => {
    expect(mentionedDocuments('Compare harbour-2024.pdf with Harbour handbook 2023', DOCS)).toMatchObject([
      { id: 2 },
      { id: 1 },
    ])
    expect(mentionedDocuments('what does harbour 2023 say about people?', DOCS).map((m) => m.id)).toEqual([
      1, 3,
    ])
    // A name inside another word is not a mention.
    expect(mentionedDocuments('peoples of the harbour', DOCS)).toEqual([])
  })
})

describe('comparisonRequest', () => {
  it('compares two named documents on the aspect left when names and comparison words are taken out', () => {
    expect(
      comparisonRequest('Compare harbour-2023.pdf and harbour-2024.pdf on spring tide height', DOCS),
    ).toEqual({
      documents: [1, 2],
      aspect: 'spring tide height',
    })
    expect(comparisonRequest('How do harbour-2024.pdf and people.pdf differ?', DOCS)).toEqual({
      documents: [2, 3],
      aspect: '',
    })
  })

  it('compares the two documents asked of when the question points at them without names', () => {
    expect(comparisonRequest('What changed between these two versions?', DOCS, [1, 2])).toEqual({
      documents: [1, 2],
      aspect: '',
    })
    // Three documents in scope: which two is not known.
    expect(comparisonRequest('What changed between these two versions?', DOCS)).toBeNull()
  })

  it('is no comparison without comparison wording, or with fewer than two documents', () => {
    expect(comparisonRequest('What does harbour-2023.pdf say about people.pdf?', DOCS)).toBeNull()
    expect(comparisonRequest('How does the spring tide differ from the neap tide?', DOCS)).toBeNull()
    expect(comparisonRequest('Compare harbour-2023.pdf to last year', DOCS)).toBeNull()
  })
})
