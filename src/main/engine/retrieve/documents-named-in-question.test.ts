import { describe, expect, it } from 'vitest'
import { documentsNamedIn, withoutMentions, type NameableDocument } from './documents-named-in-question.js'

const docs: NameableDocument[] = [
  { id: 1, path: '/lib/pscl-countreg.pdf', title: 'Regression Models for Count Data in R' },
  { id: 2, path: '/lib/survival.pdf', title: 'survival' },
  { id: 3, path: '/lib/sandwich-CL.pdf', title: 'Various Versatile Variances' },
  { id: 4, path: '/cases/a/notes.docx', title: 'notes' },
  { id: 5, path: '/cases/b/notes.docx', title: 'Meeting notes' },
]
const ids = (r: ReturnType<typeof documentsNamedIn>) =>
  r.kind === 'named' ? r.documents.map((d) => d.id) : r

describe('documentsNamedIn', () => {
  it('finds a file name with its extension, whatever its case', () => {
    const r = documentsNamedIn('Summarize the whole pscl-countreg.pdf document', docs)
    expect(ids(r)).toEqual([1])
    expect(r.kind === 'named' && r.mentions[0]!.said).toBe('pscl-countreg.pdf')
    expect(ids(documentsNamedIn('What does SURVIVAL.PDF say about censoring?', docs))).toEqual([2])
  })

  it('finds a file name without its extension when a document noun follows or it is written as a name', () => {
    expect(ids(documentsNamedIn('What does the Survival vignette say about strata?', docs))).toEqual([2])
    expect(ids(documentsNamedIn('How are clusters handled in sandwich-CL?', docs))).toEqual([3])
  })

  it('finds a whole title', () => {
    expect(
      ids(documentsNamedIn('In Regression Models for Count Data in R, what is a hurdle?', docs)),
    ).toEqual([1])
  })

  it('names nothing when a file name is only an everyday word of the question', () => {
    expect(documentsNamedIn('What is survival analysis?', docs)).toEqual({ kind: 'none' })
    expect(documentsNamedIn('What is the number of events in survival data?', docs)).toEqual({ kind: 'none' })
    expect(documentsNamedIn('What does report.pdf say?', docs)).toEqual({ kind: 'none' })
  })

  it('names several documents for a comparison, in the order asked', () => {
    expect(ids(documentsNamedIn('Compare sandwich-CL.pdf with pscl-countreg.pdf', docs))).toEqual([3, 1])
  })

  it('says a name several documents have is ambiguous, with each of them', () => {
    const r = documentsNamedIn('What do the notes.docx say about the deadline?', docs)
    expect(r.kind).toBe('ambiguous')
    expect(r.kind === 'ambiguous' && r.mention.documents.map((d) => d.id)).toEqual([4, 5])
  })

  it('takes the naming words out of the question for the search', () => {
    const r = documentsNamedIn('Summarize the whole pscl-countreg.pdf document', docs)
    expect(
      r.kind === 'named' && withoutMentions('Summarize the whole pscl-countreg.pdf document', r.mentions),
    ).toBe('Summarize the whole document')
  })
})
