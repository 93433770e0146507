import { describe, expect, it } from 'vitest'
import { findAll, findFocus, findPassage, rangeBoxes } from './text-ranges.js'
import { answerSegments } from '@shared/citation-markers.js'
import { pagesLabel } from '@shared/labels.js'
import { errorInWords } from './error-words.js'

describe('text ranges', () => {
  const page = 'Heading\nThe tide  rises\ntwice a day. Then it falls.'

  it('finds a passage despite whitespace and case differences', () => {
    const r = findPassage(page, 'the tide rises twice a day.')!
    expect(page.slice(r.start, r.end)).toBe('The tide  rises\ntwice a day.')
  })

  it('finds a table row read as Markdown where the page has its cells, and a table passage by its rows', () => {
    const table = 'Value Color model\n1 no model\n5 rgb (default)\n7 cmyk\nTable 2: Supported color models.'
    const row = findPassage(table, '| 7 | cmyk |')!
    expect(table.slice(row.start, row.end)).toBe('7 cmyk')
    const passage =
      '| Value | Color model |\n| --- | --- |\n| 1 | no model |\n| 5 | rgb (default) |\n| 7 | cmyk |'
    const r = findPassage(table, passage)!
    expect(table.slice(r.start, r.end)).toBe('Value Color model\n1 no model\n5 rgb (default)\n7 cmyk')
  })

  it('finds a passage quoting the printed minus signs and quotes on a page stored with ASCII ones', () => {
    const table = "A B A rem B\n-12 5 -2\nsign '<' prints 'b'"
    const row = findPassage(table, '| \u221212 | 5 | \u22122 |')!
    expect(table.slice(row.start, row.end)).toBe('-12 5 -2')
    const quote = findPassage(table, 'sign \u2019<\u2019 prints \u2019b\u2019')!
    expect(table.slice(quote.start, quote.end)).toBe("sign '<' prints 'b'")
  })

  it('finds a row of a table drawn with characters by its cells, bars and rules aside', () => {
    const page =
      'Data List\n+------+--------+\n|Artist|  Sales |\n+------+--------+\n|Abba  |37836.18|\n|Queen |29021.50|'
    const row = findPassage(page, '| Queen | 29021.50 |')!
    expect(page.slice(row.start, row.end)).toBe('Queen |29021.50')
    const passage = findPassage(page, 'Data List\n| Artist | Sales |\n| --- | --- |\n| Abba | 37836.18 |')!
    expect(page.slice(passage.start, passage.end)).toBe(
      'Data List\n+------+--------+\n|Artist|  Sales |\n+------+--------+\n|Abba  |37836.18',
    )
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

describe('citation focus and page labels', () => {
  it('marks the claim-carrying sentence inside the passage only', () => {
    const page = 'Title line. The tide rises twice a day. It reaches 4.2 metres at spring. Other text.'
    const passage = findPassage(page, 'The tide rises twice a day. It reaches 4.2 metres at spring.')!
    const [focus] = findFocus(page, passage, [
      'It reaches 4.2 metres at spring.',
      'Not on this page at all here',
    ])
    expect(page.slice(focus!.start, focus!.end)).toBe('It reaches 4.2 metres at spring.')
    // A sentence that continues onto the next page matches its head, clipped to the passage.
    const head = findFocus(page, passage, ['It reaches 4.2 metres at spring. And then the next page goes on'])
    expect(page.slice(head[0]!.start, head[0]!.end)).toBe('It reaches 4.2 metres at spring.')
  })

  it('shows the printed page label next to the PDF page number when they differ', () => {
    expect(pagesLabel([25], ['9'])).toBe('p. 9 (PDF p. 25)')
    expect(pagesLabel([9, 10], ['ix', 'x'])).toBe('pp. ix–x (PDF pp. 9–10)')
    expect(pagesLabel([4], ['4'])).toBe('p. 4')
    expect(pagesLabel([4, 5], [null, null])).toBe('pp. 4–5')
    expect(pagesLabel([4])).toBe('p. 4')
  })
})
