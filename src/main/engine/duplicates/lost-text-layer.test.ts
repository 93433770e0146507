// A re-saved copy whose text layer was lost (docs/duplicates.md): `pdftocairo -pdf` writes a PDF's
// Type 3 fonts again with every glyph mapped to U+FFFD. The copy is read by OCR and recognised as
// the original's text; another document set alike is not.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { makeType3Pdf } from '@tests/fixtures/type3-factory.js'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import { parseDocument } from '../ingest/parse-document.js'
import { Library } from '../library.js'

const tempDir = useTempDirs()

// .ci/run installs poppler-utils, which has pdftocairo.
const hasPdftocairo = (() => {
  try {
    execFileSync('pdftocairo', ['-v'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
})()

const SURVEY = [
  'The glacier survey began with a census of every stake along the northern transect.',
  'Meltwater runs through crevasses and moulins down to the bed in early summer.',
  'Basal sliding speeds up when the water pressure nears the weight of the ice.',
  'Surveys with stakes and radar show the seasonal rhythm of velocity on the tongue.',
  'Sediment carried by the outflow records how much of the bed the water reached.',
  'Field teams measured the ablation twice a day through the whole of the season.',
]
const LEASES = [
  'The lease for the Harbour Street depot runs until the end of the year 2031.',
  'Rent is reviewed every five years against the index of warehouse prices.',
  'The tenant keeps the loading bays, the roof and the fire doors in repair.',
  'Either party may end the lease early with twelve months of written notice.',
  'A deposit of three months of rent is held in a separate client account.',
  'Subletting any part of the depot needs the written consent of the landlord.',
]
const rotate = (xs: string[], n: number) => [...xs.slice(n), ...xs.slice(0, n)]

/** A two-page Type 3 document and its `pdftocairo -pdf` copy, written into `dir`. */
async function withCairoCopy(dir: string, name: string, sentences: string[]): Promise<[string, string]> {
  const original = path.join(dir, `${name}.pdf`)
  fs.writeFileSync(
    original,
    await makeType3Pdf({ title: name, header: 'Page {n}', pages: [sentences, rotate(sentences, 3)] }),
  )
  const copy = path.join(dir, 'copies', `${name}.pdf`)
  fs.mkdirSync(path.dirname(copy), { recursive: true })
  execFileSync('pdftocairo', ['-pdf', original, copy], { stdio: 'ignore' })
  return [original, copy]
}

describe('a PDF whose Type 3 font maps every glyph to U+FFFD', () => {
  it('is read by OCR, though its running head has letters', async () => {
    const dir = tempDir()
    const spec = { title: 'glaciers', header: 'Page {n}', pages: [SURVEY, rotate(SURVEY, 3)] }
    const original = path.join(dir, 'glaciers.pdf')
    fs.writeFileSync(original, await makeType3Pdf(spec))
    const before = await parseDocument(new Uint8Array(fs.readFileSync(original)), original)
    expect(before.pages.map((p) => p.ocr)).toEqual([undefined, undefined])
    expect(before.pages[0]!.text).toContain('Meltwater runs through crevasses')

    // What pdftocairo writes: the same pages, a text layer of replacement characters.
    const copy = path.join(dir, 'copy.pdf')
    fs.writeFileSync(copy, await makeType3Pdf({ ...spec, unmapped: true }))
    const parsed = await parseDocument(new Uint8Array(fs.readFileSync(copy)), copy)
    expect(parsed.pages.every((p) => p.ocr)).toBe(true)
    expect(parsed.pages.map((p) => p.text).join('\n')).not.toContain('\uFFFD')
    expect(parsed.pages[0]!.text).toMatch(/Meltwater runs through crevasses/)
  }, 120_000)
})

describe.skipIf(!hasPdftocairo)('a copy re-saved with pdftocairo -pdf', () => {
  it('says the copy is the same text as the original, and keeps another document set alike apart', async () => {
    const docs = tempDir()
    const [glaciers, glaciersCopy] = await withCairoCopy(docs, 'glaciers', SURVEY)
    const [, leasesCopy] = await withCairoCopy(docs, 'leases', LEASES)
    const lib = await Library.open(tempDir())
    try {
      expect((await lib.ingest([glaciers])).documents[0]).toMatchObject({ status: 'indexed', ocrPages: 0 })
      const [copy, other] = (await lib.ingest([glaciersCopy, leasesCopy])).documents
      expect(copy).toMatchObject({
        status: 'skipped',
        error: 'Same text as glaciers.pdf, already in the library.',
        duplicateOf: { file: glaciers, sameBytes: false },
      })
      // As many pages, of one size, in one font and layout: another text all the same.
      expect(other).toMatchObject({ status: 'indexed', pages: 2, ocrPages: 2 })
      expect(
        lib
          .documents()
          .map((d) => path.basename(d.path))
          .sort(),
      ).toEqual(['glaciers.pdf', 'leases.pdf'])
      const hit = (await lib.search('Harbour Street depot lease', { k: 1 })).results[0]
      expect(hit).toMatchObject({ file: leasesCopy, ocr: true })
    } finally {
      await lib.close()
    }
  }, 180_000)
})
