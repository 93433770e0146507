import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeTextPdf, sampleTextSpec } from '@tests/fixtures/pdf-factory.js'
import { makeScanPdf, pageImages } from '@tests/fixtures/scan-factory.js'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import { parseDocument } from '../ingest/parse-document.js'
import { Library } from '../library.js'
import { forgetKeptPages, OCR_PAGES_FOLDER } from './kept-pages.js'
import { ParsePool } from '../worker/parse-pool.js'
import { OcrEngine } from './ocr-engine.js'

// One small scanned page, recognised once: the other parses take it from the library folder.
const tempDir = useTempDirs()
let engine: OcrEngine
let pdf: Uint8Array

beforeAll(async () => {
  engine = new OcrEngine()
  const [image] = await pageImages({
    pages: [{ lines: [{ text: 'The harbour master signs every manifest.' }] }],
  })
  pdf = await makeScanPdf([{ image: image! }])
})
afterAll(() => engine.stop())

const keptFiles = (lib: string) =>
  fs
    .readdirSync(path.join(lib, OCR_PAGES_FOLDER), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))

describe('kept OCR pages', () => {
  it('a recognised page is kept in the library folder and taken by the next parse of the same bytes', async () => {
    const lib = tempDir()
    const first = await parseDocument(pdf.slice(), 'manifest.pdf', { ocrEngine: engine, resumeOcrIn: lib })
    expect(first.pages[0]!.text).toMatch(/harbour master/)
    const [file] = keptFiles(lib)
    expect(path.relative(lib, file!)).toMatch(/^ocr-pages\/[0-9a-f]{64}\/[0-9a-f]{16}-1\.json$/)

    // What the next parse gives comes from the kept page (edited here to tell it apart), and its
    // OCR progress starts with the page already done.
    fs.writeFileSync(file!, fs.readFileSync(file!, 'utf8').replaceAll('harbour', 'harbor'))
    const progress: number[] = []
    const second = await parseDocument(pdf.slice(), 'manifest.pdf', {
      ocrEngine: engine,
      resumeOcrIn: lib,
      onOcrPage: (done) => progress.push(done),
    })
    expect(second.pages[0]!.text).toMatch(/harbor master/)
    expect(progress).toEqual([1])

    // A torn entry (a kill mid-write of an older version, a disk error) is read again, not trusted.
    fs.writeFileSync(file!, '{"raw":{"pageNo":1,"li')
    const third = await parseDocument(pdf.slice(), 'manifest.pdf', { ocrEngine: engine, resumeOcrIn: lib })
    expect(third.pages[0]!.text).toMatch(/harbour master/)
    expect(JSON.parse(fs.readFileSync(file!, 'utf8'))).toMatchObject({ raw: { pageNo: 1 } })

    // Stored: the file's kept pages go, and nothing else in the folder.
    const sha = path.basename(path.dirname(file!))
    fs.writeFileSync(path.join(lib, 'notes.txt'), 'mine')
    forgetKeptPages(lib, sha)
    expect(fs.existsSync(path.join(lib, OCR_PAGES_FOLDER))).toBe(false)
    expect(fs.readFileSync(path.join(lib, 'notes.txt'), 'utf8')).toBe('mine')
  })

  it(
    "an import's extraction threads keep pages too (the library folder crosses to them)",
    { timeout: 120_000 },
    async () => {
      const lib = tempDir()
      const pool = new ParsePool(1)
      try {
        const parsed = await pool.parse(pdf.slice(), 'manifest.pdf', { resumeOcrIn: lib })
        expect(parsed.pages[0]!.text).toMatch(/harbour master/)
      } finally {
        await pool.close()
      }
      expect(keptFiles(lib)).toHaveLength(1)
    },
  )

  it('pages kept for a file the import finds unchanged (an early parse read them) are removed', async () => {
    const lib = tempDir()
    const file = path.join(tempDir(), 'plain.pdf')
    fs.writeFileSync(file, await makeTextPdf(sampleTextSpec('kept pages of a skipped file', 1)))
    const library = await Library.open(lib)
    try {
      await library.ingest([file])
      const sha = createHash('sha256').update(fs.readFileSync(file)).digest('hex')
      const page = path.join(lib, OCR_PAGES_FOLDER, sha, '0123456789abcdef-1.json')
      fs.mkdirSync(path.dirname(page), { recursive: true })
      fs.writeFileSync(page, '{}')
      expect((await library.ingest([file])).documents[0]).toMatchObject({ status: 'skipped' })
      expect(fs.existsSync(path.join(lib, OCR_PAGES_FOLDER))).toBe(false)
    } finally {
      await library.close()
    }
  })
})
