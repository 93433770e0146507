// `quire ingest` onto a full disk, in hybrid mode (a model, so a vector index to save and close):
// the per-file report is printed whatever fails at the end, and the failure says the disk is full.
// A real full disk: a small tmpfs (tests/helpers/small-tmpfs.ts), skipped where it cannot be mounted.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { makeTextPdf, paragraphLines, sampleTextSpec, type TextPdfSpec } from '@tests/fixtures/pdf-factory.js'
import { cli } from '@tests/helpers/run-cli.js'
import { CAN_MOUNT_TMPFS, fillDisk, smallTmpfs } from '@tests/helpers/small-tmpfs.js'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import { TEST_MODEL_DIR } from '@tests/test-model.js'

const tempDir = useTempDirs()

describe.skipIf(!CAN_MOUNT_TMPFS)('quire ingest on a full disk, hybrid mode', () => {
  it('prints the per-file report, each failure as DISK_FULL, and exits 0', { timeout: 180_000 }, async () => {
    const disk = smallTmpfs(8 * 1024 * 1024)!
    try {
      const docs = tempDir()
      const lib = path.join(disk.dir, 'library')
      const first = path.join(docs, 'first.pdf')
      fs.writeFileSync(first, await makeTextPdf(sampleTextSpec('first subject quartz', 2)))
      expect((await cli('ingest', first, '--library', lib, '--model-dir', TEST_MODEL_DIR)).code).toBe(0)
      const big: string[] = []
      // Four documents of their own text: documents written from one template, alike in 85% of
      // their text, would be taken for one text (docs/duplicates.md) and skipped before the disk fills.
      for (let i = 0; i < 4; i++) {
        big.push(path.join(docs, `big-${i}.pdf`))
        fs.writeFileSync(big[i]!, await makeTextPdf(distinctText(i, 40)))
      }
      // Room for a document or two: they commit, the vector index grows, then the disk is full for
      // the rest and for the index's last save, when the library closes.
      fillDisk(disk.dir, 300 * 1024)
      const r = await cli('ingest', ...big, '--library', lib, '--model-dir', TEST_MODEL_DIR, '--json')
      // Before the fix: exit 1, `{"error":{"code":"INTERNAL",…}}` and no per-file report.
      expect({ code: r.code, out: r.out }).toMatchObject({ code: 0 })
      const report = JSON.parse(r.out) as {
        documents: { file: string; status: string; code: string | null; error: string | null }[]
        problem?: { code: string; message: string }
      }
      expect(report.documents.map((d) => d.file)).toEqual(big)
      const full = report.documents.filter((d) => d.code === 'DISK_FULL')
      expect(full.length).toBeGreaterThan(0)
      expect(full[0]!.error).toMatch(/disk is full/i)
      const indexed = report.documents.filter((d) => d.status === 'indexed').map((d) => d.file)
      expect(indexed.length).toBeGreaterThan(0)
      // The last save of the vector index (at the batch's end, again at the close) usually finds the
      // disk full too: that is the batch's problem, and it says the disk is full. (When a save
      // earlier in the batch already kept every vector, there is nothing left to save.)
      if (report.problem)
        expect(report.problem).toMatchObject({
          code: 'DISK_FULL',
          message: expect.stringMatching(/disk is full/i),
        })
      fs.rmSync(path.join(disk.dir, 'filler.bin'))
      // Nothing committed was lost: the next open rebuilds the vectors the last save could not keep.
      const listed = await cli('docs', '--library', lib, '--json')
      for (const file of [first, ...indexed]) expect(listed.out).toContain(path.basename(file))
    } finally {
      disk.dispose()
    }
  })
})

const WORDS = (
  'basalt granite marble slate quartz feldspar mica gneiss schist shale limestone chalk flint ' +
  'obsidian pumice tuff breccia dolomite gypsum halite jasper agate onyx opal garnet zircon beryl'
).split(' ')

/** A document whose every sentence is its own: words picked by the document, page and place. */
function distinctText(doc: number, pages: number): TextPdfSpec {
  const word = (k: number) => WORDS[(k * 7 + doc * 13 + ((k * k) % 11)) % WORDS.length]!
  return {
    pages: Array.from({ length: pages }, (_, p) => ({
      lines: paragraphLines(
        Array.from({ length: 6 }, (_, n) => {
          const k = doc * 1000 + p * 10 + n
          return `Sample ${k} holds ${word(k)} beside ${word(k + doc + 1)} and ${word(k * 3 + doc)} near ${word(k * 5 + 2)}.`
        }),
      ),
    })),
  }
}
