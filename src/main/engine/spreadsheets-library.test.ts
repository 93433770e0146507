import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ingestRemedy } from '@shared/ingest-remedies.js'
import type { IngestProgress } from '@shared/library-types.js'
import { makeOleFile } from '@tests/fixtures/office-factory.js'
import { makeOds, makeXlsx } from '@tests/fixtures/sheet-factory.js'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import { MAX_SHEET_ROWS } from './ingest/readers/sheets/sheet-tables.js'
import { Library } from './library.js'

const tempDir = useTempDirs()
/** Keyword search only: what is tested here is reading and citing, not embedding. */
const openLibrary = () => Library.open(tempDir(), { modelDir: path.join(tempDir(), 'no-model') })

/** A sheet's rows as raw SpreadsheetML, without building a million cells as objects first. */
function rawRows(count: number): () => string {
  return () => {
    const parts: string[] = ['<row r="1"><c r="A1" t="inlineStr"><is><t>Reading</t></is></c></row>']
    for (let r = 2; r <= count; r++) parts.push(`<row r="${r}"><c r="A${r}"><v>${r}</v></c></row>`)
    return parts.join('')
  }
}

describe('spreadsheets in a library', () => {
  it('imports workbooks and delimited files, cites a row by its cells, and refuses bad ones specifically', async () => {
    const dir = tempDir()
    const files: Record<string, Uint8Array | string> = {
      'stock.xlsx': makeXlsx([
        {
          name: 'Warehouse',
          rows: [
            ['Part', 'Bin', 'Count'],
            ['flange bolt', 'K7', 412],
            ['gasket ring', 'K9', 35],
          ],
        },
      ]),
      'rates.ods': makeOds([
        {
          name: 'Rates',
          rows: [
            ['Currency', 'Rate'],
            ['krone', { value: 7.46, shown: '7.46' }],
          ],
        },
      ]),
      'towns.csv': 'Town,Population\nAlderney,2030\nSark,562\n',
      // A million rows: read no further than the limit, refused with what to do.
      'huge.xlsx': makeXlsx([{ name: 'Log', rows: [], rawRows: rawRows(1_000_000) }]),
      'huge.csv': `n\n${Array.from({ length: 1_000_000 }, (_, i) => i).join('\n')}\n`,
      'cut.xlsx': makeXlsx([{ name: 'S', rows: [['a', 'b']] }]).subarray(0, 200),
      'locked.xlsx': makeOleFile(true),
      'locked.ods': makeOds([{ name: 'S', rows: [['a']] }], { encrypted: true }),
    }
    const paths: Record<string, string> = {}
    for (const [name, bytes] of Object.entries(files)) {
      paths[name] = path.join(dir, name)
      fs.writeFileSync(paths[name], bytes)
    }
    const lib = await openLibrary()
    const report = await lib.ingest([dir])
    const by = new Map(report.documents.map((d) => [path.basename(d.file), d]))
    for (const name of ['stock.xlsx', 'rates.ods', 'towns.csv'])
      expect(by.get(name), name).toMatchObject({ status: 'indexed' })
    expect(by.get('huge.xlsx')).toMatchObject({ status: 'failed', errorCode: 'DOC_TOO_LARGE' })
    expect(by.get('huge.xlsx')!.error).toContain(
      `has more than ${MAX_SHEET_ROWS.toLocaleString('en-US')} rows (sheet Log goes on past row 100,001)`,
    )
    expect(by.get('huge.xlsx')!.error).toContain('Save the rows you need as a smaller file')
    expect(by.get('huge.csv')).toMatchObject({ status: 'failed', errorCode: 'DOC_TOO_LARGE' })
    expect(by.get('cut.xlsx')).toMatchObject({ status: 'failed', errorCode: 'DOC_CORRUPT' })
    expect(by.get('locked.xlsx')).toMatchObject({ status: 'failed', errorCode: 'DOC_ENCRYPTED' })
    expect(by.get('locked.ods')).toMatchObject({ status: 'failed', errorCode: 'DOC_ENCRYPTED' })
    expect(ingestRemedy('DOC_TOO_LARGE')?.remedy).toMatch(/spreadsheet/)
    expect(ingestRemedy('DOC_ENCRYPTED')?.remedy).toMatch(/Excel/)

    const top = async (q: string) => (await lib.search(q)).results[0]!
    const bolt = await top('flange bolt bin')
    expect(bolt).toMatchObject({ file: paths['stock.xlsx'], pages: [], locator: 'Warehouse!A2:C3' })
    expect(bolt.text).toContain('| Part | Bin | Count |')
    expect(await top('krone rate')).toMatchObject({ file: paths['rates.ods'], locator: 'Rates!A2:B2' })
    expect(await top('Sark population')).toMatchObject({ file: paths['towns.csv'], locator: 'towns!A2:B3' })
    await lib.close()
  })

  it('imports a large sheet with progress reported as it goes', async () => {
    const dir = tempDir()
    const file = path.join(dir, 'readings.xlsx')
    fs.writeFileSync(file, makeXlsx([{ name: 'Readings', rows: [], rawRows: rawRows(20_000) }]))
    const lib = await openLibrary()
    const seen: IngestProgress[] = []
    const report = await lib.ingest([file], { onProgress: (p) => seen.push(p) })
    expect(report.documents[0]).toMatchObject({ status: 'indexed' })
    const extracting = seen.filter((p) => p.stage === 'extracting' && p.file === file)
    // While the sheet is read (a report every thousand rows), then section by section: each step
    // further than the one before, up to the whole.
    expect(extracting.length).toBeGreaterThan(20)
    const shares = extracting.map((p) => p.done / p.total)
    expect(shares.filter((s, i) => i > 0 && s > shares[i - 1]!).length).toBeGreaterThan(10)
    shares.forEach((s, i) => expect(s).toBeGreaterThanOrEqual(i > 0 ? shares[i - 1]! : 0))
    expect(shares.filter((s) => s > 0 && s < 0.5).length).toBeGreaterThan(5)
    expect(extracting.at(-1)).toMatchObject({ done: extracting.at(-1)!.total })
    expect((await lib.search('19999')).results[0]).toMatchObject({ file })
    await lib.close()
  })
})
