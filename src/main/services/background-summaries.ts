// Building summaries in the background (Settings › Answers, off by default): while nothing else
// runs (no answer, no import, the machine's load low), the next document without a finished
// summary is summarised, one at a time, so a later Summarize or broad question finds it ready.
// Any question or import stops it at once; the sections done are kept and it resumes later.
import os from 'node:os'
import type { Answerer } from '../engine/answer/answerer.js'
import type { EventBus } from './event-bus.js'

export interface BackgroundSummariesOptions {
  answerer: () => Answerer
  events: EventBus
  /** True while an answer or an import runs. */
  busy: () => boolean
  /** True when the machine has room (default: 1-minute load average below half the cores). */
  machineIdle?: () => boolean
  /** How often to look for work (default one minute). */
  intervalMs?: number
}

const DEFAULT_INTERVAL_MS = 60_000

export function lowLoad(): boolean {
  return os.loadavg()[0]! < os.availableParallelism() / 2
}

export class BackgroundSummaries {
  private enabled = false
  private timer: NodeJS.Timeout | null = null
  private controller: AbortController | null = null
  private job: Promise<number | null> | null = null
  private readonly unsubscribe: () => void

  constructor(private readonly opts: BackgroundSummariesOptions) {
    // A question or an import takes the model and the cores back at once.
    this.unsubscribe = opts.events.subscribe((event, payload) => {
      const started =
        (event === 'chat.event' && (payload as { event: { type: string } }).event.type === 'started') ||
        event === 'library.progress'
      if (started) this.controller?.abort()
    })
  }

  setEnabled(on: boolean): void {
    this.enabled = on
    if (!on) {
      this.controller?.abort()
      if (this.timer) clearInterval(this.timer)
      this.timer = null
      return
    }
    if (this.timer) return
    this.timer = setInterval(() => void this.tick(), this.opts.intervalMs ?? DEFAULT_INTERVAL_MS)
    this.timer.unref()
  }

  /**
   * One look for work: when enabled and idle, summarises the next unsummarised document. Resolves
   * with its id when its summary was finished, else null (nothing to do, busy, stopped, failed).
   */
  tick(): Promise<number | null> {
    if (this.job) return this.job
    this.job = this.run().finally(() => {
      this.job = null
      this.controller = null
    })
    return this.job
  }

  private async run(): Promise<number | null> {
    if (!this.enabled || this.opts.busy() || !(this.opts.machineIdle ?? lowLoad)()) return null
    const answerer = this.opts.answerer()
    const status = await answerer.status()
    if (status.state !== 'ready' || !status.model) return null
    const id = answerer.summarizer.nextUnsummarized(status.model)
    if (id === null || this.opts.busy()) return null
    const controller = new AbortController()
    this.controller = controller
    try {
      const result = await answerer.summarizer.summarize(id, { signal: controller.signal })
      return result.run.outcome === 'complete' ? id : null
    } catch (err) {
      // The document went away meanwhile, or the library closed: the next look starts afresh.
      console.error('[summaries] background summary failed', err)
      return null
    }
  }

  /** Ends a running summary and waits for it (the sections done stay stored); looking goes on. */
  async pause(): Promise<void> {
    this.controller?.abort()
    await this.job
  }

  /** Stops looking and ends a running summary (the sections done stay stored). */
  async close(): Promise<void> {
    this.setEnabled(false)
    this.unsubscribe()
    await this.job
  }
}
