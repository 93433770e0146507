import { describe, expect, it } from 'vitest'
import type { CleanPage } from '../../store/page-records.js'
import { chunkPages } from '../chunk-pages.js'
import { buildTable, columnNames, type RawRow } from './table-model.js'
import { columnLetters } from './cell-refs.js'
import { tablePassages, tableWords } from './table-passages.js'

const row = (...texts: string[]): RawRow => ({ cells: texts.map((text) => ({ text })) })

describe('table model', () => {
  it('resolves spanning header cells into column names, outermost first', () => {
    const t = buildTable({
      caption: ' Table 3:  Revenue by year ',
      header: [
        {
          cells: [
            { text: 'Region', rowSpan: 2 },
            { text: '2023', colSpan: 2 },
            { text: '2024', colSpan: 2 },
          ],
        },
        row('Q1', 'Q2', 'Q1', 'Q2'),
      ],
      body: [row('North', '1', '2', '3', '4')],
    })
    expect(t.caption).toBe('Table 3: Revenue by year')
    expect(t.header.map((r) => r.cells.map((c) => c.text))).toEqual([
      ['Region', '2023', '2023', '2024', '2024'],
      ['Region', 'Q1', 'Q2', 'Q1', 'Q2'],
    ])
    expect(columnNames(t)).toEqual(['Region', '2023 / Q1', '2023 / Q2', '2024 / Q1', '2024 / Q2'])
  })

  it('repeats a cell spanning body rows in each row, and pads short rows to the table width', () => {
    const t = buildTable({
      header: [row('Group', 'Item', 'Price')],
      body: [
        { cells: [{ text: 'Fruit', rowSpan: 2 }, { text: 'Apple' }, { text: '3' }] },
        row('Pear', '4'),
        row('Nuts'),
      ],
    })
    expect(t.body.map((r) => r.cells.map((c) => c.text))).toEqual([
      ['Fruit', 'Apple', '3'],
      ['Fruit', 'Pear', '4'],
      ['Nuts', '', ''],
    ])
  })

  it('keeps a header cell spanning rows out of the body, and cuts absurd spans', () => {
    const t = buildTable({
      header: [{ cells: [{ text: 'Name', rowSpan: 5 }, { text: 'Value' }] }],
      body: [row('a', '1'), { cells: [{ text: 'b', colSpan: 1e9 }] }],
    })
    expect(t.body[0]!.cells.map((c) => c.text)).toEqual(['a', '1', ...Array<string>(998).fill('')])
    expect(t.body[1]!.cells).toHaveLength(1000)
  })

  it('names spreadsheet columns A…Z, AA…', () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(columnLetters)).toEqual([
      'A',
      'Z',
      'AA',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ])
  })
})

describe('table passages', () => {
  const prices = buildTable({
    caption: 'Table 2: Prices',
    header: [row('Item', 'Price (EUR)')],
    body: Array.from({ length: 40 }, (_, i) => row(`item${i} with | pipe`, String(i * 10))),
    notes: ['Source: the 2024 catalogue.'],
  })

  it('renders whole rows as a Markdown table under the caption and the header, in every passage', () => {
    const ps = tablePassages(prices, { targetWords: 40, maxWords: 60 })
    expect(ps.length).toBeGreaterThan(3)
    for (const p of ps) {
      expect(p.text.startsWith('Table 2: Prices\n| Item | Price (EUR) |\n| --- | --- |\n')).toBe(true)
      expect(p.words).toBeLessThanOrEqual(60)
      expect(p.words).toBe(tableWords(p.text))
    }
    // Every row once, whole, in order; a pipe in a cell escaped.
    expect(ps.flatMap((p) => p.rows)).toEqual(prices.body)
    expect(ps[0]!.text).toContain('| item0 with \\| pipe | 0 |')
    // The notes under the table go with its last rows.
    expect(ps.at(-1)!.text.endsWith('| item39 with \\| pipe | 390 |\nSource: the 2024 catalogue.')).toBe(true)
    expect(ps[0]!.text).not.toContain('Source:')
  })

  it('never cuts a row longer than a passage may be', () => {
    const wide = buildTable({
      header: [],
      body: [row(...Array.from({ length: 30 }, (_, i) => `w${i}`)), row('x')],
    })
    const ps = tablePassages(wide, { targetWords: 10, maxWords: 12 })
    expect(ps.map((p) => p.rows.length)).toEqual([1, 1])
    expect(ps[0]!.words).toBe(30)
    // No header row: no empty header line either.
    expect(ps[1]!.text).toBe('| x |')
  })

  it('marks a continued table and reads a table of header cells only as its rows', () => {
    const cont = buildTable({
      caption: 'Table 4: Options',
      header: [row('Option', 'Meaning')],
      body: [row('-v', 'verbose')],
      continuation: { fromPrevious: true, onNext: false },
    })
    expect(tablePassages(cont, { targetWords: 100, maxWords: 200 })[0]!.text).toBe(
      'Table 4: Options (continued)\n| Option | Meaning |\n| --- | --- |\n| -v | verbose |',
    )
    // A continuation whose printed caption says so already is not marked twice.
    const printed = buildTable({
      caption: 'Table 4: Options (continued)',
      header: [row('Option', 'Meaning')],
      body: [row('-v', 'verbose')],
      continuation: { fromPrevious: true, onNext: false },
    })
    expect(tablePassages(printed, { targetWords: 100, maxWords: 200 })[0]!.text).toMatch(
      /^Table 4: Options \(continued\)\n/,
    )
    const allHeader = buildTable({ header: [row('a', 'b'), row('c', 'd')], body: [] })
    expect(tablePassages(allHeader, { targetWords: 100, maxWords: 200 }).map((p) => p.text)).toEqual([
      '| a | b |\n| c | d |',
    ])
  })
})

