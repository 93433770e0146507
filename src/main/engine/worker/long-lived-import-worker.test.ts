// The import thread of a watched folder's changes: batch after batch in one thread, nothing of the
// library held between them, and an end that cancels what runs. Real worker threads, real SQLite.
import fs from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { makeTextPdf, onePagePdf, sampleTextSpec } from '@tests/fixtures/pdf-factory.js'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import { acquireImportLock, IMPORT_LOCK_FILE } from '../ingest/import-lock.js'
import { Library } from '../library.js'
import { LongLivedImportWorker } from './long-lived-import-worker.js'

const tempDir = useTempDirs()
const workers: LongLivedImportWorker[] = []
afterEach(async () => {
  for (const w of workers.splice(0)) await w.close()
})

function longLived(opts: ConstructorParameters<typeof LongLivedImportWorker>[0] = {}): LongLivedImportWorker {
  const w = new LongLivedImportWorker(opts)
  workers.push(w)
  return w
}

/** The library folder holds no open connection (no WAL) and its import lock is free. */
function expectLetGo(libDir: string): void {
  const left = fs.readdirSync(libDir)
  expect(left).not.toContain('library.sqlite-wal')
  expect(left).not.toContain(`${IMPORT_LOCK_FILE}.holder`)
  acquireImportLock(libDir).release()
}

describe('LongLivedImportWorker', () => {
  it('imports batch after batch in one thread, letting the library go between them', async () => {
    const docs = tempDir()
    const libDir = tempDir()
    const worker = longLived()
    const first = path.join(docs, 'basalt.pdf')
    fs.writeFileSync(first, await onePagePdf('basalt'))
    const one = await worker.run({ libraryDir: libDir, modelDir: null, paths: [first], parseWorkers: 0 })
    expect(one.documents.map((d) => d.status)).toEqual(['indexed'])
    expectLetGo(libDir)

    const second = path.join(docs, 'granite.pdf')
    fs.writeFileSync(second, await onePagePdf('granite'))
    const third = path.join(docs, 'slate.pdf')
    fs.writeFileSync(third, await onePagePdf('slate'))
    // Given together, run one after the other.
    const [two, three] = await Promise.all([
      worker.run({ libraryDir: libDir, modelDir: null, paths: [second], parseWorkers: 0 }),
      worker.run({ libraryDir: libDir, modelDir: null, paths: [third], parseWorkers: 0 }),
    ])
    expect([two.documents[0]?.status, three.documents[0]?.status]).toEqual(['indexed', 'indexed'])
    expect(worker.threadsStarted).toBe(1)
    expectLetGo(libDir)

    const lib = await Library.open(libDir)
    expect(
      lib
        .documents()
        .map((d) => path.basename(d.path))
        .sort(),
    ).toEqual(['basalt.pdf', 'granite.pdf', 'slate.pdf'])
    await lib.close()
  })

  it('close cancels the batch running, keeps what it committed, ends the thread and refuses later batches', async () => {
    const docs = tempDir()
    const libDir = tempDir()
    for (let i = 0; i < 8; i++)
      fs.writeFileSync(path.join(docs, `d${i}.pdf`), await makeTextPdf(sampleTextSpec(`subject ${i}`, 6)))
    const worker = longLived()
    let closing: Promise<void> | null = null
    const report = await worker.run({
      libraryDir: libDir,
      modelDir: null,
      paths: [docs],
      parseWorkers: 0,
      onProgress: (p) => {
        if (p.stage === 'done' && p.filesDone >= 1) closing ??= worker.close()
      },
    })
    await closing
    expect(report.cancelled).toBe(true)
    expect(report.documents.length).toBeLessThan(8)
    expectLetGo(libDir)
    const lib = await Library.open(libDir)
    expect(lib.documents().length).toBe(report.documents.filter((d) => d.status === 'indexed').length)
    await lib.close()
    await expect(
      worker.run({ libraryDir: libDir, modelDir: null, paths: [docs], parseWorkers: 0 }),
    ).rejects.toMatchObject({ code: 'CANCELLED' })
    expect(worker.threadsStarted).toBe(1)
  })

  it('a thread that crashed fails its batch as WORKER_CRASHED and the next batch starts another', async () => {
    const docs = tempDir()
    const file = path.join(docs, 'basalt.pdf')
    fs.writeFileSync(file, await onePagePdf('basalt'))
    // Far below what loading the import's code needs: each thread runs out of memory at once.
    const worker = longLived({ memoryMb: 8 })
    const job = { libraryDir: tempDir(), modelDir: null, paths: [file], parseWorkers: 0 }
    await expect(worker.run(job)).rejects.toMatchObject({ code: 'WORKER_CRASHED' })
    await expect(worker.run(job)).rejects.toMatchObject({ code: 'WORKER_CRASHED' })
    expect(worker.threadsStarted).toBe(2)
  })
})
