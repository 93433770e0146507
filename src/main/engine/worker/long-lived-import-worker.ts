import { Worker } from 'node:worker_threads'
import { QuireError } from '@shared/errors.js'
import type { IngestReport } from '@shared/library-types.js'
import {
  DEFAULT_WORKER,
  followBatch,
  INGEST_THREAD_MEMORY_MB,
  type RunIngestOptions,
} from './run-ingest-worker.js'
import type { IngestJob, ParentToWorker, ServeImportsData } from './worker-protocol.js'

/** Where the thread's scripts are (the bundled build's) and its heap limit: RunIngestOptions'. */
export type LongLivedWorkerOptions = Pick<RunIngestOptions, 'workerUrl' | 'parseWorkerUrl' | 'memoryMb'>

/** How one batch is followed: RunIngestOptions without the thread's settings. */
export type BatchFollow = Omit<RunIngestOptions, keyof LongLivedWorkerOptions>

/**
 * One import thread that takes batch after batch (a watched folder's changes, docs/watched-folders.md):
 * a thread is started at the first batch and serves the next ones, instead of one thread a batch,
 * whose start (loading the import's code; from the TypeScript sources, compiling it) each saved
 * file would pay again. Batches run one at a time, in the order given.
 *
 * Between batches the thread holds nothing of the library: each batch opens it and takes the
 * import lock, and closes and releases both before it reports (ingest-worker.ts). close() cancels
 * the batch running and resolves once the thread has ended; a thread that crashed is replaced at
 * the next batch.
 */
export class LongLivedImportWorker {
  private worker: Worker | null = null
  private queue: Promise<unknown> = Promise.resolve()
  private closed = false
  private started = 0

  constructor(private readonly opts: LongLivedWorkerOptions = {}) {}

  /** How many threads were started (one, unless one crashed): what a batch costs to begin. */
  get threadsStarted(): number {
    return this.started
  }

  /**
   * Imports the batch once the batches given before it are done (the thread's scripts are this
   * worker's, whatever the batch names).
   */
  run(batch: Omit<IngestJob, 'workerUrl'> & BatchFollow): Promise<IngestReport> {
    const { signal, onProgress, onCommitted, ...job } = batch
    const follow: BatchFollow = {
      ...(signal ? { signal } : {}),
      ...(onProgress ? { onProgress } : {}),
      ...(onCommitted ? { onCommitted } : {}),
    }
    const turn = this.queue.then(() => this.runNow(job, follow))
    this.queue = turn.catch(() => {})
    return turn
  }

  /** Cancels the batch running, refuses the ones waiting, and resolves once the thread has ended. */
  async close(): Promise<void> {
    this.closed = true
    const worker = this.worker
    if (!worker) return void (await this.queue)
    const ended = new Promise((resolve) => worker.once('exit', resolve))
    worker.postMessage({ type: 'end' } satisfies ParentToWorker)
    await this.queue
    await ended
  }

  private runNow(job: IngestJob, follow: BatchFollow): Promise<IngestReport> {
    if (this.closed)
      return Promise.reject(
        new QuireError('CANCELLED', 'The library was closed before this import could start.'),
      )
    const worker = this.worker ?? this.start()
    const script = this.opts.workerUrl ?? DEFAULT_WORKER
    const batch: IngestJob = {
      ...job,
      workerUrl: script instanceof URL ? script.href : script,
      ...(this.opts.parseWorkerUrl ? { parseWorkerUrl: this.opts.parseWorkerUrl } : {}),
    }
    const report = followBatch(worker, { ...follow, memoryMb: this.opts.memoryMb })
    // Lent ports move to the import's thread; they close when the batch ends.
    worker.postMessage({ type: 'batch', job: batch } satisfies ParentToWorker, job.parsePorts ?? [])
    return report
  }

  private start(): Worker {
    const worker = new Worker(this.opts.workerUrl ?? DEFAULT_WORKER, {
      workerData: { serveImports: true } satisfies ServeImportsData,
      resourceLimits: { maxOldGenerationSizeMb: this.opts.memoryMb ?? INGEST_THREAD_MEMORY_MB },
    })
    this.started++
    this.worker = worker
    // A batch running hears of a crash itself (followBatch); between batches it is only noted, and
    // the next batch starts a new thread.
    worker.on('error', () => {})
    worker.once('exit', () => {
      if (this.worker === worker) this.worker = null
    })
    return worker
  }
}
