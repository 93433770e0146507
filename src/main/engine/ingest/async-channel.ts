/**
 * A bounded single-producer/single-consumer channel. It lets PDF extraction (JS thread) run
 * ahead of embedding (ONNX Runtime's native threads) by a few documents, so neither waits,
 * without holding a whole batch of parsed documents in memory.
 */
export class AsyncChannel<T> {
  private items: T[] = []
  private closed = false
  private waitingTake: (() => void) | null = null
  private waitingPut: (() => void) | null = null

  constructor(private readonly capacity: number) {}

  async put(item: T): Promise<void> {
    while (this.items.length >= this.capacity && !this.closed) {
      await new Promise<void>((r) => (this.waitingPut = r))
    }
    this.items.push(item)
    this.wake('take')
  }

  close(): void {
    this.closed = true
    this.wake('take')
    this.wake('put')
  }

  /** Next item, or undefined once the channel is closed and drained. */
  async take(): Promise<T | undefined> {
    while (this.items.length === 0) {
      if (this.closed) return undefined
      await new Promise<void>((r) => (this.waitingTake = r))
    }
    const item = this.items.shift()
    this.wake('put')
    return item
  }

  private wake(which: 'take' | 'put'): void {
    const w = which === 'take' ? this.waitingTake : this.waitingPut
    if (which === 'take') this.waitingTake = null
    else this.waitingPut = null
    w?.()
  }
}
