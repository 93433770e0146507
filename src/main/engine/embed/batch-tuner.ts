/**
 * Picks the embedder's batch size by measuring it on the user's machine, while it works.
 *
 * The best batch depends on the machine and on what else runs on it. Measured with Quire's
 * embedder on a 2-core VM (BENCHMARKS.md, `embed-batch`): idle, batch 1-4 is fastest and 16 costs
 * about 25%; with the cores shared by a dozen other processes, 32 is fastest and 4 costs 25%, because
 * ONNX Runtime's threads wait on each other at every operator and bigger batches need fewer of
 * those waits. No fixed size is within 5% of the best in both cases, so the embedder tries each
 * candidate on real batches (no extra work: every trial batch is a batch the import needed),
 * keeps the fastest by characters per millisecond, and tries them all again every `reprobeEvery`
 * batches, since the load changes.
 */
export class BatchTuner {
  private readonly rate = new Map<number, { chars: number; ms: number; n: number }>()
  private batches = 0
  private exploring: number[]

  constructor(
    readonly candidates: readonly number[] = DEFAULT_BATCH_CANDIDATES,
    /** Trial batches of each size before choosing. */
    private readonly trials = 2,
    private readonly reprobeEvery = 200,
  ) {
    this.exploring = this.schedule()
  }

  /** The size for the next batch. */
  next(): number {
    if (this.exploring.length) return this.exploring[0]!
    return this.best()
  }

  /** A full batch of `size` texts, `chars` characters in all, took `ms`. */
  record(size: number, chars: number, ms: number): void {
    this.batches++
    if (this.exploring[0] === size) this.exploring.shift()
    const r = this.rate.get(size) ?? { chars: 0, ms: 0, n: 0 }
    this.rate.set(size, { chars: r.chars + chars, ms: r.ms + ms, n: r.n + 1 })
    if (this.exploring.length === 0 && this.batches % this.reprobeEvery === 0) {
      // Old measurements describe an old load: start again.
      this.rate.clear()
      this.exploring = this.schedule()
    }
  }

  /** The fastest size measured so far (the first candidate before any measurement). */
  best(): number {
    let best = this.candidates[0]!
    let bestRate = -1
    for (const [size, r] of this.rate) {
      const perMs = r.chars / Math.max(r.ms, 1e-6)
      if (perMs > bestRate) [best, bestRate] = [size, perMs]
    }
    return best
  }

  /** Interleaved trials (4, 16, 32, 4, 16, 32, …), so a change of load hits every size alike. */
  private schedule(): number[] {
    return Array.from({ length: this.trials }, () => [...this.candidates]).flat()
  }
}

export const DEFAULT_BATCH_CANDIDATES = [4, 16, 32] as const
