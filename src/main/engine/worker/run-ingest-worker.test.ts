import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { IngestProgress } from '@shared/library-types.js'
import { makeTextPdf, sampleTextSpec } from '@tests/fixtures/pdf-factory.js'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import { TEST_MODEL_DIR } from '@tests/test-model.js'
import { Library } from '../library.js'
import type { CommittedVectors } from '../ingest/ingest-files.js'
import { acquireImportLock, IMPORT_LOCK_FILE } from '../ingest/import-lock.js'
import { runIngestWorker } from './run-ingest-worker.js'

const tempDir = useTempDirs()

async function docsFolder(n: number, pages = 3): Promise<string> {
  const dir = tempDir()
  for (let i = 0; i < n; i++)
    fs.writeFileSync(path.join(dir, `d${i}.pdf`), await makeTextPdf(sampleTextSpec(`subject ${i}`, pages)))
  return dir
}

describe('ingest worker', () => {
  it('imports off-thread, reports staged progress and hands over vectors without a copy through JSON', async () => {
    const docs = await docsFolder(2)
    const libDir = tempDir()
    const progress: IngestProgress[] = []
    const committed: CommittedVectors[] = []
    const report = await runIngestWorker(
      { libraryDir: libDir, modelDir: TEST_MODEL_DIR, paths: [docs] },
      { onProgress: (p) => progress.push(p), onCommitted: (c) => committed.push(c) },
    )
    expect(report.documents.map((d) => d.status)).toEqual(['indexed', 'indexed'])
    const stages = new Set(progress.map((p) => p.stage))
    for (const s of ['queued', 'reading', 'extracting', 'embedding', 'indexing', 'done'])
      expect(stages).toContain(s)
    for (const p of progress) {
      expect(p.done).toBeLessThanOrEqual(p.total)
      expect(p.filesTotal).toBe(2)
    }
    expect(committed).toHaveLength(2)
    for (const c of committed) {
      expect(c.vectors).toHaveLength(c.chunkIds.length)
      expect(c.vectors[0]).toBeInstanceOf(Float32Array)
    }
    // A library opened in this thread sees everything the worker committed.
    const lib = await Library.open(libDir, { modelDir: TEST_MODEL_DIR })
    expect(lib.documents()).toHaveLength(2)
    expect(lib.vectors!.size).toBe(committed.reduce((n, c) => n + c.chunkIds.length, 0))
    await lib.close()
  })

  it('resolves only after the library is closed and the import lock released', async () => {
    const docs = await docsFolder(3)
    const libDir = tempDir()
    await runIngestWorker({ libraryDir: libDir, modelDir: TEST_MODEL_DIR, paths: [docs] })
    // Closed: the last connection checkpointed and removed the WAL; released: no holder file, and
    // the next import takes the lock at once (it never waits for it).
    const left = fs.readdirSync(libDir)
    expect(left).not.toContain('library.sqlite-wal')
    expect(left).not.toContain(`${IMPORT_LOCK_FILE}.holder`)
    acquireImportLock(libDir).release()
  })

  it('stops when cancelled, keeping the documents already committed', async () => {
    const docs = await docsFolder(8, 6)
    const libDir = tempDir()
    const controller = new AbortController()
    const report = await runIngestWorker(
      { libraryDir: libDir, modelDir: null, paths: [docs] },
      {
        signal: controller.signal,
        onProgress: (p) => {
          if (p.stage === 'done' && p.filesDone >= 1) controller.abort()
        },
      },
    )
    expect(report.cancelled).toBe(true)
    expect(report.documents.length).toBeLessThan(8)
    const lib = await Library.open(libDir)
    expect(lib.documents().length).toBe(report.documents.filter((d) => d.status === 'indexed').length)
    await lib.close()
  })

  it('reports an unusable library folder as an error, not a crash', async () => {
    const file = path.join(tempDir(), 'not-a-dir')
    fs.writeFileSync(file, 'x')
    await expect(runIngestWorker({ libraryDir: file, modelDir: null, paths: [] })).rejects.toMatchObject({
      message: expect.stringMatching(/\S/),
    })
  })
})

describe('ingest worker memory', () => {
  it('a thread that runs out of its heap fails the batch as WORKER_CRASHED, and the library stays usable', async () => {
    const docs = await docsFolder(1)
    const libDir = tempDir()
    const job = { libraryDir: libDir, modelDir: TEST_MODEL_DIR, paths: [docs] }
    // Far below what loading the import's code needs: the thread runs out of memory at once.
    const crash = await runIngestWorker(job, { memoryMb: 8 }).then(
      () => null,
      (err: unknown) => err,
    )
    expect(crash).toMatchObject({
      code: 'WORKER_CRASHED',
      message: expect.stringMatching(/ran out of memory .*8 MB/),
    })
    const report = await runIngestWorker(job)
    expect(report.documents.map((d) => d.status)).toEqual(['indexed'])
  })
})
