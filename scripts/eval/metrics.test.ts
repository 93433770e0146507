import { describe, expect, it } from 'vitest'
import { coversAllGold, matches, wordsOf, type QaRecord } from './metrics.js'

const rec = (over: Partial<QaRecord>): QaRecord => ({
  id: 'x',
  conversation_id: null,
  turn: null,
  type: 'factual',
  question: 'q',
  file: 'guide.docx',
  pages: [],
  must_contain: ['page size', '65536'],
  ...over,
})

describe('matching passages of documents without pages (formats set)', () => {
  it('needs every must_contain string in a passage of the gold file, table pipes counting as spaces', () => {
    const p = (text: string, file = '/lib/guide.docx') => ({ file, pages: [], text })
    expect(matches(rec({}), p('The Page  size is at most 65536 bytes.'))).toBe(true)
    expect(matches(rec({}), p('The page size | 65536'))).toBe(true)
    expect(matches(rec({}), p('The page size is a power of two.'))).toBe(false)
    expect(matches(rec({}), p('The page size is 65536.', '/lib/other.docx'))).toBe(false)
  })

  it('takes one string per passage for multi_passage records, and covers them when the top passages hold all', () => {
    const multi = rec({ type: 'multi_passage' })
    const a = { file: '/lib/guide.docx', pages: [], text: 'The page size is set at creation.' }
    const b = { file: '/lib/guide.docx', pages: [], text: 'At most 65536 bytes.' }
    expect(matches(multi, a)).toBe(true)
    expect(coversAllGold(multi, [a])).toBe(false)
    expect(coversAllGold(multi, [a, b])).toBe(true)
  })
})

describe('matching passages of PDFs (tables set)', () => {
  it('counts Markdown table pipes as spaces on both sides', () => {
    const r = rec({ file: 'ordinal.pdf', pages: [15], must_contain: ['warm yes 0 1 5 7 5'] })
    const p = (text: string, pages = [15]) => ({ file: '/lib/ordinal.pdf', pages, text })
    expect(matches(r, p('| warm | yes | 0 | 1 | 5 | 7 | 5 |'))).toBe(true)
    expect(matches(r, p('warm yes 0 1 5 7 5'))).toBe(true)
    expect(matches(r, p('| warm | yes | 0 | 1 | 5 | 7 | 5 |', [16]))).toBe(false)
    expect(
      matches(rec({ file: 'a.pdf', pages: [1], must_contain: ['a|b'] }), {
        file: 'a.pdf',
        pages: [1],
        text: 'a | b',
      }),
    ).toBe(true)
  })

  it('counts the words of a passage without pipes and header rules', () => {
    expect(wordsOf('Table 2: Colours\n| Value | Model |\n| --- | --- |\n| 1 | no model |')).toBe(8)
  })
})
