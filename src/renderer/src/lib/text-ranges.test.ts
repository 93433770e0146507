import { describe, expect, it } from 'vitest'
import { findAll, findPassage, rangeBoxes } from './text-ranges.js'
import { answerSegments } from './answer-segments.js'
import { errorInWords } from './error-words.js'

describe('text ranges', () => {
  const page = 'Heading\nThe tide  rises\ntwice a day. Then it falls.'

  it('finds a passage despite whitespace and case differences', () => {
    const r = findPassage(page, 'the tide rises twice a day.')!
    expect(page.slice(r.start, r.end)).toBe('The tide  rises\ntwice a day.')
  })

  it('finds the part of a passage that continues onto the next or came from the previous page', () => {
    const head = findPassage(page, 'twice a day. Then it falls. And on the next page it goes on and on.')!
    expect(page.slice(head.start)).toBe('twice a day. Then it falls.')
    const tail = findPassage(
      page,
      'Text from the previous page that ends here. Heading The tide rises twice',
    )!
    expect(page.slice(tail.start, tail.end)).toBe('Heading\nThe tide  rises\ntwice')
    expect(findPassage(page, 'nothing like this at all, anywhere in the page text')).toBeNull()
  })

  it('covers a middle page whole when the passage runs through it', () => {
    const r = findPassage(
      page,
      'End of the page before. Heading The tide rises twice a day. Then it falls. Next page.',
    )!
    expect(page.slice(r.start, r.end)).toBe(page)
  })

  it('cuts item boxes proportionally to the covered characters', () => {
    const boxes = rangeBoxes([{ start: 0, end: 10, x: 100, y: 500, w: 50, h: 10 }], { start: 5, end: 10 })
    expect(boxes).toHaveLength(1)
    expect(boxes[0]!.x).toBeCloseTo(125)
    expect(boxes[0]!.w).toBeCloseTo(25)
  })

  it('finds every occurrence of a search term', () => {
    expect(findAll('a tide, A TIDE', 'tide')).toEqual([
      { start: 2, end: 6 },
      { start: 10, end: 14 },
    ])
  })
})

describe('answer segments and error words', () => {
  it('turns [n], [n, m] and [n][m] into citation segments', () => {
    expect(answerSegments('A [1]. B [2, 3][4]')).toEqual([
      { kind: 'text', text: 'A ' },
      { kind: 'cite', n: 1 },
      { kind: 'text', text: '. B ' },
      { kind: 'cite', n: 2 },
      { kind: 'cite', n: 3 },
      { kind: 'cite', n: 4 },
    ])
  })

  it('says ingestion errors in plain words', () => {
    expect(errorInWords('PDF_ENCRYPTED')).toBe('Password-protected')
    expect(errorInWords('PDF_NO_TEXT')).toBe('No text layer (scanned?)')
    expect(errorInWords('SOMETHING_NEW', 'Disk full')).toBe('Disk full')
  })
})
