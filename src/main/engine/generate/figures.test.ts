import { describe, expect, it } from 'vitest'
import type { Citation } from '@shared/chat-types.js'
import { extractFigures, findUnsupportedFigures, normalizeFigure } from './figures.js'

const src = (n: number, text: string, pages = [n]): Citation => ({
  n,
  chunkId: n,
  documentId: 1,
  file: 'r.pdf',
  title: 'R',
  pages,
  text,
})

describe('extractFigures', () => {
  it('finds amounts, decimals, percentages and years but not names like Q3 or COVID-19', () => {
    expect(
      extractFigures('In Q3 2023 revenue was $1,234.5m, up 12% (COVID-19 aside), 4.50 per share.'),
    ).toEqual(['2023', '1,234.5', '12', '4.50'])
  })

  it('normalises separators and trailing zeros', () => {
    expect(normalizeFigure('1,200.50')).toBe('1200.5')
    expect(normalizeFigure('12.0')).toBe('12')
    expect(normalizeFigure('007')).toBe('7')
  })
})

describe('findUnsupportedFigures', () => {
  const sources = [
    src(1, 'The plant produced 4,200 tonnes in 2023, up from 3,900 tonnes.'),
    src(2, 'Headcount reached 1200 people; twelve sites were open.', [7]),
  ]

  it('accepts figures found in the cited passage, however written', () => {
    expect(findUnsupportedFigures('Output was 4200 tonnes in 2023 [1]. Staff: 1,200 [2].', sources)).toEqual(
      [],
    )
  })

  it('flags a figure that is not in the cited passage even if another source has it', () => {
    const flagged = findUnsupportedFigures('Output was 4,500 tonnes [1]. Staff was 3,900 [2].', sources)
    expect(flagged.map((f) => f.figure)).toEqual(['4,500', '3,900'])
    expect(flagged[0]).toMatchObject({ checkedAgainst: [1], sentence: 'Output was 4,500 tonnes.' })
  })

  it('accepts number words and the cited pages', () => {
    expect(findUnsupportedFigures('There were 12 sites, see page 7 [2].', sources)).toEqual([])
  })

  it('checks an uncited sentence against the paragraph, then against everything', () => {
    expect(findUnsupportedFigures('Output was 4,200 tonnes. Sources agree [1].', sources)).toEqual([])
    expect(findUnsupportedFigures('Output was 9,999 tonnes.', sources).map((f) => f.figure)).toEqual([
      '9,999',
    ])
    expect(findUnsupportedFigures('Output was 1200.', sources)).toEqual([])
  })

  it('ignores list numbering and citation numbers', () => {
    expect(findUnsupportedFigures('1. Output was 4,200 tonnes [1].\n2. In 2023 [1].', sources)).toEqual([])
  })
})

describe('findUnsupportedFigures on a table passage', () => {
  it('reads the numbers of the cells of a Markdown table, and flags one no cell holds', () => {
    const table = src(
      1,
      'Table 9: Predefined Constants\n| Name | Explanation |\n| --- | --- |\n| cc | One cicero in bp units [12.79213] |\n| pc | One pica in bp units [11.95517] |',
    )
    expect(findUnsupportedFigures('A cicero is 12.79213 bp and a pica 11.95517 bp [1].', [table])).toEqual([])
    expect(findUnsupportedFigures('A cicero is 12.8 bp [1].', [table]).map((f) => f.figure)).toEqual(['12.8'])
  })
})
