import { PDFDocument, StandardFonts } from 'pdf-lib'
import { describe, expect, it } from 'vitest'
import { makeTextPdf, paragraphLines, type TextLineSpec } from '../../../../../tests/fixtures/pdf-factory.js'
import { readPdf } from '../readers/pdf.js'
import { documentTables } from './document-tables.js'
import { buildPages } from '../build-pages.js'
import { extractPage, openPdf } from '../extract-pdf.js'

// Tables drawn with characters in Courier, as statistics packages and databases print them, read
// from real PDFs (pdf-lib) through the PDF reader: the grid is rebuilt from the items' positions.

const mono = (text: string, size = 9): TextLineSpec => ({ text, font: 'mono', size })
const monoLines = (block: string, size?: number) => block.split('\n').map((l) => mono(l, size))

// As the issue quotes it: header cells printed narrower than their columns, the last rule partial.
const DESCRIPTIVES = `                                        Descriptives
      +----------------------------------------------------------+---------+--------+
      |                                                          |         | Std. |
      |                                                          |Statistic| Error |
      +----------------------------------------------------------+---------+--------+
      |Mean time between        Mean                             |     8.78|    1.10|
      |failures (months)       ----------------------------------+---------+--------+
      |                         95% Confidence Interval Lower    |     6.53|        |
      |                         for Mean                Bound    |         |        |
      |                        ----------------------------------+---------+--------+
      |                         Median                           |     8.29|        |
      |                        ----------------------------------+---------+--------+`

const intro = paragraphLines([
  'The output below summarises the time between failures of the pumps in the second plant.',
  'Each statistic is printed with its standard error where the procedure computes one.',
])

const allText = (doc: { chunks: { text: string }[] }) => doc.chunks.map((c) => c.text).join('\n')

