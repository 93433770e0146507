// The protocol of a model thread, the same for embed threads and scoring threads: the thread's first
// message says whether it loaded its model; after that each request carries an id and is answered
// by a result or an error with that id, until a close request ends the thread.
import type { Worker } from 'node:worker_threads'

/** The first message a model thread sends. */
export type ThreadStartReply = { type: 'ready' } | { type: 'failed'; message: string }
/** The answer to one request. */
export type ThreadCallReply<T> =
  { type: 'result'; id: number; value: T } | { type: 'error'; id: number; message: string }

export const errorMessage = (e: unknown) => (e instanceof Error ? e.message : String(e))

/**
 * Resolves with `worker` once it reports ready; an error (such as running out of its heap limit
 * while loading) or an exit before that rejects, and the thread is ended. `name` says which thread
 * in errors ("the embed thread").
 */
export function threadReady(worker: Worker, name: string): Promise<Worker> {
  return new Promise((resolve, reject) => {
    const fail = (e: Error) => {
      stop()
      void worker.terminate()
      reject(e)
    }
    const exited = (code: number) => fail(new Error(`${name} exited (code ${code})`))
    const first = (m: ThreadStartReply | { type: string }) => {
      stop()
      if (m.type === 'ready') resolve(worker)
      else fail(new Error('message' in m ? m.message : `unexpected ${m.type} from ${name}`))
    }
    const stop = () => {
      worker.off('error', fail)
      worker.off('exit', exited)
      worker.off('message', first)
    }
    worker.on('error', fail)
    worker.on('exit', exited)
    worker.on('message', first)
  })
}

/** The caller's side of a started model thread: requests answered in any order, matched by id. */
export class ThreadCalls<Req extends { type: string }, T> {
  private nextId = 0
  private readonly pending = new Map<number, { resolve: (v: T) => void; reject: (e: Error) => void }>()
  private gone: Error | null = null

  constructor(
    private readonly worker: Worker,
    name: string,
  ) {
    worker.on('message', (m: ThreadCallReply<T>) => {
      if (m.type !== 'result' && m.type !== 'error') return
      const p = this.pending.get(m.id)
      this.pending.delete(m.id)
      if (m.type === 'result') p?.resolve(m.value)
      else p?.reject(new Error(m.message))
    })
    const end = (e: Error) => {
      this.gone ??= e
      for (const p of this.pending.values()) p.reject(e)
      this.pending.clear()
    }
    worker.on('error', end)
    worker.on('exit', (code) => end(new Error(`${name} exited (code ${code})`)))
  }

  /** Sends `request` (its id added) and resolves with the thread's result; rejects once the thread is gone. */
  call(request: Req): Promise<T> {
    if (this.gone) return Promise.reject(this.gone)
    const id = this.nextId++
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject })
      this.worker.postMessage({ ...request, id })
    })
  }

  /** Asks the thread to free its model and end; ends it after 5 s if it has not. */
  async close(): Promise<void> {
    if (this.gone) return
    const exited = new Promise<void>((r) => this.worker.once('exit', () => r()))
    this.worker.postMessage({ type: 'close' })
    const timer = setTimeout(() => void this.worker.terminate(), 5000)
    await exited
    clearTimeout(timer)
  }
}
