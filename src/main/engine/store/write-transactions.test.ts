import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import { LibraryStore } from './library-store.js'
import { openDatabase } from './open-database.js'

const tempDir = useTempDirs()

const doc = (title: string) => ({
  path: `/docs/${title}.pdf`,
  title,
  sha256: title,
  size: 1,
  pages: [{ pageNo: 1, width: 612, height: 792, text: '', lines: [], items: [] }],
  chunks: [{ ord: 0, heading: null, text: `The ${title} passage.`, pageStart: 1, pageEnd: 1, spans: [] }],
})

/**
 * Another connection (another process's Library, here another thread) takes the write lock, writes,
 * waits `holdMs` and commits. Resolves once it holds the lock.
 */
function holdWriteLock(file: string, holdMs: number): { holding: Promise<void>; done: Promise<void> } {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads')
     const Database = require(workerData.module)
     const db = new Database(workerData.file)
     db.pragma('busy_timeout = 5000')
     db.exec('BEGIN IMMEDIATE')
     db.prepare("UPDATE documents SET title = 'renamed' WHERE path = '/docs/old.pdf'").run()
     parentPort.postMessage('holding')
     Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, workerData.holdMs)
     db.exec('COMMIT')
     db.close()`,
    { eval: true, workerData: { file, holdMs, module: require.resolve('better-sqlite3') } },
  )
  const holding = new Promise<void>((resolve) => worker.once('message', () => resolve()))
  const done = new Promise<void>((resolve, reject) => {
    worker.once('error', reject)
    worker.once('exit', () => resolve())
  })
  return { holding, done }
}

describe('write transactions beside another writer', () => {
  it('waits for another connection’s write and then replaces a document, instead of failing "database is locked"', async () => {
    const file = path.join(tempDir(), 'lib.sqlite')
    const db = openDatabase(file)
    const store = new LibraryStore(db)
    store.putDocument(doc('old'))
    store.putDocument(doc('new'))
    const other = holdWriteLock(file, 300)
    await other.holding
    // Reads the document it replaces, then writes: a transaction that read before the other
    // connection committed could not write after it (SQLITE_BUSY_SNAPSHOT, at once).
    expect(() => store.putDocument(doc('new'))).not.toThrow()
    expect(() =>
      store.putFailure(
        { path: '/docs/bad.pdf', title: 'bad', sha256: 'b', size: 1, format: 'pdf' },
        'PDF_INVALID',
        'x',
      ),
    ).not.toThrow()
    await other.done
    expect(store.documentByPath('/docs/old.pdf')?.title).toBe('renamed')
    db.close()
  })
})
