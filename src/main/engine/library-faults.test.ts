// Integrity under faults (issue 9 items 6 and 7): one import at a time, a removal during an
// import, and a full disk. Real files, a real tmpfs for the full disk where the test can mount one.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { IngestProgress } from '@shared/library-types.js'
import { makeTextPdf, sampleTextSpec } from '@tests/fixtures/pdf-factory.js'
import { CAN_MOUNT_TMPFS, fillDisk, smallTmpfs } from '@tests/helpers/small-tmpfs.js'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import { TEST_MODEL_DIR } from '@tests/test-model.js'
import { acquireImportLock } from './ingest/import-lock.js'
import { Library } from './library.js'
import { VectorIndex, readManifest } from './vectors/vector-index.js'
import { verifyHnswFile } from './vectors/verify-hnsw-file.js'
import { runIngestWorker } from './worker/run-ingest-worker.js'

const tempDir = useTempDirs()
const WORKER_URL = new URL('./worker/ingest-worker-entry.js', import.meta.url)

async function writePdfs(dir: string, n: number, pages = 3, prefix = 'doc'): Promise<string[]> {
  const files: string[] = []
  for (let i = 0; i < n; i++) {
    const file = path.join(dir, `${prefix}-${i}.pdf`)
    fs.writeFileSync(file, await makeTextPdf(sampleTextSpec(`${prefix} subject ${i} quartz`, pages)))
    files.push(file)
  }
  return files
}

/** The vector file as a fresh process sees it, without Library's reconciliation repairing it. */
async function vectorIdsOnDisk(libDir: string, dim: number, model: string): Promise<number[]> {
  return (await VectorIndex.open(libDir, model, dim)).ids().sort((a, b) => a - b)
}

describe('one import at a time', () => {
  it('a second import of the same library waits its turn, saying so, then imports once the first ends', async () => {
    const docs = tempDir()
    const libDir = tempDir()
    const files = await writePdfs(docs, 2)
    const first = acquireImportLock(libDir)
    const job = { libraryDir: libDir, modelDir: null, paths: files, parseWorkers: 0 }
    const said: IngestProgress[] = []
    // Before the fix this rejected at once with IMPORT_RUNNING.
    const queued = runIngestWorker(job, { workerUrl: WORKER_URL, onProgress: (p) => said.push(p) })
    while (!said.some((p) => p.stage === 'waiting')) await new Promise((r) => setTimeout(r, 20))
    expect(said.find((p) => p.stage === 'waiting')).toMatchObject({
      file: '',
      filesTotal: 2,
      message: expect.stringContaining(`process ${process.pid}`),
    })
    // Still waiting while the lock is held: nothing of the batch has been read.
    await new Promise((r) => setTimeout(r, 600))
    expect(said.filter((p) => p.stage !== 'waiting')).toEqual([])
    first.release()
    const report = await queued
    expect(report.documents.map((d) => d.status)).toEqual(['indexed', 'indexed'])
  })

  it('Library.ingest waits for the running import as well, and a cancel ends the wait', async () => {
    const docs = tempDir()
    const libDir = tempDir()
    const files = await writePdfs(docs, 2)
    const first = acquireImportLock(libDir)
    const lib = await Library.open(libDir)
    try {
      const controller = new AbortController()
      const cancelled = lib.ingest(files, {
        signal: controller.signal,
        onProgress: (p) => p.stage === 'waiting' && controller.abort(),
      })
      await expect(cancelled).rejects.toMatchObject({ code: 'CANCELLED' })
      expect(lib.documents()).toHaveLength(0)
      let waited = false
      const queued = lib.ingest(files, { onProgress: (p) => (waited ||= p.stage === 'waiting') })
      while (!waited) await new Promise((r) => setTimeout(r, 20))
      first.release()
      const report = await queued
      expect(report.documents.map((d) => d.status)).toEqual(['indexed', 'indexed'])
    } finally {
      first.release()
      await lib.close()
    }
  })

  it('a document removed by another process during an import stays removed, and the import keeps all of its own', async () => {
    const docs = tempDir()
    const libDir = tempDir()
    const [old] = await writePdfs(docs, 1, 3, 'old')
    const files = await writePdfs(docs, 6, 3, 'new')
    const setup = await Library.open(libDir, { modelDir: TEST_MODEL_DIR })
    await setup.ingest([old!])
    const { modelId, dim } = setup.embedder!
    await setup.close()

    // Another process (here: another Library on the folder) removes `old` after the import's first commit.
    let removal: Promise<void> | null = null
    const report = await runIngestWorker(
      { libraryDir: libDir, modelDir: TEST_MODEL_DIR, paths: files, parseWorkers: 0 },
      {
        workerUrl: WORKER_URL,
        onCommitted: () => {
          removal ??= (async () => {
            const other = await Library.open(libDir, { modelDir: TEST_MODEL_DIR })
            expect(other.remove(old!)).toBe(true)
            await other.close()
          })()
        },
      },
    )
    await removal
    expect(report.documents.every((d) => d.status === 'indexed')).toBe(true)
    const check = await Library.open(libDir, { readOnly: true })
    const live = check.store.indexedChunkIds().sort((a, b) => a - b)
    expect(
      check
        .documents()
        .map((d) => path.basename(d.path))
        .sort(),
    ).toEqual(files.map((f) => path.basename(f)).sort())
    await check.close()
    // Before the fix the import's last save wrote its own copy back: the removed document's vectors returned.
    expect(await vectorIdsOnDisk(libDir, dim, modelId)).toEqual(live)
  })
})

