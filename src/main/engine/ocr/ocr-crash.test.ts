import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { makeScanPdf, pageImages } from '@tests/fixtures/scan-factory.js'
import { makeTextPdf, sampleTextSpec } from '@tests/fixtures/pdf-factory.js'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import { TEST_MODEL_DIR } from '@tests/test-model.js'
import { Library } from '../library.js'
import { OCR_PAGES_FOLDER } from './kept-pages.js'

const tempDir = useTempDirs()
const ROOT = path.resolve(import.meta.dirname, '../../../..')

const PAGES = [
  'The boiler room inspection found corroded valves on the north wall.',
  'Replacement valves were ordered from the Lisbon supplier in June.',
  'The night porter keeps the spare keys for the boiler room cabinet.',
  'The caretaker logs every visit of the heating engineer in the red book.',
]

describe('a crash mid-OCR', () => {
  it(
    'leaves a library that opens with only whole documents, and re-running resumes the scan where it stopped',
    { timeout: 240_000 },
    async () => {
      const docs = tempDir()
      const cover = path.join(docs, 'cover.pdf')
      fs.writeFileSync(cover, await makeTextPdf(sampleTextSpec('estate maintenance overview', 2)))
      const images = await pageImages({ pages: PAGES.map((text) => ({ lines: [{ text }] })) })
      const scan = path.join(docs, 'inspection.pdf')
      fs.writeFileSync(scan, await makeScanPdf(images.map((image) => ({ image }))))
      const libDir = tempDir()

      // The importer is killed with SIGKILL once two scanned pages are recognised: the other pages
      // are still being read, nothing of the scan is committed yet.
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'tests/helpers/ingest-child.ts', libDir, TEST_MODEL_DIR, cover, scan],
        { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
      )
      let out = ''
      const signal = await new Promise<NodeJS.Signals | null>((resolve, reject) => {
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString()
          if (/^ocr 2\/4$/m.test(out)) child.kill('SIGKILL')
        })
        child.on('exit', (_code, sig) => resolve(sig))
        child.on('error', reject)
      })
      expect(signal).toBe('SIGKILL')
      expect(out).toMatch(/^ocr 2\/4$/m)
      expect(out).not.toMatch(/^ocr 4\/4$/m)
      // Every page reported recognised was kept in the library folder before it was reported.
      const keptAtKill = Math.max(...[...out.matchAll(/^ocr (\d)\/4$/gm)].map((m) => Number(m[1])))
      expect(keptAtKill).toBeGreaterThanOrEqual(2)

      let lib = await Library.open(libDir, { modelDir: TEST_MODEL_DIR })
      try {
        expect(lib.db.pragma('integrity_check', { simple: true })).toBe('ok')
        // Only whole documents: the scan is absent (or, never, half there); the cover may have committed.
        const partial = lib.documents()
        expect(partial.map((d) => d.path)).not.toContain(scan)
        expect(partial.every((d) => d.status === 'indexed' && d.chunks > 0)).toBe(true)
        expect(lib.vectors!.ids().sort((a, b) => a - b)).toEqual(
          lib.store.indexedChunkIds().sort((a, b) => a - b),
        )
        const found = await lib.search('corroded valves boiler room', { k: 5 })
        expect(found.results.filter((r) => r.file === scan)).toEqual([])
      } finally {
        await lib.close()
      }

      // Re-run: what was committed is skipped, and the scan resumes: the pages recognised before the
      // kill are taken as kept, only the ones in flight (or not started) are read again. Before
      // resuming, its OCR progress started again at 0/4.
      lib = await Library.open(libDir, { modelDir: TEST_MODEL_DIR })
      try {
        const ocrProgress: number[] = []
        const report = await lib.ingest([cover, scan], {
          onProgress: (p) => p.stage === 'recognizing' && p.file === scan && ocrProgress.push(p.done),
        })
        expect(ocrProgress[0]).toBeGreaterThanOrEqual(keptAtKill)
        expect(ocrProgress.at(-1)).toBe(4)
        const byFile = new Map(report.documents.map((d) => [d.file, d]))
        expect(byFile.get(scan)).toMatchObject({ status: 'indexed', pages: 4, ocrPages: 4 })
        // Stored: its kept pages are gone from the library folder.
        expect(fs.existsSync(path.join(libDir, OCR_PAGES_FOLDER))).toBe(false)
        expect(
          lib
            .documents()
            .map((d) => d.path)
            .sort(),
        ).toEqual([cover, scan].sort())
        expect(lib.store.documentByPath(scan)).toMatchObject({ ocrPages: 4 })
        const engineer = await lib.search('heating engineer red book', { k: 3 })
        expect(engineer.results[0]).toMatchObject({ file: scan, ocr: true })
        expect(engineer.results[0]!.text).toMatch(/heating engineer/)
        const hit = await lib.search('spare keys night porter', { k: 3 })
        expect(hit.results[0]).toMatchObject({ file: scan, ocr: true })
        // The scan's three short pages can share one passage; page 3's words are in it.
        expect(hit.results[0]!.pages).toContain(3)
        expect(hit.results[0]!.text).toMatch(/spare keys/)
        expect(lib.vectors!.ids().sort((a, b) => a - b)).toEqual(
          lib.store.indexedChunkIds().sort((a, b) => a - b),
        )
        expect(lib.db.pragma('integrity_check', { simple: true })).toBe('ok')
      } finally {
        await lib.close()
      }
    },
  )
})
