import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { makeTextPdf, sampleTextSpec } from '@tests/fixtures/pdf-factory.js'
import { makeDeclaredBomb, makeDocx, makeEpub, makeOdp, makeOleFile } from '@tests/fixtures/office-factory.js'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import { Library } from './library.js'

const tempDir = useTempDirs()
/** Keyword search only: what is tested here is reading and citing, not embedding. */
const openLibrary = () => Library.open(tempDir(), { modelDir: path.join(tempDir(), 'no-model') })

const words = (topic: string, n = 6) =>
  Array.from(
    { length: n },
    (_, i) => `Remark ${i + 1} on ${topic} keeps this section long enough to stand alone.`,
  ).join(' ')

/** A case file as analysts keep it: a memo in Word, notes in Markdown, a saved page, a text export, slides, an e-book, a PDF. */
async function writeCaseFolder(dir: string): Promise<Record<string, string>> {
  const files: Record<string, Uint8Array | string> = {
    'memo.docx': makeDocx([
      { heading: '3 Remotes', level: 1 },
      { p: words('remotes') },
      { heading: '3.2 Fetching', level: 2 },
      { p: `The quartermaster fetches the ledgers every Tuesday. ${words('fetching')}` },
    ]),
    'notes.md': `# Field notes\n\n${words('the field')}\n\n## Sediment\n\nThe sediment cores were frozen at minus eighty degrees. ${words('cores')}\n`,
    'page.html': `<html><head><title>Harbour</title></head><body><h1>Harbour rules</h1><p>${words('rules')}</p><h2>Moorings</h2><p>Moorings are assigned by the harbourmaster each spring. ${words('moorings')}</p></body></html>`,
    'export.txt': `Export of the ticket system.\n\nTicket 4471 reports a broken turnstile at the north gate. ${words('tickets')}\n`,
    'deck.odp': makeOdp([
      { title: 'Budget', text: 'The budget grew by twelve percent.', notes: 'Say the contract is signed.' },
      { title: 'Staffing', text: 'Four archivists join in March.' },
    ]),
    'book.epub': makeEpub('Handbook', [
      { file: 'a.xhtml', html: `<h1>Intake</h1><p>${words('intake')}</p>` },
      {
        file: 'b.xhtml',
        html: `<h1>Storage</h1><p>Vellum is stored at eighteen degrees. ${words('storage')}</p>`,
      },
    ]),
    'old.doc': makeOleFile(false),
    'locked.docx': makeOleFile(true),
    'bomb.docx': makeDeclaredBomb('word/document.xml', 700 * 1024 * 1024),
    'report.pdf': await makeTextPdf(sampleTextSpec('glacier hydrology', 2)),
    'archive.zip': 'not a document',
  }
  const out: Record<string, string> = {}
  for (const [name, bytes] of Object.entries(files)) {
    out[name] = path.join(dir, name)
    fs.writeFileSync(out[name], bytes)
  }
  return out
}