describe.skipIf(!CAN_MOUNT_TMPFS)('full disk (a small tmpfs)', () => {
  it('a vector index that does not fit fails with DISK_FULL, keeps the old file and leaves no temp file', async () => {
    const disk = smallTmpfs(256 * 1024)!
    try {
      const dim = 8
      const vec = (i: number) => Float32Array.from({ length: dim }, (_, j) => Math.sin(i * 7 + j))
      const vi = await VectorIndex.open(disk.dir, 'm', dim)
      vi.add([1, 2, 3], [vec(1), vec(2), vec(3)])
      vi.save()
      const ids = Array.from({ length: 4000 }, (_, i) => 10 + i)
      vi.add(
        ids,
        ids.map((i) => vec(i)),
      )
      expect(() => vi.save()).toThrow(expect.objectContaining({ code: 'DISK_FULL' }))
      expect(fs.readdirSync(disk.dir).filter((f) => f.endsWith('.tmp'))).toEqual([])
      expect(verifyHnswFile(path.join(disk.dir, 'vectors.hnsw'), 3)).toBeNull()
      expect(readManifest(disk.dir)?.count).toBe(3)
      expect((await VectorIndex.open(disk.dir, 'm', dim)).size).toBe(3)
    } finally {
      disk.dispose()
    }
  })

  it('an import onto a full disk reports DISK_FULL per document, returns its report and loses nothing already imported', async () => {
    const disk = smallTmpfs(8 * 1024 * 1024)!
    try {
      const docs = tempDir()
      const libDir = path.join(disk.dir, 'library')
      const [first] = await writePdfs(docs, 1, 2, 'first')
      const big = await writePdfs(docs, 4, 40, 'big')
      const lib = await Library.open(libDir, { modelDir: TEST_MODEL_DIR })
      await lib.ingest([first!])
      const before = (await lib.search('first subject quartz')).results.length
      expect(before).toBeGreaterThan(0)
      fillDisk(disk.dir, 48 * 1024)
      // Before the fix SQLITE_FULL escaped while recording the failure: the batch threw, no report.
      const report = await lib.ingest(big)
      expect(report.documents).toHaveLength(big.length)
      const full = report.documents.filter((d) => d.errorCode === 'DISK_FULL')
      expect(full.length).toBeGreaterThan(0)
      expect(full[0]!.error).toMatch(/disk is full/i)
      for (const d of report.documents) expect(['indexed', 'failed']).toContain(d.status)
      expect(fs.readdirSync(libDir).filter((f) => f.endsWith('.tmp'))).toEqual([])
      fs.rmSync(path.join(disk.dir, 'filler.bin'))
      expect((await lib.search('first subject quartz')).results.length).toBe(before)
      await lib.close()
      const reopened = await Library.open(libDir, { modelDir: TEST_MODEL_DIR })
      expect(reopened.documents().find((d) => d.path === first)?.status).toBe('indexed')
      expect(reopened.db.pragma('quick_check', { simple: true })).toBe('ok')
      await reopened.close()
    } finally {
      disk.dispose()
    }
  })
})
