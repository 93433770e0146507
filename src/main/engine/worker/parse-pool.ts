import { existsSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { QuireError } from '@shared/errors.js'
import type { ParseOptions, ParsedDocument } from '../ingest/parse-document.js'
import type { ParseReply, ParseRequest } from './parse-protocol.js'

export const DEFAULT_PARSE_WORKER = new URL('./parse-worker-entry.js', import.meta.url)

interface Job {
  id: number
  file: string
  bytes: Uint8Array
  opts: ParseOptions
  resolve: (d: ParsedDocument) => void
  reject: (e: unknown) => void
}

interface Slot {
  worker: Worker
  job: Job | null
}

/**
 * Parses PDFs on a fixed set of worker threads, so extraction scales with cores and never runs on
 * the thread that feeds the embedder. Jobs queue in order; a crashed worker fails only its own job
 * and is replaced.
 */
export class ParsePool {
  private readonly slots: Slot[] = []
  private readonly queue: Job[] = []
  private nextId = 1
  private closed = false

  constructor(
    readonly size: number,
    private readonly workerUrl: URL | string = DEFAULT_PARSE_WORKER,
  ) {
    for (let i = 0; i < Math.max(1, size); i++) this.slots.push(this.spawn())
  }

  /** True when the worker script exists on disk (a bundled build may not ship the source entry). */
  static available(workerUrl: URL | string = DEFAULT_PARSE_WORKER): boolean {
    return existsSync(typeof workerUrl === 'string' ? workerUrl : fileURLToPath(workerUrl))
  }

  /** Same contract as parseDocument. The bytes are transferred to the worker (the caller's view is detached). */
  parse = (bytes: Uint8Array, file: string, opts: ParseOptions = {}): Promise<ParsedDocument> => {
    if (this.closed) return Promise.reject(new Error('ParsePool is closed'))
    if (opts.signal?.aborted) return Promise.reject(new QuireError('CANCELLED', 'Import cancelled.'))
    return new Promise((resolve, reject) => {
      const job: Job = { id: this.nextId++, file, bytes, opts, resolve, reject }
      opts.signal?.addEventListener('abort', () => this.cancel(job), { once: true })
      this.queue.push(job)
      this.dispatch()
    })
  }

  async close(): Promise<void> {
    this.closed = true
    for (const j of this.queue.splice(0)) j.reject(new QuireError('CANCELLED', 'Import cancelled.'))
    await Promise.all(this.slots.map((s) => s.worker.terminate()))
  }

  private cancel(job: Job): void {
    const queued = this.queue.indexOf(job)
    if (queued >= 0) {
      this.queue.splice(queued, 1)
      job.reject(new QuireError('CANCELLED', 'Import cancelled.'))
      return
    }
    const slot = this.slots.find((s) => s.job === job)
    slot?.worker.postMessage({ type: 'cancel', id: job.id } satisfies ParseRequest)
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.job || this.queue.length === 0) continue
      const job = this.queue.shift()!
      slot.job = job
      // A private copy is transferred: the caller's buffer may be a pooled or shared one.
      const bytes = new Uint8Array(job.bytes)
      const request: ParseRequest = {
        type: 'parse',
        id: job.id,
        file: job.file,
        bytes,
        ocr: job.opts.ocr !== false,
        drafts: job.opts.onDraftTexts !== undefined,
      }
      slot.worker.postMessage(request, [bytes.buffer])
    }
  }

  private spawn(): Slot {
    const slot: Slot = { worker: new Worker(this.workerUrl), job: null }
    slot.worker.on('message', (m: ParseReply) => {
      const job = slot.job
      if (!job || job.id !== m.id) return
      if (m.type === 'page') {
        job.opts.onPage?.(m.done, m.total)
        return
      }
      if (m.type === 'ocr-page') {
        job.opts.onOcrPage?.(m.done, m.total)
        return
      }
      if (m.type === 'drafts') {
        job.opts.onDraftTexts?.(m.texts)
        return
      }
      slot.job = null
      if (m.type === 'parsed') job.resolve(m.parsed)
      else job.reject(new QuireError(m.code, m.message))
      this.dispatch()
    })
    const replace = (reason: string) => {
      // 'error' is followed by 'exit': replace the worker once.
      const i = this.slots.indexOf(slot)
      if (i < 0) return
      const job = slot.job
      slot.job = null
      job?.reject(new QuireError('INTERNAL', `The PDF reader stopped unexpectedly on ${job.file}: ${reason}`))
      if (this.closed) return
      this.slots[i] = this.spawn()
      this.dispatch()
    }
    slot.worker.on('error', (err) => replace(err.message))
    slot.worker.on('exit', (code) => {
      if (!this.closed) replace(`exit code ${code}`)
    })
    return slot
  }
}

/**
 * Extraction threads for an import next to the embedder. Embedding is the bottleneck (BENCHMARKS.md):
 * one extraction thread per core beyond the first keeps it fed; more would only take cores from
 * ONNX Runtime. Never fewer than one.
 */
export function defaultParseWorkers(): number {
  return Math.max(1, Math.min(4, availableParallelism() - 1))
}