describe('a library of mixed formats', () => {
  it('imports a mixed folder, cites each format where a person finds the passage, and names what it refused', async () => {
    const dir = tempDir()
    const f = await writeCaseFolder(dir)
    const lib = await openLibrary()
    const report = await lib.ingest([dir])
    const by = new Map(report.documents.map((d) => [path.basename(d.file), d]))
    for (const name of [
      'memo.docx',
      'notes.md',
      'page.html',
      'export.txt',
      'deck.odp',
      'book.epub',
      'report.pdf',
    ])
      expect(by.get(name), name).toMatchObject({ status: 'indexed' })
    expect(by.get('old.doc')).toMatchObject({ status: 'failed', errorCode: 'DOC_LEGACY_FORMAT' })
    expect(by.get('locked.docx')).toMatchObject({ status: 'failed', errorCode: 'DOC_ENCRYPTED' })
    expect(by.get('bomb.docx')).toMatchObject({ status: 'failed', errorCode: 'DOC_TOO_LARGE' })
    expect(by.has('archive.zip')).toBe(false)
    // Nothing of the bomb was stored: a failed row only.
    const bomb = lib.documents().find((d) => d.path === f['bomb.docx'])!
    expect(bomb).toMatchObject({ status: 'failed', chunks: 0, format: 'docx' })
    expect(lib.documents().find((d) => d.path === f['deck.odp'])).toMatchObject({ format: 'odp', pages: 2 })

    const top = async (q: string) => (await lib.search(q)).results[0]!
    expect(await top('quartermaster fetches ledgers')).toMatchObject({
      file: f['memo.docx'],
      pages: [],
      locator: '3 Remotes > 3.2 Fetching',
    })
    expect(await top('sediment cores frozen')).toMatchObject({ locator: 'Field notes > Sediment', pages: [] })
    expect(await top('moorings harbourmaster spring')).toMatchObject({ locator: 'Harbour rules > Moorings' })
    expect(await top('turnstile north gate')).toMatchObject({ file: f['export.txt'], locator: '¶ 1' })
    expect(await top('archivists join March')).toMatchObject({ locator: 'Slide 2 > Staffing' })
    expect(await top('vellum stored eighteen degrees')).toMatchObject({ locator: 'Chapter 2: Storage' })
    const pdf = await top('glacier hydrology')
    expect(pdf.file).toBe(f['report.pdf'])
    expect(pdf.pages.length).toBeGreaterThan(0)
    expect(pdf.locator).toBeNull()
    await lib.close()
  })

  it('cites a passage that runs on from one slide into the next by both slides', async () => {
    const dir = tempDir()
    const deck = path.join(dir, 'harbour.odp')
    fs.writeFileSync(
      deck,
      makeOdp([
        { title: 'Welcome', text: 'Opening remarks for the board.' },
        { title: 'Agenda', text: 'Budget, staffing, questions.' },
        { title: 'Harbour dredging', text: 'The dredging of the harbour channel starts in May.' },
        { title: 'Dredging costs', text: 'The harbour channel dredging costs forty thousand.' },
        { title: 'Questions', text: 'Ask away.' },
      ]),
    )
    const lib = await openLibrary()
    await lib.ingest([deck])
    const hit = (await lib.search('when does the dredging of the harbour channel start, in May?')).results[0]!
    // One passage of the two slides, at the better one's rank, is cited by both.
    expect(hit.text).toMatch(/starts in May[\s\S]*forty thousand/)
    expect(hit.locator).toBe('Slides 3–4')
    await lib.close()
  })

  it('skips unchanged and duplicate content, re-imports a changed file, and removes one', async () => {
    const dir = tempDir()
    const notes = path.join(dir, 'notes.md')
    fs.writeFileSync(notes, `# Notes\n\nThe kiln reached nine hundred degrees. ${words('kilns')}\n`)
    const lib = await openLibrary()
    expect((await lib.ingest([notes])).documents[0]).toMatchObject({ status: 'indexed' })
    expect((await lib.ingest([notes])).documents[0]).toMatchObject({ status: 'skipped' })
    const copy = path.join(dir, 'copy.md')
    fs.copyFileSync(notes, copy)
    expect((await lib.ingest([copy])).documents[0]).toMatchObject({ status: 'skipped' })
    fs.writeFileSync(notes, `# Notes\n\nThe furnace reached twelve hundred degrees. ${words('furnaces')}\n`)
    expect((await lib.ingest([notes])).documents[0]).toMatchObject({ status: 'indexed' })
    const r = await lib.search('furnace twelve hundred')
    expect(r.results[0]).toMatchObject({ file: notes, locator: 'Notes' })
    // The old version's text is gone from the library.
    expect((await lib.search('kiln nine hundred')).results.some((h) => /kiln/i.test(h.text))).toBe(false)
    expect(lib.remove(notes)).toBe(true)
    // The copy, skipped as the same content, stays: it is that content's other location.
    expect(lib.documents().map((d) => d.path)).toEqual([copy])
    await lib.close()
  })
})
