import { Worker } from 'node:worker_threads'
import { QuireError } from '@shared/errors.js'
import type { IngestProgress, IngestReport } from '@shared/library-types.js'
import type { CommittedVectors } from '../ingest/ingest-files.js'
import type { IngestJob, WorkerToParent } from './worker-protocol.js'

export interface RunIngestOptions {
  signal?: AbortSignal
  onProgress?: (p: IngestProgress) => void
  onCommitted?: (c: CommittedVectors) => void
  /** Worker script; defaults to the source entry next to this file. */
  workerUrl?: URL | string
  /** The bundled PDF extraction worker (desktop build); the source entry otherwise. */
  parseWorkerUrl?: string
}

const DEFAULT_WORKER = new URL('./ingest-worker-entry.js', import.meta.url)

/**
 * Runs an import batch in a worker thread. A crash of the worker rejects with a clear error and
 * cannot corrupt the library (every document commits in its own transaction).
 */
export function runIngestWorker(job: IngestJob, opts: RunIngestOptions = {}): Promise<IngestReport> {
  return new Promise((resolve, reject) => {
    const script = opts.workerUrl ?? DEFAULT_WORKER
    const data: IngestJob = { ...job, workerUrl: script instanceof URL ? script.href : script }
    const worker = new Worker(script, {
      workerData: opts.parseWorkerUrl ? { ...data, parseWorkerUrl: opts.parseWorkerUrl } : data,
      // Lent ports move to the import's thread; they close when it ends.
      transferList: job.parsePorts ?? [],
    })
    let settled = false
    const onAbort = () => worker.postMessage({ type: 'cancel' })
    if (opts.signal?.aborted) onAbort()
    opts.signal?.addEventListener('abort', onAbort, { once: true })
    const settle = (fn: () => void) => {
      if (settled) return
      settled = true
      opts.signal?.removeEventListener('abort', onAbort)
      fn()
    }
    worker.on('message', (m: WorkerToParent) => {
      if (m.type === 'progress') opts.onProgress?.(m.progress)
      else if (m.type === 'committed') opts.onCommitted?.(m.committed)
      else if (m.type === 'done') settle(() => resolve(m.report))
      else if (m.type === 'error') settle(() => reject(new QuireError(m.code, m.message)))
    })
    worker.on('error', (err) =>
      settle(() =>
        reject(new QuireError('WORKER_CRASHED', `The import worker stopped unexpectedly: ${err.message}`)),
      ),
    )
    worker.on('exit', (code) =>
      settle(() =>
        reject(
          new QuireError(
            'WORKER_CRASHED',
            `The import worker exited (code ${code}) before finishing the batch.`,
          ),
        ),
      ),
    )
  })
}
