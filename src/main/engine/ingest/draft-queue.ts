/**
 * Texts arriving from a document that is still being read (its draft chunks), taken in bulk by
 * the embedder: `take` returns everything queued so far, waits while nothing is, and returns
 * undefined once the queue is closed and empty. Unbounded: drafts are short strings, and the
 * reader is at most a few documents ahead.
 */
export class DraftQueue {
  private items: string[] = []
  private closed = false
  private waiting: (() => void) | null = null

  push(texts: string[]): void {
    if (this.closed) return
    this.items.push(...texts)
    this.wake()
  }

  close(): void {
    this.closed = true
    this.wake()
  }

  async take(): Promise<string[] | undefined> {
    while (this.items.length === 0) {
      if (this.closed) return undefined
      await new Promise<void>((r) => (this.waiting = r))
    }
    return this.items.splice(0)
  }

  private wake(): void {
    const w = this.waiting
    this.waiting = null
    w?.()
  }
}
