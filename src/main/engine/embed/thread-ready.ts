// How a model thread's start is awaited, the same for embed threads and scoring threads: the
// thread's first message says whether it loaded its model; an error (such as running out of its
// heap limit while loading) or an exit before that message rejects, and the thread is ended.
import type { Worker } from 'node:worker_threads'

/** The first message a model thread sends. */
export type ThreadStartReply = { type: 'ready' } | { type: 'failed'; message: string } | { type: string }

/** Resolves with `worker` once it reports ready; `name` says which thread in errors ("the embed thread"). */
export function threadReady(worker: Worker, name: string): Promise<Worker> {
  return new Promise((resolve, reject) => {
    const fail = (e: Error) => {
      stop()
      void worker.terminate()
      reject(e)
    }
    const exited = (code: number) => fail(new Error(`${name} exited (code ${code})`))
    const first = (m: ThreadStartReply) => {
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
