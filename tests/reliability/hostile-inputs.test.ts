// Hostile files against a real import (issue 26, section 2): decompression bombs in every image
// format, a TIFF cut in half, next to an ordinary PDF, imported by `quire ingest` in a child process
// whose peak memory (all threads) is measured. Each bad file fails alone with its own code, is
// recorded (a retry says the same instead of crashing), and the good file is imported.
// docs/limits.md lists the limits these exercise.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ocrPageNotes } from '@shared/ocr-notes.js'
import { Library } from '../../src/main/engine/library.js'
import { bombJpegHeader, bombPng, greyTiff } from '@tests/fixtures/image-bombs.js'
import { makeTextPdf, sampleTextSpec } from '@tests/fixtures/pdf-factory.js'
import { makeTiff, pageImages } from '@tests/fixtures/scan-factory.js'
import { useTempDirs } from '@tests/helpers/temp-dir.js'

const tempDir = useTempDirs()
const ROOT = path.resolve(import.meta.dirname, '../..')
/** The targets: a bomb refused under 1.5 GB; no input of the suite takes the app past 2 GB. */
const PEAK_BYTES = 1.5 * 1024 ** 3

interface ChildResult {
  code: number
  report: { documents: { file: string; status: string; code: string | null; unreadable_pages: number[] }[] }
  peakRssBytes: number
}

function ingestInChild(folder: string, libDir: string): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'tests/helpers/hostile-ingest-child.ts', folder, libDir],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    let out = ''
    let err = ''
    child.stdout.on('data', (d: Buffer) => (out += d.toString()))
    child.stderr.on('data', (d: Buffer) => (err += d.toString()))
    child.on('error', reject)
    child.on('exit', (code, signal) => {
      const line = out.trim().split('\n').at(-1)
      if (code !== 0 || !line)
        reject(new Error(`ingest child ended with ${code ?? signal}: ${err.slice(-2000)}`))
      else resolve(JSON.parse(line) as ChildResult)
    })
  })
}

describe('hostile inputs', () => {
  it('image bombs and a cut-off TIFF fail or warn alone, with their codes, under 1.5 GB; the PDF beside them is imported', async () => {
    const docs = tempDir()
    fs.writeFileSync(path.join(docs, 'poster.png'), bombPng(30000, 30000))
    fs.writeFileSync(path.join(docs, 'photo.jpg'), bombJpegHeader(30000, 30000))
    fs.writeFileSync(
      path.join(docs, 'fax.tiff'),
      greyTiff([
        { width: 100, height: 100 },
        { width: 100, height: 100, declared: [30000, 30000] },
      ]),
    )
    const texts = ['Delivery note for the oak shelving units.', 'Second page', 'Third page']
    const scan = await makeTiff(
      await pageImages({ pages: texts.map((text) => ({ lines: [{ text }] })) }, 100),
    )
    fs.writeFileSync(path.join(docs, 'cut.tiff'), scan.subarray(0, scan.length / 2))
    fs.writeFileSync(path.join(docs, 'notes.pdf'), await makeTextPdf(sampleTextSpec('granite quarries', 2)))
    const libDir = tempDir()

    for (let run = 0; run < 2; run++) {
      const { code, report, peakRssBytes } = await ingestInChild(docs, libDir)
      expect(code).toBe(0)
      const byName = Object.fromEntries(report.documents.map((d) => [path.basename(d.file), d]))
      expect(byName['poster.png']).toMatchObject({ status: 'failed', code: 'IMAGE_TOO_LARGE' })
      expect(byName['photo.jpg']).toMatchObject({ status: 'failed', code: 'IMAGE_TOO_LARGE' })
      expect(byName['fax.tiff']).toMatchObject({ status: 'failed', code: 'IMAGE_TOO_LARGE' })
      if (run === 0) {
        expect(byName['cut.tiff']).toMatchObject({ status: 'indexed', unreadable_pages: [2, 3] })
        expect(byName['notes.pdf']).toMatchObject({ status: 'indexed' })
        // The library remembers the lost pages: the document list names them.
        const lib = await Library.open(libDir, { modelDir: null })
        try {
          const cut = lib.documents().find((d) => d.path.endsWith('cut.tiff'))!
          expect(cut).toMatchObject({ pages: 3, unreadablePages: [2, 3] })
          expect(ocrPageNotes(cut)).toEqual([
            'page 2: could not be read (damaged or cut-off file)',
            'page 3: could not be read (damaged or cut-off file)',
          ])
        } finally {
          await lib.close()
        }
      } else {
        // The second run retries only what failed: the refused files are refused again, as fast.
        expect(byName['notes.pdf']).toMatchObject({ status: 'skipped' })
      }
      expect(peakRssBytes).toBeLessThan(PEAK_BYTES)
    }
  })
})
