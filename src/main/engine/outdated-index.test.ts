// Documents an older version of Quire indexed (store/index-version.ts): listed as outdated, read
// again when imported again, and never lost when that second reading fails.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { makeTextPdf, sampleTextSpec } from '@tests/fixtures/pdf-factory.js'
import { makeScanPdf, pageImages } from '@tests/fixtures/scan-factory.js'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import { TEST_MODEL_DIR } from '@tests/test-model.js'
import type { IngestProgress } from '@shared/library-types.js'
import { Library } from './library.js'
import { INDEX_VERSION } from './store/index-version.js'
import { MIGRATIONS } from './store/migrations.js'

const tempDir = useTempDirs()

async function writePdf(dir: string, name: string, topic: string): Promise<string> {
  const file = path.join(dir, name)
  fs.writeFileSync(file, await makeTextPdf(sampleTextSpec(topic, 2)))
  return file
}

/**
 * Turns the library in `dir` back into one written before index versions were recorded: the
 * columns that migration and every later one add go, and the schema version returns to 9, so the
 * next open runs them as an old library's first open under this version does.
 */
async function asLibraryBeforeIndexVersions(dir: string): Promise<void> {
  const lib = await Library.open(dir)
  const later = MIGRATIONS.filter((m) => m.version > 9).map((m) => m.sql ?? '')
  // What later migrations create did not exist yet: their triggers and views first (they name the
  // columns), then their columns, then their tables (indexes go with the tables).
  for (const sql of later) {
    for (const [, trigger] of sql.matchAll(/CREATE TRIGGER (?:IF NOT EXISTS )?(\w+)/g))
      lib.db.exec(`DROP TRIGGER IF EXISTS ${trigger}`)
    for (const [, view] of sql.matchAll(/CREATE VIEW (?:IF NOT EXISTS )?(\w+)/g))
      lib.db.exec(`DROP VIEW IF EXISTS ${view}`)
  }
  for (const sql of later)
    for (const [, table, column] of sql.matchAll(/ALTER TABLE (\w+) ADD COLUMN (\w+)/g))
      lib.db.exec(`ALTER TABLE ${table} DROP COLUMN ${column}`)
  for (const sql of later)
    for (const [, table] of sql.matchAll(/CREATE (?:VIRTUAL )?TABLE (?:IF NOT EXISTS )?(\w+)/g))
      lib.db.exec(`DROP TABLE IF EXISTS ${table}`)
  lib.db.pragma('user_version = 9')
  await lib.close()
}

const chunkIdsOf = (lib: Library, file: string) =>
  lib.db
    .prepare('SELECT c.id FROM chunks c JOIN documents d ON d.id = c.document_id WHERE d.path = ?')
    .pluck()
    .all(file) as number[]

