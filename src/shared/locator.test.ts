import { describe, expect, it } from 'vitest'
import { formatLocator, sheetName, spanLocator } from './locator.js'

describe('locator grammar', () => {
  it('cites a sheet passage by its cells, in the A1 notation of spreadsheet programs', () => {
    expect(formatLocator({ sheet: { name: 'Prices', row: 12, range: 'A12:F12' } })).toBe('Prices!A12:F12')
    expect(formatLocator({ sheet: { name: 'Prices', row: 12, range: 'B12' } })).toBe('Prices!B12')
    // A locator stored before cells were recorded cites its row.
    expect(formatLocator({ sheet: { name: 'Prices', row: 12 } })).toBe('Prices!12:12')
  })

  it('quotes a sheet name that is not plain, as a cell reference must', () => {
    expect(sheetName('penguins_pivot2')).toBe('penguins_pivot2')
    expect(sheetName('Q1 2024')).toBe("'Q1 2024'")
    expect(sheetName('statsmodels-fertility')).toBe("'statsmodels-fertility'")
    expect(sheetName("Bob's")).toBe("'Bob''s'")
    // A name that reads as a cell reference is quoted too.
    expect(sheetName('AB12')).toBe("'AB12'")
  })

  it('cites a passage over several slides by the slides alone', () => {
    const third = { slide: 3, headings: ['Harbour dredging'] }
    expect(formatLocator(spanLocator(third, { slide: 4, headings: ['Costs'] }))).toBe('Slides 3–4')
    expect(formatLocator(spanLocator(third, { slide: 3, headings: ['Harbour dredging'] }))).toBe(
      'Slide 3 > Harbour dredging',
    )
    expect(spanLocator({ headings: ['A'] }, { headings: ['B'] })).toEqual({ headings: ['A'] })
  })

  it('keeps the other places as they were', () => {
    expect(formatLocator({ slide: 4, headings: ['Outlook'] })).toBe('Slide 4 > Outlook')
    expect(formatLocator({ chapter: { n: 2, title: 'Setup' }, paragraph: 3 })).toBe('Chapter 2: Setup > ¶ 3')
    expect(formatLocator(null)).toBeNull()
  })
})
