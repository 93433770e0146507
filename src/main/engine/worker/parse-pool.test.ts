import fs from 'node:fs'
import path from 'node:path'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { describe, expect, it } from 'vitest'
import { makeTextPdf, sampleTextSpec } from '@tests/fixtures/pdf-factory.js'
import { textRunsPdf } from '@tests/fixtures/pdf-bombs.js'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import { TEST_MODEL_DIR } from '@tests/test-model.js'
import { parseDocument } from '../ingest/parse-document.js'
import { ParsePool } from './parse-pool.js'
import { runIngestWorker } from './run-ingest-worker.js'
import { warmUpPdf } from './warm-up-pdf.js'

const tempDir = useTempDirs()

describe('long-lived parse threads', () => {
  it('the warm-up PDF is a real document with text on every page', async () => {
    const parsed = await parseDocument(warmUpPdf(3), 'warm-up.pdf', { ocr: false })
    expect(parsed.pages).toHaveLength(3)
    expect(parsed.chunks.length).toBeGreaterThan(0)
    expect(parsed.chunks[0]!.text).toMatch(/quick brown fox/)
  })

  it('lends its threads to one import after another, each driving them over ports', async () => {
    const owner = new ParsePool(1)
    try {
      const bytes = await makeTextPdf(sampleTextSpec('lichen growth', 4))
      for (let round = 0; round < 2; round++) {
        const borrowed = ParsePool.overPorts(owner.lend())
        const drafts: string[] = []
        const parsed = await borrowed.parse(new Uint8Array(bytes), 'a.pdf', {
          onDraftTexts: (t) => drafts.push(...t),
        })
        expect(parsed.pages).toHaveLength(4)
        expect(parsed.chunks.map((c) => c.text).join(' ')).toMatch(/lichen growth/)
        await borrowed.close()
      }
      // The owner still parses after lending twice.
      expect((await owner.parse(new Uint8Array(bytes), 'b.pdf')).pages).toHaveLength(4)
    } finally {
      await owner.close()
    }
  })

  it('a borrower whose threads are gone fails its jobs instead of waiting for ever', async () => {
    const owner = new ParsePool(1)
    const borrowed = ParsePool.overPorts(owner.lend())
    await owner.close()
    const bytes = await makeTextPdf(sampleTextSpec('moss', 1))
    await expect(borrowed.parse(bytes, 'c.pdf')).rejects.toMatchObject({ code: 'INTERNAL' })
    await borrowed.close()
  })

  it('two imports in a row run on the same lent threads', async () => {
    const owner = new ParsePool(1)
    try {
      const docs = tempDir()
      const libDir = tempDir()
      for (const [i, topic] of ['fern spores', 'bracken fronds'].entries()) {
        const file = path.join(docs, `d${i}.pdf`)
        fs.writeFileSync(file, await makeTextPdf(sampleTextSpec(topic, 3)))
        const report = await runIngestWorker({
          libraryDir: libDir,
          modelDir: TEST_MODEL_DIR,
          paths: [file],
          parsePorts: owner.lend(),
        })
        expect(report.documents.map((d) => d.status)).toEqual(['indexed'])
      }
    } finally {
      await owner.close()
    }
  })
})

/** A page with a 3 × 2 table ruled on every side, its caption under it. */
async function ruledTablePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false })
  const font = await doc.embedFont(StandardFonts.Helvetica)
  const page = doc.addPage([612, 792])
  const rows = [
    ['Value', 'Color model'],
    ['1', 'no model'],
    ['3', 'greyscale'],
    ['7', 'cmyk'],
  ]
  const top = 600
  rows.forEach((r, i) => {
    page.drawText(r[0]!, { x: 210, y: top - 12 - i * 16, size: 10, font })
    page.drawText(r[1]!, { x: 270, y: top - 12 - i * 16, size: 10, font })
  })
  const line = (x0: number, y0: number, x1: number, y1: number) =>
    page.drawLine({ start: { x: x0, y: y0 }, end: { x: x1, y: y1 }, thickness: 0.5 })
  for (let i = 0; i <= rows.length; i++) line(200, top - i * 16 - 4, 400, top - i * 16 - 4)
  for (const x of [200, 260, 400]) line(x, top - 4, x, top - rows.length * 16 - 4)
  page.drawText('Table 2: Supported color models.', {
    x: 220,
    y: top - rows.length * 16 - 24,
    size: 10,
    font,
  })
  return doc.save({ useObjectStreams: false })
}

describe('options a parse thread is given', () => {
  it('finds tables by default and reads a table as words when the caller turns tables off', async () => {
    const pool = new ParsePool(1, undefined, { warmUp: false })
    try {
      const bytes = await ruledTablePdf()
      const text = (d: { chunks: { text: string }[] }) => d.chunks.map((c) => c.text).join('\n')
      expect(text(await pool.parse(new Uint8Array(bytes), 't.pdf'))).toContain('| 7 | cmyk |')
      const plain = text(await pool.parse(new Uint8Array(bytes), 't.pdf', { tables: false }))
      expect(plain).toMatch(/cmyk/)
      expect(plain).not.toContain('| 7 | cmyk |')
    } finally {
      await pool.close()
    }
  })
})

describe('memory budget of a parse thread', () => {
  it('a file that needs more fails alone as DOC_TOO_LARGE; its thread is replaced and the import goes on', async () => {
    // A small budget (the app's is PARSE_THREAD_MEMORY_MB) and a PDF of 300,000 text runs: under
    // 1 MB on disk, several hundred MB of text items once read.
    const owner = new ParsePool(1, undefined, { warmUp: false, memoryMb: 160 })
    try {
      const docs = tempDir()
      const bomb = path.join(docs, 'runs.pdf')
      fs.writeFileSync(bomb, textRunsPdf(300_000))
      const good = path.join(docs, 'ferns.pdf')
      fs.writeFileSync(good, await makeTextPdf(sampleTextSpec('fern spores', 3)))
      const libDir = tempDir()
      const report = await runIngestWorker({
        libraryDir: libDir,
        modelDir: TEST_MODEL_DIR,
        paths: [bomb, good],
        parsePorts: owner.lend(),
      })
      expect(report.documents.map((d) => [path.basename(d.file), d.status, d.errorCode])).toEqual([
        ['runs.pdf', 'failed', 'DOC_TOO_LARGE'],
        ['ferns.pdf', 'indexed', null],
      ])
      expect(report.documents[0]!.error).toMatch(
        /needed more than 160 MB of memory, the limit for a single file/,
      )
      // The remedy beside it says what to do and that the rest of the import went on: not said twice.
      expect(report.documents[0]!.error).not.toMatch(/one file may use|rest of the import/)
      // Recorded as failed, so a retry says so instead of crashing again; the owner's thread was
      // replaced and still serves the next import.
      const again = await runIngestWorker({
        libraryDir: libDir,
        modelDir: TEST_MODEL_DIR,
        paths: [good],
        parsePorts: owner.lend(),
      })
      expect(again.documents.map((d) => d.status)).toEqual(['skipped'])
      expect(
        (await owner.parse(await makeTextPdf(sampleTextSpec('moss', 2)), 'moss.pdf')).pages,
      ).toHaveLength(2)
    } finally {
      await owner.close()
    }
  })
})