describe('chunking a page with a table', () => {
  /** A page of text: an intro paragraph, the table's lines, a closing paragraph. */
  function pageWithTable() {
    const intro = 'The catalogue lists the prices of every item we sell in the shop.'
    const rows = Array.from({ length: 30 }, (_, i) => [`Item ${i}`, `${i * 3} EUR`])
    const lines = [
      intro,
      'Table 1: Prices',
      'Item Price',
      ...rows.map((r) => r.join(' ')),
      'Prices include tax.',
    ]
    let text = ''
    const spans = lines.map((l) => {
      if (text) text += '\n'
      const at = { start: text.length, end: text.length + l.length }
      text += l
      return at
    })
    const page: CleanPage = {
      pageNo: 7,
      width: 600,
      height: 800,
      text,
      lines: spans.map((s) => ({ ...s, fontSize: 10 })),
      items: [],
    }
    const table = buildTable({
      caption: 'Table 1: Prices',
      header: [row('Item', 'Price')],
      body: rows.map((r, i) => ({
        cells: r.map((t, c) => ({
          text: t,
          place: {
            kind: 'page' as const,
            page: 7,
            box: [c * 100, i * 10, c * 100 + 90, i * 10 + 9] as [number, number, number, number],
          },
        })),
        span: { page: 7, ...spans[3 + i]! },
      })),
      span: { page: 7, start: spans[1]!.start, end: spans.at(-2)!.end },
    })
    return { page, table, spans }
  }

  it('reads the table as passages of whole rows with its header, and the text around it as text', () => {
    const { page, table, spans } = pageWithTable()
    const chunks = chunkPages([page], { targetWords: 40, maxWords: 60, overlapWords: 5 }, (n) =>
      n === 7 ? [table] : [],
    )
    const tableChunks = chunks.filter((c) => c.table)
    expect(tableChunks.length).toBeGreaterThan(2)
    for (const c of tableChunks) {
      expect(c.text.startsWith('Table 1: Prices\n| Item | Price |\n| --- | --- |\n')).toBe(true)
      // Each passage's span covers exactly its rows' characters.
      const rows = c.table!.rows
      expect(c.spans).toEqual([{ page: 7, start: rows[0]!.span!.start, end: rows.at(-1)!.span!.end }])
    }
    expect(tableChunks.flatMap((c) => c.table!.rows)).toEqual(table.body)
    // The table's own lines are not read again as text; the text around it is.
    const text = chunks.filter((c) => !c.table)
    expect(text.map((c) => c.text)).toEqual([
      'The catalogue lists the prices of every item we sell in the shop.',
      'Prices include tax.',
    ])
    expect(text[1]!.spans).toEqual([{ page: 7, ...spans.at(-1)! }])
    expect(chunks.map((c) => c.ord)).toEqual(chunks.map((_, i) => i))
  })
})
