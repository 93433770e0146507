import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { makeScanPdf, pageImages } from '@tests/fixtures/scan-factory.js'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import type { IngestProgress } from '@shared/library-types.js'
import { Library } from '../library.js'

const tempDir = useTempDirs()

describe('scanned documents in the library', () => {
  it('imports a scan with OCR progress, cites its scanned page as OCR and never re-OCRs it', async () => {
    const dir = tempDir()
    const [scan] = await pageImages({
      pages: [{ lines: [{ text: 'The signed lease for the Harbour Street depot runs until 2031.' }] }],
    })
    const file = path.join(dir, 'lease.pdf')
    fs.writeFileSync(file, await makeScanPdf([{ image: scan! }]))
    // A text PDF beside it: its passages must not be flagged.
    const cover = path.join(dir, 'cover.pdf')
    fs.writeFileSync(
      cover,
      await makeScanPdf([{ text: ['Cover letter about the property portfolio review.'] }]),
    )
    const lib = await Library.open(tempDir())
    try {
      const progress: IngestProgress[] = []
      const first = await lib.ingest([file, cover], { onProgress: (p) => progress.push(p) })
      expect(first.documents[0]).toMatchObject({ status: 'indexed', pages: 1, ocrPages: 1 })
      expect(first.documents[1]).toMatchObject({ status: 'indexed', pages: 1, ocrPages: 0 })
      expect(progress.filter((p) => p.stage === 'recognizing').map((p) => [p.done, p.total])).toEqual([
        [0, 1],
        [1, 1],
      ])
      expect(lib.store.documentByPath(file)).toMatchObject({ ocrPages: 1, blankPages: [] })

      const res = await lib.search('Harbour Street depot lease', { k: 3 })
      expect(res.results[0]).toMatchObject({ file, pages: [1], ocr: true })
      expect(res.results[0]!.text).toMatch(/Harbour Street/)
      const page = lib.store.page(res.results[0]!.documentId, 1)!
      expect(page.ocr).toBe(true)
      expect(page.items.length).toBeGreaterThan(5)

      const text = await lib.search('cover letter property portfolio', { k: 3 })
      expect(text.results[0]).toMatchObject({ file: cover, pages: [1] })
      expect(text.results[0]!.ocr).toBeUndefined()

      // Unchanged file: skipped by content hash, no OCR stage at all.
      progress.length = 0
      const again = await lib.ingest([file], { onProgress: (p) => progress.push(p) })
      expect(again.documents[0]).toMatchObject({ status: 'skipped', ocrPages: 1 })
      expect(progress.some((p) => p.stage === 'recognizing')).toBe(false)
    } finally {
      await lib.close()
    }
  })
})
