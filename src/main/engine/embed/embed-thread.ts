// A thread with its own one-thread ONNX Runtime session, which embeds the batches another thread
// sends it. onnxruntime-node runs a forward pass synchronously on the calling JavaScript thread, so
// a second session that runs beside the first needs a thread of its own.
import { Worker, type MessagePort } from 'node:worker_threads'
import type { Embedder } from './embedder.js'
import { threadReady } from './thread-ready.js'

/** workerData of a thread started as an embed thread (see serveEmbedThread). */
export interface EmbedThreadData {
  embedThread: { modelDir: string; batchSize: number }
}

type Request = { type: 'embed'; id: number; texts: string[] } | { type: 'close' }
type Reply =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  | { type: 'vectors'; id: number; vectors: Float32Array[] }
  | { type: 'error'; id: number; message: string }

const message = (e: unknown) => (e instanceof Error ? e.message : String(e))

export function isEmbedThreadData(data: unknown): data is EmbedThreadData {
  return typeof data === 'object' && data !== null && 'embedThread' in data
}

/** The thread's side: loads the model with one ONNX thread and answers embed requests until closed. */
export async function serveEmbedThread(port: MessagePort, data: EmbedThreadData): Promise<void> {
  const { loadEmbedder } = await import('./transformers-embedder.js')
  let embedder: Embedder
  try {
    const { modelDir, batchSize } = data.embedThread
    embedder = await loadEmbedder(modelDir, { threads: 1, batchSize })
  } catch (e) {
    port.postMessage({ type: 'failed', message: message(e) } satisfies Reply)
    port.close()
    return
  }
  port.on('message', (m: Request) => {
    if (m.type === 'close') {
      void embedder.dispose().finally(() => port.close())
      return
    }
    embedder.embed(m.texts).then(
      (vectors) =>
        port.postMessage(
          { type: 'vectors', id: m.id, vectors } satisfies Reply,
          vectors.map((v) => v.buffer as ArrayBuffer),
        ),
      (e: unknown) => port.postMessage({ type: 'error', id: m.id, message: message(e) } satisfies Reply),
    )
  })
  port.postMessage({ type: 'ready' } satisfies Reply)
}

/**
 * Heap an embed thread may use (V8's old generation), in MB. It holds only the model's code, its
 * tokenizer and one batch of texts (the weights live outside the heap): during an import of six
 * manuals with MiniLM it grew to about 75 MB unbounded. Past the limit the thread ends, and its
 * batches are embedded by the import thread (lane-embedder.ts).
 */
export const EMBED_THREAD_MEMORY_MB = 512

/** The caller's side of an embed thread. */
export class EmbedThread {
  private nextId = 0
  private readonly pending = new Map<
    number,
    { resolve: (v: Float32Array[]) => void; reject: (e: Error) => void }
  >()
  private gone: Error | null = null

  private constructor(private readonly worker: Worker) {
    worker.on('message', (m: Reply) => {
      if (m.type !== 'vectors' && m.type !== 'error') return
      const p = this.pending.get(m.id)
      this.pending.delete(m.id)
      if (m.type === 'vectors') p?.resolve(m.vectors)
      else p?.reject(new Error(m.message))
    })
    const end = (e: Error) => {
      this.gone ??= e
      for (const p of this.pending.values()) p.reject(e)
      this.pending.clear()
    }
    worker.on('error', end)
    worker.on('exit', (code) => end(new Error(`the embed thread exited (code ${code})`)))
  }

  /**
   * Starts a thread running `script` (a worker script that calls serveEmbedThread for this
   * workerData) and resolves once its model is loaded; rejects if it cannot load.
   */
  static start(
    script: string | URL,
    modelDir: string,
    batchSize: number,
    memoryMb = EMBED_THREAD_MEMORY_MB,
  ): Promise<EmbedThread> {
    const data: EmbedThreadData = { embedThread: { modelDir, batchSize } }
    const worker = new Worker(script, {
      workerData: data,
      resourceLimits: { maxOldGenerationSizeMb: memoryMb },
    })
    return threadReady(worker, 'the embed thread').then((w) => new EmbedThread(w))
  }

  embed(texts: string[]): Promise<Float32Array[]> {
    if (this.gone) return Promise.reject(this.gone)
    const id = this.nextId++
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject })
      this.worker.postMessage({ type: 'embed', id, texts } satisfies Request)
    })
  }

  /** Frees the thread's model and ends it. */
  async close(): Promise<void> {
    if (this.gone) return
    const exited = new Promise<void>((r) => this.worker.once('exit', () => r()))
    this.worker.postMessage({ type: 'close' } satisfies Request)
    const timer = setTimeout(() => void this.worker.terminate(), 5000)
    await exited
    clearTimeout(timer)
  }
}
