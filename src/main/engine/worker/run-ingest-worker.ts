import { Worker } from 'node:worker_threads'
import { QuireError } from '@shared/errors.js'
import type { IngestProgress, IngestReport } from '@shared/library-types.js'
import type { CommittedVectors } from '../ingest/ingest-files.js'
import type { IngestJob, ParentToWorker, WorkerToParent } from './worker-protocol.js'

export interface RunIngestOptions {
  signal?: AbortSignal
  onProgress?: (p: IngestProgress) => void
  onCommitted?: (c: CommittedVectors) => void
  /** Worker script; defaults to the source entry next to this file. */
  workerUrl?: URL | string
  /** The bundled PDF extraction worker (desktop build); the source entry otherwise. */
  parseWorkerUrl?: string
  /** The import thread's heap limit in MB (default INGEST_THREAD_MEMORY_MB). */
  memoryMb?: number
}

/**
 * Heap the import thread may use (V8's old generation), in MB. It holds the embedding model's
 * code and tokenizer, the batches being embedded and each parsed document until its passages are
 * stored (the model's weights, SQLite and the vector index live outside the heap). Importing six
 * manuals of 25 to 196 pages (1,500 passages) with MiniLM from the TypeScript sources grew the
 * heap to about 190 MB when unbounded, and ran through under a 110 MB limit. The limit is that of
 * an extraction thread (PARSE_THREAD_MEMORY_MB): a document one of them could extract is one this
 * thread can take in. Past it the thread is stopped and its batch fails with WORKER_CRASHED,
 * instead of the thread growing until the system runs out of memory.
 */
export const INGEST_THREAD_MEMORY_MB = 1024

export const DEFAULT_WORKER = new URL('./ingest-worker-entry.js', import.meta.url)

/**
 * Runs an import batch in a worker thread. A crash of the worker rejects with a clear error and
 * cannot corrupt the library (every document commits in its own transaction).
 */
export function runIngestWorker(job: IngestJob, opts: RunIngestOptions = {}): Promise<IngestReport> {
  const script = opts.workerUrl ?? DEFAULT_WORKER
  const data: IngestJob = { ...job, workerUrl: script instanceof URL ? script.href : script }
  const worker = new Worker(script, {
    workerData: opts.parseWorkerUrl ? { ...data, parseWorkerUrl: opts.parseWorkerUrl } : data,
    // Lent ports move to the import's thread; they close when it ends.
    transferList: job.parsePorts ?? [],
    resourceLimits: { maxOldGenerationSizeMb: opts.memoryMb ?? INGEST_THREAD_MEMORY_MB },
  })
  // The batch is followed until it settles; what the thread says after that changes nothing.
  worker.on('error', () => {})
  return followBatch(worker, opts)
}

/**
 * Follows the batch `worker` runs now until its report, its error or the thread's end, passing
 * on its progress and commits and cancelling it on `opts.signal`. The listeners go when it settles:
 * a worker that lives on (LongLivedImportWorker) is followed again for its next batch.
 */
export function followBatch(worker: Worker, opts: RunIngestOptions = {}): Promise<IngestReport> {
  return new Promise((resolve, reject) => {
    let settled = false
    const onAbort = () => worker.postMessage({ type: 'cancel' } satisfies ParentToWorker)
    const onMessage = (m: WorkerToParent) => {
      if (m.type === 'progress') opts.onProgress?.(m.progress)
      else if (m.type === 'committed') opts.onCommitted?.(m.committed)
      else if (m.type === 'done') settle(() => resolve(m.report))
      else if (m.type === 'error') settle(() => reject(new QuireError(m.code, m.message)))
    }
    const onError = (err: Error & { code?: string }) =>
      settle(() => reject(new QuireError('WORKER_CRASHED', crashMessage(err, opts.memoryMb))))
    const onExit = (code: number) =>
      settle(() =>
        reject(
          new QuireError(
            'WORKER_CRASHED',
            `The import worker exited (code ${code}) before finishing the batch.`,
          ),
        ),
      )
    const settle = (fn: () => void) => {
      if (settled) return
      settled = true
      opts.signal?.removeEventListener('abort', onAbort)
      worker.off('message', onMessage).off('error', onError).off('exit', onExit)
      fn()
    }
    if (opts.signal?.aborted) onAbort()
    opts.signal?.addEventListener('abort', onAbort, { once: true })
    worker.on('message', onMessage).on('error', onError).on('exit', onExit)
  })
}

/** Why the import thread ended, in words: running out of its memory says so, with the limit. */
function crashMessage(err: Error & { code?: string }, memoryMb = INGEST_THREAD_MEMORY_MB): string {
  if (err.code !== 'ERR_WORKER_OUT_OF_MEMORY') return `The import worker stopped unexpectedly: ${err.message}`
  return `The import ran out of memory (its limit is ${memoryMb} MB) and stopped; the documents already indexed stay in the library. Import the rest in smaller batches.`
}
