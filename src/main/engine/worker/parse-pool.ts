import { existsSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { MessageChannel, type MessagePort, Worker } from 'node:worker_threads'
import { QuireError } from '@shared/errors.js'
import type { ParseOptions, ParsedDocument } from '../ingest/parse-document.js'
import type { LaneReplaced, ParseReply, ParseRequest, ParseWorkerData, ThreadEnd } from './parse-protocol.js'

export const DEFAULT_PARSE_WORKER = new URL('./parse-worker-entry.js', import.meta.url)

interface Job {
  id: number
  file: string
  bytes: Uint8Array
  opts: ParseOptions
  resolve: (d: ParsedDocument) => void
  reject: (e: unknown) => void
}

/**
 * Heap one parse thread may use (V8's old generation), in MB: a document that needs more fails
 * alone with DOC_TOO_LARGE, its thread is replaced, and the import goes on. Ordinary PDFs of
 * hundreds of pages stay far below it. Decoded image pixels live outside the heap; they are
 * bounded by the pixel budget (ocr/pixel-budget.ts) instead.
 */
export const PARSE_THREAD_MEMORY_MB = 1024

/** One extraction thread as the pool talks to it: its own Worker, or a port lent by another pool. */
interface Slot {
  channel: Worker | MessagePort
  job: Job | null
  /** Its place among the pool's threads, the same in the owning pool and in a borrower. */
  lane: number
  /** A lent port whose thread has ended: its replacement is awaited from the owner. */
  ended?: boolean
  /** Replaced by a port to the new thread: events of the old port are ignored. */
  retired?: boolean
}

/** What a job on a thread that ended fails with. */
function threadEndError(file: string, end: ThreadEnd): QuireError {
  return end.kind === 'out-of-memory'
    ? new QuireError(
        'DOC_TOO_LARGE',
        `Reading ${file} needed more than ${end.memoryMb} MB of memory, the limit for a single file, so it was stopped.`,
      )
    : new QuireError('INTERNAL', `The PDF reader stopped unexpectedly on ${file}: ${end.detail}`)
}

/**
 * Parses PDFs on a fixed set of worker threads, so extraction scales with cores and never runs on
 * the thread that feeds the embedder. Jobs queue in order; a crashed worker fails only its own job
 * and is replaced.
 *
 * The threads can outlive one import: a long-lived pool (the app's, one per library) lends each
 * import a port to every thread (`lend`), and the import's worker drives them with
 * `ParsePool.overPorts`. Thread start, pdf.js loading and its JIT warm-up are then paid once per
 * app session, not once per import; the threads are warmed up when the pool starts.
 */
export class ParsePool {
  private readonly slots: Slot[] = []
  private readonly queue: Job[] = []
  private nextId = 1
  private closed = false
  private readonly warmUp: boolean
  private readonly memoryMb: number
  private readonly youngMb: number | undefined
  /** Owner side of the lease port of every lend() whose borrower is still there. */
  private readonly leases = new Set<MessagePort>()
  /** Borrower side: the lease port, over which the owner sends replacements for threads that end. */
  private lease: MessagePort | null = null
  /**
   * Pages recognised at once by all the threads together (each thread's OCR engine may run a
   * recogniser per core): at most one per core, so scans imported side by side do not oversubscribe.
   */
  private readonly ocrSlots = new SharedArrayBuffer(4)

  /**
   * `warmUp: false` for a pool made for one import whose first documents are already waiting (the
   * CLI): the warm-up parse would only delay them, and they warm the JIT up just as well.
   */
  constructor(
    readonly size: number,
    private readonly workerUrl: URL | string = DEFAULT_PARSE_WORKER,
    {
      ports,
      warmUp = true,
      memoryMb = PARSE_THREAD_MEMORY_MB,
      youngMb,
    }: { ports?: MessagePort[]; warmUp?: boolean; memoryMb?: number; youngMb?: number } = {},
  ) {
    this.warmUp = warmUp
    this.memoryMb = memoryMb
    this.youngMb = youngMb
    if (ports) {
      const threads = ports.slice(0, -1)
      threads.forEach((port, lane) => this.slots.push(this.attach(port, lane)))
      this.lease = ports.at(-1)!
      this.lease.on('message', (m: LaneReplaced) => this.replaced(m))
      // The owner closed: no replacement will come, and the lanes whose thread ended are lost.
      this.lease.on('close', () => {
        this.leaseOpen = false
        for (const s of this.slots.filter((s) => s.ended)) this.drop(s)
      })
    } else for (let i = 0; i < Math.max(1, size); i++) this.slots.push(this.spawn(i))
  }

  /** A pool that drives the threads of another pool through the ports that pool lent (see lend). */
  static overPorts(ports: MessagePort[]): ParsePool {
    return new ParsePool(ports.length - 1, DEFAULT_PARSE_WORKER, { ports })
  }

  /**
   * True when the worker script exists on disk (a bundled build may not ship the source entry, and
   * under a bundler's dev transform the default URL is not a file URL at all).
   */
  static available(workerUrl: URL | string = DEFAULT_PARSE_WORKER): boolean {
    try {
      return existsSync(typeof workerUrl === 'string' ? workerUrl : fileURLToPath(workerUrl))
    } catch {
      return false
    }
  }

  /**
   * One new port to each of this pool's threads, for another thread (an import's worker) to drive
   * them with ParsePool.overPorts, and last a lease port over which this pool hands the borrower
   * the replacement of a thread that ends (a file that used up its memory budget). Closing those
   * ports (or ending that thread) cancels their jobs.
   */
  lend(): MessagePort[] {
    if (this.closed) throw new Error('ParsePool is closed')
    const ports = this.slots.map((slot) => this.portTo(slot))
    const { port1, port2 } = new MessageChannel()
    this.leases.add(port1)
    port1.on('close', () => this.leases.delete(port1))
    return [...ports, port2]
  }

  private portTo(slot: Slot): MessagePort {
    const { port1, port2 } = new MessageChannel()
    slot.channel.postMessage({ type: 'attach', port: port1 } satisfies ParseRequest, [port1])
    return port2
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
    this.lease?.close()
    for (const lease of this.leases) lease.close()
    for (const j of this.queue.splice(0)) j.reject(new QuireError('CANCELLED', 'Import cancelled.'))
    await Promise.all(
      this.slots.map(async (s) => {
        if (s.channel instanceof Worker) await s.channel.terminate()
        else s.channel.close()
      }),
    )
  }

  private cancel(job: Job): void {
    const queued = this.queue.indexOf(job)
    if (queued >= 0) {
      this.queue.splice(queued, 1)
      job.reject(new QuireError('CANCELLED', 'Import cancelled.'))
      return
    }
    const slot = this.slots.find((s) => s.job === job)
    slot?.channel.postMessage({ type: 'cancel', id: job.id } satisfies ParseRequest)
  }

  private dispatch(): void {
    if (this.slots.length === 0) {
      // Every lent thread is gone (they crashed, or their pool closed): nothing can parse.
      for (const j of this.queue.splice(0))
        j.reject(new QuireError('INTERNAL', `The PDF reader stopped unexpectedly on ${j.file}.`))
      return
    }
    for (const slot of this.slots) {
      if (slot.job || slot.ended || this.queue.length === 0) continue
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
        ...(job.opts.tables === false ? { tables: false } : {}),
        ...(job.opts.resumeOcrIn ? { resumeOcrIn: job.opts.resumeOcrIn } : {}),
      }
      slot.channel.postMessage(request, [bytes.buffer])
    }
  }

  private listen(slot: Slot): void {
    slot.channel.on('message', (m: ParseReply) => {
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
  }

  private failJob(slot: Slot, end: ThreadEnd): void {
    const job = slot.job
    slot.job = null
    job?.reject(threadEndError(job.file, end))
  }

  private spawn(lane: number): Slot {
    const worker = new Worker(this.workerUrl, {
      workerData: { warmUp: this.warmUp, ocrSlots: this.ocrSlots } satisfies ParseWorkerData,
      resourceLimits: {
        maxOldGenerationSizeMb: this.memoryMb,
        ...(this.youngMb ? { maxYoungGenerationSizeMb: this.youngMb } : {}),
      },
    })
    const slot: Slot = { channel: worker, job: null, lane }
    this.listen(slot)
    const replace = (end: ThreadEnd) => {
      // 'error' is followed by 'exit': replace the worker once.
      const i = this.slots.indexOf(slot)
      if (i < 0) return
      this.failJob(slot, end)
      if (this.closed) return
      const fresh = this.spawn(lane)
      this.slots[i] = fresh
      // Every borrower gets a port to the new thread, and why the old one ended.
      for (const lease of this.leases) {
        const port = this.portTo(fresh)
        lease.postMessage({ type: 'replaced', lane, port, reason: end } satisfies LaneReplaced, [port])
      }
      this.dispatch()
    }
    slot.channel.on('error', (err: Error & { code?: string }) =>
      replace(
        err.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? { kind: 'out-of-memory', memoryMb: this.memoryMb }
          : { kind: 'crashed', detail: err.message },
      ),
    )
    slot.channel.on('exit', (code) => {
      if (!this.closed) replace({ kind: 'crashed', detail: `exit code ${code}` })
    })
    return slot
  }

  /**
   * A lent port. When its thread ends, the owning pool replaces the thread and sends a port to the
   * new one over the lease (replaced); without a lease (the owner closed), this pool loses the slot.
   */
  private attach(port: MessagePort, lane: number): Slot {
    const slot: Slot = { channel: port, job: null, lane }
    this.listen(slot)
    port.on('close', () => {
      if (slot.retired || this.closed) return // replaced already: the owner's message came first
      slot.ended = true
      if (!this.leaseOpen) this.drop(slot) // else the owner's replacement is on its way
    })
    return slot
  }

  private leaseOpen = true

  /** A lane whose thread ended with no replacement to come: its job fails, the pool goes on without it. */
  private drop(slot: Slot): void {
    const i = this.slots.indexOf(slot)
    if (i < 0) return
    this.slots.splice(i, 1)
    this.failJob(slot, { kind: 'crashed', detail: 'its thread ended' })
    if (!this.closed) this.dispatch()
  }

  /** The owner replaced thread `lane`: the job on it fails for the reason given, the lane goes on. */
  private replaced(m: LaneReplaced): void {
    const i = this.slots.findIndex((s) => s.lane === m.lane)
    if (i < 0 || this.closed) {
      m.port.close()
      return
    }
    const old = this.slots[i]!
    old.retired = true
    this.failJob(old, m.reason)
    old.channel.removeAllListeners('message')
    this.slots[i] = this.attach(m.port, m.lane)
    this.dispatch()
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
