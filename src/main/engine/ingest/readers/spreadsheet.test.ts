import { strToU8, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { makeOds, makeXlsx } from '@tests/fixtures/sheet-factory.js'
import { makeOleFile } from '@tests/fixtures/office-factory.js'
import { locatorOf, read, readError } from './readers-test-kit.js'
import { displayField, sniffDelimiter, sniffQuote } from './sheets/delimited.js'
import { readOdsSheets } from './sheets/ods.js'
import { ROWS_PER_REPORT } from './sheets/read-progress.js'
import { readXlsxSheets } from './sheets/xlsx.js'

const latin1 = (s: string) => Uint8Array.from([...s].map((c) => c.charCodeAt(0)))

describe('CSV and TSV', () => {
  it('reads a CSV as one sheet, each row whole with its label under the header, cited by its cells', async () => {
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
    // The row's last value is in the same passage as its label: rows are never cut.
    expect(japan.text).toMatch(
      /\| Japan \| JAP \| Fertility rate, total \(births per woman\) \|.*\| 2\.53 \|/,
    )
    // The header is in every passage, under the file's name.
    expect(japan.text.startsWith('fertility\n| Country Name | Country Code | Indicator Name | 1960 |')).toBe(
      true,
    )
    expect(locatorOf(doc, 'Japan')).toMatch(/^fertility!A\d:BE\d$/)
  })

  it('sniffs the delimiter and quote character, and reads a file in an 8-bit encoding', async () => {
    expect(sniffDelimiter('a;b;c\n1;2,5;3\n4;5,5;6\n')).toBe(';')
    expect(sniffDelimiter('name\tnote\nx\t"a, b, c"\ny\tz\n')).toBe('\t')
    expect(sniffDelimiter('id|name\n1|x\n2|y\n')).toBe('|')
    expect(sniffDelimiter('just one column\nand another line\n')).toBe(',')
    expect(sniffQuote("'a','b'\n'1','2'\n")).toBe("'")
    const doc = await read(
      latin1('Stadt;Einwohner;Fläche\nMünchen;1512491;310,7\nKöln;1087863;405,0\n'),
      '/d/städte.csv',
    )
    const text = doc.chunks.map((c) => c.text).join('\n')
    expect(text).toContain('| Stadt | Einwohner | Fläche |')
    expect(text).toContain('| München | 1512491 | 310,7 |')
    expect(locatorOf(doc, 'Köln')).toBe('städte!A2:C3')
  })

  it('reads a TSV, and says so when the first line is no header', async () => {
    const tsv = 'x001\t12.5\t3\nx002\t13.5\t4\nx003\t14.25\t5\n'
    const doc = await read(tsv, '/d/readings.tsv')
    expect(doc.format).toBe('csv')
    expect(doc.chunks[0]!.text).toBe(
      'readings (no header row)\n| x001 | 12.5 | 3 |\n| x002 | 13.5 | 4 |\n| x003 | 14.25 | 5 |',
    )
    expect(locatorOf(doc, 'x001')).toBe('readings!A1:C3')
  })

  it('shows numbers as a spreadsheet does and quoted fields whole', async () => {
    expect(displayField('35.599999999999994')).toBe('35.6')
    expect(displayField('3966.6666666666665')).toBe('3966.66666666667')
    expect(displayField('Adelie')).toBe('Adelie')
    const doc = await read('a,b,c\n"x, y","say ""hi""","line\nbreak"\n', '/d/q.csv')
    expect(doc.chunks[0]!.text).toContain('| x, y | say "hi" | line break |')
  })
})

describe('limits', () => {
  it('refuses a file of more filled cells than it may hold, saying what to do', async () => {
    // 21,000 rows of 100 columns: far under the row limit, over the 2,000,000 cells.
    const line = Array.from({ length: 100 }, () => '7').join(',')
    const csv = `${Array.from({ length: 100 }, (_, i) => `c${i}`).join(',')}\n${`${line}\n`.repeat(21_000)}`
    const err = await readError(csv, '/d/wide.csv')
    expect(err?.code).toBe('DOC_TOO_LARGE')
    expect(err?.message).toMatch(
      /^wide\.csv has more than 2,000,000 filled cells \(it goes on past line 20,001\); .*Save the rows and columns you need/,
    )
  })
})

describe('Excel workbooks', () => {
  it('reads every sheet with shared strings, number formats and dates as the sheet shows them', async () => {
    const xlsx = makeXlsx([
      {
        name: 'Budget 2024',
        rows: [
          ['Item', 'Amount', 'Share', 'Due'],
          [
            'Rent',
            { n: 12500, format: '#,##0.00' },
            { n: 0.4167, format: '0.0%' },
            { n: 45352, format: 'yyyy-mm-dd' },
          ],
          [
            'Power',
            { n: 980.5, format: '#,##0.00' },
            { n: 0.0327, format: '0.0%' },
            { n: 45383, format: 'yyyy-mm-dd' },
          ],
          // A formula's stored value is shown; the formula is never evaluated.
          ['Total', { formula: 'SUM(B2:B3)', value: 13480.5 }, null, null],
        ],
      },
      {
        name: 'Notes',
        rows: [
          ['Owner', 'Phone'],
          ['Ada', '555-0100'],
        ],
      },
    ])
    const doc = await read(xlsx, '/d/budget.xlsx')
    expect(doc.format).toBe('xlsx')
    const budget = doc.chunks.find((c) => c.text.includes('Rent'))!
    expect(budget.text).toBe(
      'Budget 2024\n| Item | Amount | Share | Due |\n| --- | --- | --- | --- |\n| Rent | 12,500.00 | 41.7% | 2024-03-01 |\n| Power | 980.50 | 3.3% | 2024-04-01 |\n| Total | 13480.5 |',
    )
    expect(locatorOf(doc, 'Rent')).toBe("'Budget 2024'!A2:D4")
    expect(locatorOf(doc, 'Ada')).toBe('Notes!A2:B2')
    // Each sheet is a section of its own.
    expect(doc.pages).toHaveLength(2)
  })

  it('resolves merged header cells and keeps several tables of one sheet apart, each with its title', async () => {
    const xlsx = makeXlsx([
      {
        name: 'Results',
        rows: [
          ['Quarterly revenue'],
          ['Region', '2023', null, '2024', null],
          [null, 'Q1', 'Q2', 'Q1', 'Q2'],
          ['North', 10, 11, 12, 13],
          ['South', 20, 21, 22, 23],
          [],
          ['Headcount'],
          ['Team', 'People'],
          ['Sales', 14],
          ['Support', 9],
        ],
        merges: ['B2:C2', 'D2:E2', 'A2:A3'],
      },
    ])
    const doc = await read(xlsx, '/d/results.xlsx')
    const revenue = doc.chunks.find((c) => c.text.includes('North'))!.text
    expect(revenue).toBe(
      'Results: Quarterly revenue\n| Region | 2023 / Q1 | 2023 / Q2 | 2024 / Q1 | 2024 / Q2 |\n| --- | --- | --- | --- | --- |\n| North | 10 | 11 | 12 | 13 |\n| South | 20 | 21 | 22 | 23 |',
    )
    const staff = doc.chunks.find((c) => c.text.includes('Support'))!.text
    expect(staff).toBe(
      'Results: Headcount\n| Team | People |\n| --- | --- |\n| Sales | 14 |\n| Support | 9 |',
    )
    expect(locatorOf(doc, 'Support')).toBe('Results!A9:B10')
  })

  it('refuses a damaged workbook with DOC_CORRUPT and a password-protected one with DOC_ENCRYPTED', async () => {
    const notXlsx = zipSync({ 'hello.txt': strToU8('hello') })
    expect(await readError(notXlsx, '/d/book.xlsx')).toMatchObject({ code: 'DOC_CORRUPT' })
    const broken = makeXlsx([{ name: 'S', rows: [['a']] }])
    // Cut short: the archive's table of contents is gone.
    expect(await readError(broken.subarray(0, broken.length - 30), '/d/cut.xlsx')).toMatchObject({
      code: 'DOC_CORRUPT',
    })
    const badXml = zipSync({
      ...Object.fromEntries(
        ['[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels'].map((n) => [
          n,
          strToU8(
            n === 'xl/workbook.xml'
              ? '<workbook><sheets><sheet name="S" r:id="rId1"/></sheets></workbook>'
              : n.endsWith('.rels')
                ? '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>'
                : '<Types/>',
          ),
        ]),
      ),
      'xl/worksheets/sheet1.xml': strToU8('<worksheet><sheetData><row r="1"><c r="A1"><v>1</v></row>'),
    })
    const err = await readError(badXml, '/d/bad.xlsx')
    expect(err?.code).toBe('DOC_CORRUPT')
    expect(err?.message).toContain('xl/worksheets/sheet1.xml is not well-formed XML')
    expect(await readError(makeOleFile(true), '/d/locked.xlsx')).toMatchObject({ code: 'DOC_ENCRYPTED' })
  })
})

/** Rows read and expected, as a reader reports them; each must read on from the one before. */
function expectRisingRows(seen: [number, number][], rows: number): void {
  // Within the sheet, not only at its end: a report every thousand rows.
  expect(seen.length).toBe(Math.floor(rows / ROWS_PER_REPORT) + 1)
  seen.forEach(([read, expected], i) => {
    expect(expected).toBeGreaterThanOrEqual(read)
    if (i === 0) return
    const [before, beforeExpected] = seen[i - 1]!
    expect(read).toBeGreaterThan(before)
    // The share read never goes back.
    expect(read / expected).toBeGreaterThanOrEqual(before / beforeExpected)
  })
  expect(seen[0]![1]).toBeGreaterThan(seen[0]![0])
  expect(seen.at(-1)).toEqual([rows, rows])
}

describe('progress within a sheet', () => {
  it('reports the rows of a large workbook as they are read, against the rows expected', () => {
    const rows = Array.from({ length: 6_500 }, (_, i) => [`item ${i}`, i * 3])
    const xlsx = makeXlsx([
      { name: 'First', rows: rows.slice(0, 2_500) },
      { name: 'Second', rows: rows.slice(2_500) },
    ])
    const seen: [number, number][] = []
    const sheets = readXlsxSheets(xlsx, '/d/big.xlsx', { onRows: (r, e) => seen.push([r, e]) })
    expect(sheets.map((s) => s.rows.length)).toEqual([2_500, 4_000])
    expectRisingRows(seen, 6_500)
  })

  it('reports the rows of a large OpenDocument spreadsheet as they are read', () => {
    const ods = makeOds([{ name: 'Log', rows: Array.from({ length: 4_200 }, (_, i) => [`entry ${i}`]) }])
    const seen: [number, number][] = []
    readOdsSheets(ods, '/d/log.ods', { onRows: (r, e) => seen.push([r, e]) })
    expectRisingRows(seen, 4_200)
  })
})

describe('OpenDocument spreadsheets', () => {
  it('reads each sheet with the text its cells display, merged cells spread over their columns', async () => {
    const ods = makeOds([
      {
        name: 'Prices',
        rows: [
          ['Product', 'Price', 'Note'],
          ['Tea', { value: 4.5, shown: '4,50 €' }, 'loose'],
          ['Coffee', { value: 6, shown: '6,00 €' }, null],
          ['Both', { value: 10.5, shown: '10,50 € (bundle)', span: 2 }],
        ],
      },
    ])
    const doc = await read(ods, '/d/prices.ods')
    expect(doc.format).toBe('ods')
    expect(doc.chunks[0]!.text).toBe(
      'Prices\n| Product | Price | Note |\n| --- | --- | --- |\n| Tea | 4,50 € | loose |\n| Coffee | 6,00 € |\n| Both | 10,50 € (bundle) | 10,50 € (bundle) |',
    )
    expect(locatorOf(doc, 'Coffee')).toBe('Prices!A2:C4')
  })

  it('refuses a password-protected spreadsheet with DOC_ENCRYPTED', async () => {
    const ods = makeOds([{ name: 'S', rows: [['a']] }], { encrypted: true })
    expect(await readError(ods, '/d/locked.ods')).toMatchObject({ code: 'DOC_ENCRYPTED' })
  })
})
