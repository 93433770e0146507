// A thread with its own one-thread ONNX Runtime session, which embeds the batches another thread
// sends it. onnxruntime-node runs a forward pass synchronously on the calling JavaScript thread, so
// a second session that runs beside the first needs a thread of its own.
import { Worker, type MessagePort } from 'node:worker_threads'
import type { Embedder } from './embedder.js'
import {
  errorMessage,
  ThreadCalls,
  threadReady,
  type ThreadCallReply,
  type ThreadStartReply,
} from './model-thread.js'

/** workerData of a thread started as an embed thread (see serveEmbedThread). */
export interface EmbedThreadData {
  embedThread: { modelDir: string; batchSize: number }
}

type EmbedRequest = { type: 'embed'; texts: string[] }
type Request = (EmbedRequest & { id: number }) | { type: 'close' }
type Reply = ThreadStartReply | ThreadCallReply<Float32Array[]>

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
    port.postMessage({ type: 'failed', message: errorMessage(e) } satisfies Reply)
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
          { type: 'result', id: m.id, value: vectors } satisfies Reply,
          vectors.map((v) => v.buffer as ArrayBuffer),
        ),
      (e: unknown) => port.postMessage({ type: 'error', id: m.id, message: errorMessage(e) } satisfies Reply),
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
  private constructor(private readonly calls: ThreadCalls<EmbedRequest, Float32Array[]>) {}

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
    return threadReady(worker, 'the embed thread').then(
      (w) => new EmbedThread(new ThreadCalls(w, 'the embed thread')),
    )
  }

  embed(texts: string[]): Promise<Float32Array[]> {
    return this.calls.call({ type: 'embed', texts })
  }

  /** Frees the thread's model and ends it. */
  close(): Promise<void> {
    return this.calls.close()
  }
}
