import { randomUUID } from 'node:crypto'
import path from 'node:path'
import PQueue from 'p-queue'
import { errorCodeOf, errorMessageOf } from '@shared/errors.js'
import { estimateEtaSeconds } from '@shared/ingest-progress.js'
import type { IngestFileReport, IngestProgress, IngestReport } from '@shared/library-types.js'
import type { LibraryService } from './app-services.js'
import type { EventBus } from './event-bus.js'
import { discardUnusedCopies } from './upload-copies.js'

interface Job {
  id: string
  paths: string[]
  controller: AbortController
  /** Upload copies this job imports: deleted afterwards unless a document uses them. */
  copies: string[]
  /** Files refused before the import (browser uploads), reported with the batch. */
  rejected: IngestFileReport[]
  /** Add files whose text the library already holds (docs/duplicates.md). */
  keepDuplicateText: boolean
  /** The collection the documents go into (imported while it is open). */
  collectionId?: number
}

export interface EnqueueOptions {
  copies?: string[]
  rejected?: IngestFileReport[]
  keepDuplicateText?: boolean
  /** Put the documents into this collection too. */
  collectionId?: number
}

/** Progress events at most this often per job (the worker reports per chunk batch). */
const PROGRESS_INTERVAL_MS = 100

function failedReport(paths: string[], code: string, message: string, cancelled: boolean): IngestReport {
  return {
    documents: paths.map((file) => ({
      file,
      status: 'failed',
      pages: 0,
      chunks: 0,
      error: message,
      errorCode: code,
    })),
    elapsedMs: 0,
    cancelled,
  }
}

/**
 * Imports, one batch at a time in arrival order. Each batch gets a job id at once; progress (with
 * an ETA), the final report and library changes arrive as events.
 */
export class ImportQueue {
  private readonly waiting: Job[] = []
  private running: Job | null = null
  /** One batch at a time, in arrival order; onIdle() tells when all are done. */
  private readonly queue = new PQueue({ concurrency: 1 })

  constructor(
    private readonly library: LibraryService,
    private readonly events: EventBus,
    private readonly now: () => number = Date.now,
  ) {}

  enqueue(paths: string[], opts: EnqueueOptions = {}): string {
    const job: Job = {
      id: randomUUID(),
      paths,
      controller: new AbortController(),
      copies: opts.copies ?? [],
      rejected: opts.rejected ?? [],
      keepDuplicateText: opts.keepDuplicateText ?? false,
      ...(opts.collectionId !== undefined ? { collectionId: opts.collectionId } : {}),
    }
    this.waiting.push(job)
    this.emitProgress(
      job.id,
      {
        stage: 'queued',
        file: '',
        done: 0,
        total: 0,
        filesDone: 0,
        filesTotal: paths.length + job.rejected.length,
      },
      null,
    )
    void this.queue.add(() => this.run(job))
    return job.id
  }

  /** Cancels a queued or running job; unknown or finished ids are ignored (the job may just have ended). */
  cancel(jobId: string): void {
    const i = this.waiting.findIndex((j) => j.id === jobId)
    if (i >= 0) {
      const job = this.waiting.splice(i, 1)[0]!
      const report = failedReport(job.paths, 'CANCELLED', 'Import cancelled before it started.', true)
      void this.finishJob(job, report)
      return
    }
    if (this.running?.id === jobId) this.running.controller.abort()
  }

  /** True while a batch is queued or importing (background summaries wait for it). */
  get busy(): boolean {
    return this.running !== null || this.waiting.length > 0
  }

  /** Resolves when nothing is queued or running (tests, shutdown). */
  idle(): Promise<void> {
    return this.queue.onIdle()
  }

  cancelAll(): void {
    for (const job of [...this.waiting]) this.cancel(job.id)
    this.running?.controller.abort()
  }

  private async run(job: Job): Promise<void> {
    // A job cancelled while it waited has been reported already.
    const at = this.waiting.indexOf(job)
    if (at < 0) return
    this.waiting.splice(at, 1)
    this.running = job
    const started = this.now()
    let lastSent = 0
    let lastStep = ''
    let filesDone = 0
    let report: IngestReport
    try {
      report = await this.ingest(job, {
        signal: job.controller.signal,
        onProgress: (p) => {
          // Each finished file is committed on its own: the document list can show it at once.
          if (p.filesDone > filesDone) {
            filesDone = p.filesDone
            this.events.emit('library.changed', {})
          }
          const t = this.now()
          // Thinned to one event per interval, except the first of each stage of each file: a
          // dropped "OCR page 0/40" would leave the row saying "Extracting" for the whole OCR.
          const step = `${p.file}\n${p.stage}`
          if (t - lastSent < PROGRESS_INTERVAL_MS && p.stage !== 'done' && step === lastStep) return
          lastSent = t
          lastStep = step
          this.emitProgress(job.id, p, estimateEtaSeconds(p, t - started))
        },
      })
    } catch (err) {
      console.error('[import] batch failed', err)
      report = failedReport(job.paths, errorCodeOf(err), errorMessageOf(err), job.controller.signal.aborted)
    }
    await this.finishJob(job, report)
    this.running = null
  }

  private ingest(job: Job, opts: Parameters<LibraryService['ingest']>[1]): Promise<IngestReport> {
    if (job.paths.length === 0) return Promise.resolve({ documents: [], elapsedMs: 0, cancelled: false })
    return this.library.ingest(job.paths, {
      ...opts,
      ...(job.keepDuplicateText ? { keepDuplicateText: true } : {}),
      ...(job.collectionId !== undefined ? { collectionId: job.collectionId } : {}),
    })
  }

  /**
   * Completes the report (refused uploads; uploads a cancel stopped before they were read), deletes
   * upload copies no document uses, then announces the result.
   */
  private async finishJob(job: Job, ingested: IngestReport): Promise<void> {
    const reported = new Set(ingested.documents.map((d) => path.resolve(d.file)))
    const notReached = job.copies
      .filter((c) => !reported.has(path.resolve(c)))
      .map((file) => failedReport([file], 'CANCELLED', 'Import cancelled before this file was read.', true))
      .flatMap((r) => r.documents)
    const report: IngestReport = {
      ...ingested,
      documents: [...job.rejected, ...ingested.documents, ...notReached],
    }
    if (job.copies.length > 0) {
      try {
        const inUse = new Set(this.library.documents().map((d) => path.resolve(d.path)))
        await discardUnusedCopies(this.library.dir, job.copies, inUse)
      } catch (err) {
        console.error('[import] could not delete unused upload copies', err)
      }
    }
    this.events.emit('library.importDone', { jobId: job.id, report })
    this.events.emit('library.changed', {})
  }

  private emitProgress(jobId: string, progress: IngestProgress, etaSeconds: number | null): void {
    this.events.emit('library.progress', { jobId, progress, etaSeconds })
  }
}
