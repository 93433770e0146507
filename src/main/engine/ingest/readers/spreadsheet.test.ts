import { strToU8, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { displayCell, parseCsv } from './spreadsheet.js'
import { locatorOf, read } from './readers-test-kit.js'

describe('spreadsheet readers', () => {
  it('reads a CSV as one sheet, each row whole with its label, cited by sheet and row', async () => {
    const years = Array.from({ length: 54 }, (_, i) => 1960 + i)
    const header = ['Country Name', 'Country Code', 'Indicator Name', ...years.map(String)].join(',')
    const row = (name: string, v: number) =>
      [
        name,
        name.slice(0, 3).toUpperCase(),
        '"Fertility rate, total (births per woman)"',
        ...years.map((y) => (v + (y - 1960) / 100).toFixed(3)),
      ].join(',')
    const csv = [header, row('Aruba', 4.8), row('Japan', 2.0), row('World', 5.0), ''].join('\n')
    const doc = await read(csv, '/d/fertility.csv')
    expect(doc.format).toBe('csv')
    const japan = doc.chunks.find((c) => c.text.includes('Japan'))!
    // The row's last value is in the same passage as its label: rows are never cut into sentences.
    expect(japan.text).toMatch(
      /\| Japan \| JAP \| Fertility rate, total \(births per woman\) \|.*\| 2\.53 \|/,
    )
    // The header is in every passage, and the passage is cited by its cells.
    expect(japan.text).toContain('| Country Name | Country Code | Indicator Name | 1960 |')
    expect(locatorOf(doc, 'Japan')).toMatch(/^fertility!A\d+:BE\d+$/)
  })

  it('parses quoted CSV fields and shows numbers as a spreadsheet does', () => {
    expect(parseCsv('a,"b, c","say ""hi"""\r\n1,2,"line\nbreak"\n')).toEqual([
      ['a', 'b, c', 'say "hi"'],
      ['1', '2', 'line\nbreak'],
    ])
    expect(displayCell('35.599999999999994')).toBe('35.6')
    expect(displayCell('3966.6666666666665')).toBe('3966.66666666667')
    expect(displayCell('Adelie')).toBe('Adelie')
  })

  it('refuses a damaged .xlsx with DOC_CORRUPT', async () => {
    const notXlsx = zipSync({ 'hello.txt': strToU8('hello') })
    await expect(read(notXlsx, '/d/book.xlsx')).rejects.toMatchObject({ code: 'DOC_CORRUPT' })
  })
})