describe('documents indexed by an older version', () => {
  it('are listed as outdated after the upgrade, re-indexed when imported again, then skipped', async () => {
    const docs = tempDir()
    const a = await writePdf(docs, 'a.pdf', 'zeolite catalysts')
    const b = await writePdf(docs, 'b.pdf', 'tidal turbines')
    const dir = tempDir()
    let lib = await Library.open(dir, { modelDir: TEST_MODEL_DIR })
    await lib.ingest([a, b])
    expect(lib.documents().map((d) => d.outdated)).toEqual([false, false])
    await lib.close()

    await asLibraryBeforeIndexVersions(dir)
    lib = await Library.open(dir, { modelDir: TEST_MODEL_DIR })
    try {
      expect(lib.documents().every((d) => d.outdated)).toBe(true)
      expect(lib.outdatedPaths().sort()).toEqual([a, b])
      const oldA = chunkIdsOf(lib, a)
      const oldB = chunkIdsOf(lib, b)
      const idA = lib.store.documentByPath(a)!.id

      // One of them imported again: read again, its chunks and vectors replaced; the other stays.
      const report = await lib.ingest([a])
      expect(report.documents).toMatchObject([{ file: a, status: 'indexed', error: null, reindex: true }])

      const newA = chunkIdsOf(lib, a)
      expect(newA.length).toBeGreaterThan(0)
      // The document keeps its id: a viewer open on it, and citations, still point at it.
      expect(lib.store.documentByPath(a)!.id).toBe(idA)
      expect(newA.filter((id) => oldA.includes(id))).toEqual([])
      expect(chunkIdsOf(lib, b)).toEqual(oldB)
      expect(lib.vectors!.ids().sort((x, y) => x - y)).toEqual(
        lib.store.indexedChunkIds().sort((x, y) => x - y),
      )
      expect(lib.outdatedPaths()).toEqual([b])
      expect(lib.db.prepare('SELECT index_version FROM documents WHERE path = ?').pluck().get(a)).toBe(
        INDEX_VERSION,
      )
      expect((await lib.search('zeolite catalysts', { k: 1 })).results[0]?.file).toBe(a)

      // Up to date now: the unchanged file is skipped as before.
      expect((await lib.ingest([a])).documents[0]?.status).toBe('skipped')

      // A file gone from where it was imported cannot be read again: its older index stays.
      fs.renameSync(b, `${b}.moved`)
      const gone = await lib.ingest([b])
      expect(gone.documents[0]).toMatchObject({
        status: 'failed',
        errorCode: 'FILE_NOT_FOUND',
        reindex: true,
      })
      expect(lib.store.documentByPath(b)).toMatchObject({ status: 'indexed', outdated: true })
      expect(chunkIdsOf(lib, b)).toEqual(oldB)
    } finally {
      await lib.close()
    }
  })

  it('a re-index that fails keeps the older index; a later one reads the scan again', async () => {
    const docs = tempDir()
    const [scan] = await pageImages({
      pages: [{ lines: [{ text: 'The Harbour Street depot lease was signed in March.' }] }],
    })
    const file = path.join(docs, 'lease.pdf')
    fs.writeFileSync(file, await makeScanPdf([{ image: scan! }]))
    const dir = tempDir()
    let lib = await Library.open(dir)
    expect((await lib.ingest([file])).documents[0]).toMatchObject({ status: 'indexed', ocrPages: 1 })
    await lib.close()

    await asLibraryBeforeIndexVersions(dir)
    lib = await Library.open(dir)
    try {
      const before = chunkIdsOf(lib, file)
      expect(lib.documents()[0]).toMatchObject({ outdated: true, ocrPages: 1 })

      // With OCR off a scan cannot be read: the failure is reported and the older index stays.
      const failed = await lib.ingest([file], { ocr: false })
      expect(failed.documents[0]).toMatchObject({
        status: 'failed',
        errorCode: 'PDF_NO_TEXT',
        reindex: true,
      })
      expect(lib.documents()[0]).toMatchObject({ status: 'indexed', outdated: true, ocrPages: 1 })
      expect(chunkIdsOf(lib, file)).toEqual(before)
      expect((await lib.search('Harbour Street depot lease', { k: 1 })).results[0]?.file).toBe(file)

      // With OCR on, the scanned page is recognised again (there is nothing else to read it from).
      const progress: IngestProgress[] = []
      const again = await lib.ingest([file], { onProgress: (p) => progress.push(p) })
      expect(again.documents[0]).toMatchObject({ status: 'indexed', ocrPages: 1 })
      expect(progress.some((p) => p.stage === 'recognizing')).toBe(true)
      expect(lib.documents()[0]).toMatchObject({ status: 'indexed', outdated: false })
    } finally {
      await lib.close()
    }
  })
})

describe('a document imported again', () => {
  it('keeps its id and date added when its file changed, and when the new version fails', async () => {
    const docs = tempDir()
    const a = await writePdf(docs, 'a.pdf', 'zeolite catalysts')
    const lib = await Library.open(tempDir(), { modelDir: TEST_MODEL_DIR })
    try {
      await lib.ingest([a])
      const before = lib.store.documentByPath(a)!
      const added = lib.db.prepare('SELECT created_at FROM documents WHERE id = ?').pluck().get(before.id)
      // Another document after it, so a new row would get a different id than the first one's.
      await lib.ingest([await writePdf(docs, 'b.pdf', 'tidal turbines')])

      fs.writeFileSync(a, await makeTextPdf(sampleTextSpec('basalt columns', 3)))
      const changed = await lib.ingest([a])
      expect(changed.documents[0]).toMatchObject({ status: 'indexed' })
      const after = lib.store.documentByPath(a)!
      // Before: a new id, and a viewer open on the document showed nothing.
      expect(after.id).toBe(before.id)
      expect(after.sha256).not.toBe(before.sha256)
      expect(lib.db.prepare('SELECT created_at FROM documents WHERE id = ?').pluck().get(after.id)).toBe(
        added,
      )
      expect(lib.page(before.id, 1)?.text).toMatch(/basalt columns/)
      expect((await lib.search('basalt columns', { k: 1 })).results[0]).toMatchObject({
        file: a,
        documentId: before.id,
      })

      fs.writeFileSync(a, 'not a PDF any more')
      const broken = await lib.ingest([a])
      expect(broken.documents[0]).toMatchObject({ status: 'failed' })
      expect(lib.store.documentByPath(a)).toMatchObject({ id: before.id, status: 'failed' })
    } finally {
      await lib.close()
    }
  })
})
