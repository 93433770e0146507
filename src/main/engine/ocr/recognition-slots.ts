import { availableParallelism } from 'node:os'

// Node has had Atomics.waitAsync since 16; TypeScript's lib only declares it from ES2024.
const waitAsync = (
  Atomics as unknown as {
    waitAsync: (a: Int32Array, i: number, v: number) => { async: boolean; value: Promise<string> | string }
  }
).waitAsync

/**
 * A cap on pages being recognised at once across every extraction thread of a ParsePool: each
 * thread's OCR engine may start a recogniser per core, so a pool of several threads importing
 * several scans at once would otherwise run (threads x cores) recognisers on `cores` cores. The
 * count lives in shared memory (one Int32 in a SharedArrayBuffer handed to each thread), so the
 * threads agree on it without messages.
 */
export class RecognitionSlots {
  private readonly count: Int32Array

  constructor(
    readonly shared: SharedArrayBuffer = new SharedArrayBuffer(4),
    readonly max: number = availableParallelism(),
  ) {
    this.count = new Int32Array(shared)
  }

  /** Resolves once this caller holds a slot; pair with release(). */
  async acquire(): Promise<void> {
    for (;;) {
      const taken = Atomics.load(this.count, 0)
      if (taken < this.max) {
        if (Atomics.compareExchange(this.count, 0, taken, taken + 1) === taken) return
        continue // another thread took one meanwhile: look again
      }
      // Wait (without blocking the thread) until the count changes from what was seen.
      const wait = waitAsync(this.count, 0, taken)
      if (wait.async) await wait.value
    }
  }

  release(): void {
    Atomics.sub(this.count, 0, 1)
    Atomics.notify(this.count, 0)
  }
}
