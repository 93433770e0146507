import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { makeTextPdf, sampleTextSpec } from '@tests/fixtures/pdf-factory.js'
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