describe('tables drawn with characters in PDFs', () => {
  it('reads a statistics table with a label spanning rows and partial rules as whole rows under its title and header', async () => {
    const bytes = await makeTextPdf({ pages: [{ lines: [...intro, ...monoLines(DESCRIPTIVES)] }] })
    const doc = await readPdf(bytes, 'pumps.pdf')
    const text = allText(doc)
    expect(text).toContain('Descriptives\n|  |  | Statistic | Std. Error |\n| --- | --- | --- | --- |')
    expect(text).toContain('| Mean time between failures (months) | Median | 8.29 |')
    expect(text).toContain('| Mean time between failures (months) | Mean | 8.78 | 1.10 |')
    expect(text).toContain(
      '| Mean time between failures (months) | 95% Confidence Interval for Mean Lower Bound | 6.53 |',
    )
    // No drawing characters are read as cells.
    expect(text).not.toContain('\\|')
    expect(text).not.toContain('----+')
    // Without tables the same lines are the rulers and bars the whitespace detector garbled.
    const plain = await readPdf(bytes, 'pumps.pdf', { tables: false })
    expect(allText(plain)).toContain('+---------+--------+')
  })

  it('reads the table when each word is set on its own at its column (as TeX sets verbatim)', async () => {
    const doc = await PDFDocument.create({ updateMetadata: false })
    const courier = await doc.embedFont(StandardFonts.Courier)
    const page = doc.addPage([612, 792])
    DESCRIPTIVES.split('\n').forEach((line, i) => {
      // No space glyphs: every run of non-blanks placed where its column puts it.
      for (const m of line.matchAll(/\S+/g))
        page.drawText(m[0], { x: 40 + m.index * 5.4, y: 700 - i * 11, size: 9, font: courier })
    })
    const text = allText(await readPdf(await doc.save({ useObjectStreams: false }), 'tex.pdf'))
    expect(text).toContain('Descriptives\n|  |  | Statistic | Std. Error |')
    expect(text).toContain('| Mean time between failures (months) | Median | 8.29 |')
  })

  it('reads program output with rules only around header and body as one row a record', async () => {
    const coefficients = `                  Coefficients (Mean time to repair (hours) )
+------------------------+---------------------+-------------------+-----+----+
|                        |    Unstandardized   |    Standardized   |     |    |
|                        |     Coefficients    |    Coefficients   |     |    |
|                        +---------+-----------+-------------------+     |    |
|                        |    B    | Std. Error|        Beta       |  t  |Sig.|
+------------------------+---------+-----------+-------------------+-----+----+
|(Constant)              |    10.59|       3.11|                .00| 3.40|.002|
|Mean time between       |     3.02|        .20|                .95|14.88|.000|
|failures (months)       |         |           |                   |     |    |
|Ratio of working to non-|    -1.12|       3.69|               -.02| -.30|.763|
|working time            |         |           |                   |     |    |
+------------------------+---------+-----------+-------------------+-----+----+`
    const doc = await readPdf(
      await makeTextPdf({ pages: [{ lines: [...intro, ...monoLines(coefficients)] }] }),
      'repair.pdf',
    )
    const text = allText(doc)
    expect(text).toContain(
      '|  | Unstandardized Coefficients / B | Unstandardized Coefficients / Std. Error | Standardized Coefficients / Beta | t | Sig. |',
    )
    expect(text).toContain('| (Constant) | 10.59 | 3.11 | .00 | 3.40 | .002 |')
    expect(text).toContain('| Mean time between failures (months) | 3.02 | .20 | .95 | 14.88 | .000 |')
    expect(text).toContain('| Ratio of working to non- working time | -1.12 | 3.69 | -.02 | -.30 | .763 |')
  })

  it('reads a line holding a glyph set from another font at its own width, one column as the others', async () => {
    const doc = await PDFDocument.create({ updateMetadata: false })
    const courier = await doc.embedFont(StandardFonts.Courier)
    const helvetica = await doc.embedFont(StandardFonts.Helvetica)
    const page = doc.addPage([612, 792])
    const summary = `                 Summary
+----------------+---+-------+
|                | N |Percent|
+----------------+---+-------+
|occupation — sex| 54|  96.4%|
|height — weight | 40| 100.0%|
+----------------+---+-------+`
    summary.split('\n').forEach((line, i) => {
      // Typeset as a line of text: the dash from Helvetica, wider than a Courier column, pushes
      // what follows it to the right.
      let x = 40
      for (const part of line.split(/(—)/)) {
        if (!part) continue
        const font = part === '—' ? helvetica : courier
        page.drawText(part, { x, y: 700 - i * 11, size: 9, font })
        x += font.widthOfTextAtSize(part, 9)
      }
    })
    const text = allText(await readPdf(await doc.save({ useObjectStreams: false }), 'summary.pdf'))
    expect(text).toContain('Summary\n|  | N | Percent |\n| --- | --- | --- |')
    // (The page text reads the dash as a hyphen.)
    expect(text).toMatch(/\| occupation . sex \| 54 \| 96\.4% \|/)
    expect(text).toMatch(/\| height . weight \| 40 \| 100\.0% \|/)
  })

  it('gives each row its lines in the page text and each cell its box', async () => {
    const bytes = await makeTextPdf({ pages: [{ lines: [...intro, ...monoLines(DESCRIPTIVES)] }] })
    const pdf = await openPdf(bytes, 'pumps.pdf')
    const raw = [await extractPage(pdf, 1)]
    await pdf.loadingTask.destroy()
    const pages = buildPages(raw)
    const [table] = documentTables(pages, raw).get(1)!
    expect(table!.caption).toBe('Descriptives')
    const median = table!.body.find((r) => r.cells[1]!.text === 'Median')!
    const page = pages[0]!
    expect(page.text.slice(median.span!.start, median.span!.end)).toMatch(/^\|\s*Median\s*\|\s*8\.29\|/)
    const cell = median.cells[2]!
    expect(cell.place?.kind).toBe('page')
    // Courier at 9 pt advances 5.4 pt a character: 8.29 is in columns 71 to 74, the bar at 75.
    const box = (cell.place as { box: [number, number, number, number] }).box
    expect(box[0]).toBeCloseTo(72 + 71 * 5.4, 1)
    expect(box[2]).toBeCloseTo(72 + 75 * 5.4, 1)
  })

  it('reads a border-only listing one line a row', async () => {
    const listing = `                Data List
+------+----------+------+
|Artist|  Sales   | Year |
+------+----------+------+
|Abba  |  37836.18| 1975 |
|Queen |  29021.50| 1977 |
|Blur  |   1203.00| 1995 |
+------+----------+------+`
    const doc = await readPdf(
      await makeTextPdf({ pages: [{ lines: [...intro, ...monoLines(listing)] }] }),
      'list.pdf',
    )
    const text = allText(doc)
    expect(text).toContain(
      'Data List\n| Artist | Sales | Year |\n| --- | --- | --- |\n| Abba | 37836.18 | 1975 |',
    )
    expect(text).toContain('| Queen | 29021.50 | 1977 |\n| Blur | 1203.00 | 1995 |')
  })

  it('reads a grid table with an = header rule and a cell spanning two rows', async () => {
    const grid = `+------------+------------+-----------------+
| Option     | Default    | Meaning         |
+============+============+=================+
| --depth    | 3          | How deep to     |
|            |            | recurse.        |
+------------+------------+-----------------+
| --width    | 80         | Line width,     |
+------------+ characters | wrapped text.   |
| --margin   |            |                 |
+------------+------------+-----------------+`
    const doc = await readPdf(
      await makeTextPdf({ pages: [{ lines: [...intro, ...monoLines(grid, 10)] }] }),
      'opts.pdf',
    )
    const text = allText(doc)
    expect(text).toContain('| Option | Default | Meaning |\n| --- | --- | --- |')
    expect(text).toContain('| --depth | 3 | How deep to recurse. |')
    expect(text).toContain('| --width | 80 characters | Line width, wrapped text. |')
    expect(text).toContain('| --margin | 80 characters | Line width, wrapped text. |')
  })

  it('continues a table on the next page, its header repeated there', async () => {
    const head = `+--------+--------+
|Country |  Score |
+--------+--------+`
    const rows = (from: number, n: number) =>
      Array.from(
        { length: n },
        (_, k) => `|C${String(from + k).padStart(3, '0')}    |${(from + k + 0.5).toFixed(2).padStart(8)}|`,
      )
    const bottom = '+--------+--------+'
    const page1 = [
      ...paragraphLines(['Scores by country follow.']),
      mono('       Scores'),
      ...monoLines([head, ...rows(1, 30), bottom].join('\n')),
    ]
    const page2 = [
      ...monoLines([head, ...rows(31, 5), bottom].join('\n')),
      ...paragraphLines(['The scores end here.']),
    ]
    const bytes = await makeTextPdf({ pages: [{ lines: page1 }, { lines: page2 }] })
    const pdf = await openPdf(bytes, 'scores.pdf')
    const raw = [await extractPage(pdf, 1), await extractPage(pdf, 2)]
    await pdf.loadingTask.destroy()
    const tables = documentTables(buildPages(raw), raw)
    const first = tables.get(1)![0]!
    const second = tables.get(2)![0]!
    expect(first.caption).toBe('Scores')
    expect(first.body).toHaveLength(30)
    expect(second.continuation?.fromPrevious).toBe(true)
    expect(second.caption).toBe('Scores')
    expect(second.header[0]!.cells.map((c) => c.text)).toEqual(['Country', 'Score'])
    expect(second.body.map((r) => r.cells.map((c) => c.text))[0]).toEqual(['C031', '31.50'])
  })

  it('continues a table whose rows go on at the top of the next page without border or header', async () => {
    const record = (k: number) =>
      ` token${String(k).padStart(2, '0')} | Word, all ASCII | {english_stem} | {t${k}}`
    const psql = [
      ' alias   | description     | dictionaries   | lexemes',
      '---------+-----------------+----------------+--------',
    ]
    const grid = (from: number, n: number) =>
      Array.from(
        { length: n },
        (_, k) => `|R${String(from + k).padStart(2, '0')}  |${String((from + k) * 3).padStart(6)}|`,
      )
    const page1 = [
      ...paragraphLines(['The debugging function prints one row per token.']),
      ...monoLines([...psql, ...Array.from({ length: 20 }, (_, k) => record(k + 1))].join('\n')),
      ...paragraphLines(['Counts per region:']),
      ...monoLines(['+-----+------+', '|Reg  | Count|', '+-----+------+', ...grid(1, 10)].join('\n')),
    ]
    const page2 = [
      ...monoLines([...grid(11, 4), '+-----+------+'].join('\n')),
      ...paragraphLines(['The counts end here.']),
    ]
    const page3 = [...monoLines(Array.from({ length: 3 }, (_, k) => record(k + 21)).join('\n'))]
    const bytes = await makeTextPdf({ pages: [{ lines: page1 }, { lines: page2 }, { lines: page3 }] })
    const pdf = await openPdf(bytes, 'debug.pdf')
    const raw = [await extractPage(pdf, 1), await extractPage(pdf, 2), await extractPage(pdf, 3)]
    await pdf.loadingTask.destroy()
    const tables = documentTables(buildPages(raw), raw)
    const [tokens, counts] = tables.get(1)!
    expect(tokens!.header[0]!.cells.map((c) => c.text)).toEqual([
      'alias',
      'description',
      'dictionaries',
      'lexemes',
    ])
    expect(counts!.body).toHaveLength(10)
    const rest = tables.get(2)![0]!
    expect(rest.continuation?.fromPrevious).toBe(true)
    expect(rest.header[0]!.cells.map((c) => c.text)).toEqual(['Reg', 'Count'])
    expect(rest.body.map((r) => r.cells.map((c) => c.text))).toEqual([
      ['R11', '33'],
      ['R12', '36'],
      ['R13', '39'],
      ['R14', '42'],
    ])
    // Page 3 opens with rows of the token table, but page 2 ended with another table: they stand
    // alone, read by their bars, without a header.
    const orphan = tables.get(3)![0]!
    expect(orphan.header).toHaveLength(0)
    expect(orphan.body[0]!.cells.map((c) => c.text)).toEqual([
      'token21',
      'Word, all ASCII',
      '{english_stem}',
      '{t21}',
    ])
  })

  it('leaves a prose page with pipes and a rule of dashes as it was', async () => {
    const lines = [
      ...paragraphLines([
        'Pipe the listing through sort | uniq -c to count the lines, then keep the first ten.',
        'The flags are -a | -b | -c and the last one wins when several are given.',
      ]),
      mono('ls -l | sort | uniq -c | head'),
      mono('----+----'),
      mono('a | b'),
      ...paragraphLines(['Nothing above is a table, and the text reads as it was written.']),
    ]
    const bytes = await makeTextPdf({ pages: [{ lines }] })
    const doc = await readPdf(bytes, 'prose.pdf')
    const plain = await readPdf(bytes, 'prose.pdf', { tables: false })
    expect(allText(doc)).toBe(allText(plain))
    expect(allText(doc)).not.toContain('| --- |')
  })
})
