import { randomUUID } from 'node:crypto'
import { errorCodeOf, errorMessageOf } from '../../shared/errors.js'
import type { IngestProgress, IngestReport } from '../../shared/library-types.js'
import type { LibraryService } from './app-services.js'
import { estimateEtaSeconds } from './eta.js'
import type { EventBus } from './event-bus.js'

interface Job {
  id: string
  paths: string[]
  controller: AbortController
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
    elapsed_ms: 0,
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

  constructor(
    private readonly library: LibraryService,
    private readonly events: EventBus,
    private readonly now: () => number = Date.now,
  ) {}

  enqueue(paths: string[]): string {
    const job: Job = { id: randomUUID(), paths, controller: new AbortController() }
    this.waiting.push(job)
    this.emitProgress(
      job.id,
      { stage: 'queued', file: '', done: 0, total: 0, filesDone: 0, filesTotal: paths.length },
      null,
    )
    void this.pump()
    return job.id
  }

  /** Cancels a queued or running job; unknown or finished ids are ignored (the job may just have ended). */
  cancel(jobId: string): void {
    const i = this.waiting.findIndex((j) => j.id === jobId)
    if (i >= 0) {
      const [job] = this.waiting.splice(i, 1)
      this.events.emit('library.importDone', {
        jobId,
        report: failedReport(job!.paths, 'CANCELLED', 'Import cancelled before it started.', true),
      })
      return
    }
    if (this.running?.id === jobId) this.running.controller.abort()
  }

  /** Resolves when nothing is queued or running (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running || this.waiting.length) await new Promise((r) => setTimeout(r, 20))
  }

  cancelAll(): void {
    for (const job of [...this.waiting]) this.cancel(job.id)
    this.running?.controller.abort()
  }

  private async pump(): Promise<void> {
    if (this.running) return
    const job = this.waiting.shift()
    if (!job) return
    this.running = job
    const started = this.now()
    let lastSent = 0
    let filesDone = 0
    let report: IngestReport
    try {
      report = await this.library.ingest(job.paths, {
        signal: job.controller.signal,
        onProgress: (p) => {
          // Each finished file is committed on its own: the document list can show it at once.
          if (p.filesDone > filesDone) {
            filesDone = p.filesDone
            this.events.emit('library.changed', {})
          }
          const t = this.now()
          if (t - lastSent < PROGRESS_INTERVAL_MS && p.stage !== 'done') return
          lastSent = t
          this.emitProgress(job.id, p, estimateEtaSeconds(p, t - started))
        },
      })
    } catch (err) {
      console.error('[import] batch failed', err)
      report = failedReport(job.paths, errorCodeOf(err), errorMessageOf(err), job.controller.signal.aborted)
    } finally {
      this.running = null
    }
    this.events.emit('library.importDone', { jobId: job.id, report })
    this.events.emit('library.changed', {})
    void this.pump()
  }

  private emitProgress(jobId: string, progress: IngestProgress, etaSeconds: number | null): void {
    this.events.emit('library.progress', { jobId, progress, etaSeconds })
  }
}
