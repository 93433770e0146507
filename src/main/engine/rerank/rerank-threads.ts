// Scoring threads: each holds its own one-thread ONNX Runtime session of the cross-encoder, and a
// search's pairs are shared out between them in groups (score-groups.ts). onnxruntime-node runs a
// forward pass synchronously on the calling JavaScript thread, so passes that run side by side need
// threads of their own. Against one session with two intra-op threads, two one-thread sessions each
// scoring half of every pass took 13–15% less CPU (no waiting at every operator for the other
// thread; docs/reranking.md, Cost), and the calling thread (the app's main process) is free while
// they score.
import { Worker, type MessagePort } from 'node:worker_threads'
import type { EncodedPairs } from './encode-pairs.js'
import {
  errorMessage,
  ThreadCalls,
  threadReady,
  type ThreadCallReply,
  type ThreadStartReply,
} from '../embed/model-thread.js'

/** workerData of a thread started as a scoring thread (see serveRerankThread). */
export interface RerankThreadData {
  rerankThread: { modelFile: string }
}

type ScoreRequest = {
  type: 'score'
  inputIds: BigInt64Array
  attentionMask: BigInt64Array
  tokenTypeIds: BigInt64Array | null
  dims: [number, number]
}
type Logits = { data: Float32Array; dims: number[] }
type Request = (ScoreRequest & { id: number }) | { type: 'close' }
type Reply = ThreadStartReply | ThreadCallReply<Logits>

export function isRerankThreadData(data: unknown): data is RerankThreadData {
  return typeof data === 'object' && data !== null && 'rerankThread' in data
}

/** The thread's side: loads the model file with one ONNX thread and scores passes until closed. */
export async function serveRerankThread(port: MessagePort, data: RerankThreadData): Promise<void> {
  // A CommonJS package: its exports are the namespace's default, or the namespace itself where
  // the loader lifts them.
  const mod = await import('onnxruntime-node')
  const ort = (mod.default as typeof mod.default | undefined) ?? (mod as unknown as typeof mod.default)
  const { NO_SPINNING } = await import('../embed/transformers-embedder.js')
  let session: import('onnxruntime-node').InferenceSession
  try {
    session = await ort.InferenceSession.create(data.rerankThread.modelFile, {
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
      graphOptimizationLevel: 'all',
      extra: NO_SPINNING,
    })
  } catch (e) {
    port.postMessage({ type: 'failed', message: errorMessage(e) } satisfies Reply)
    port.close()
    return
  }
  port.on('message', (m: Request) => {
    if (m.type === 'close') {
      void session.release().finally(() => port.close())
      return
    }
    const feeds: Record<string, import('onnxruntime-node').Tensor> = {
      input_ids: new ort.Tensor('int64', m.inputIds, m.dims),
      attention_mask: new ort.Tensor('int64', m.attentionMask, m.dims),
    }
    if (m.tokenTypeIds && session.inputNames.includes('token_type_ids'))
      feeds.token_type_ids = new ort.Tensor('int64', m.tokenTypeIds, m.dims)
    if (!m.tokenTypeIds && session.inputNames.includes('token_type_ids'))
      feeds.token_type_ids = new ort.Tensor('int64', new BigInt64Array(m.inputIds.length), m.dims)
    session.run(feeds).then(
      (out) => {
        const logits = out.logits ?? Object.values(out)[0]!
        const data = logits.data as Float32Array
        port.postMessage(
          { type: 'result', id: m.id, value: { data, dims: [...logits.dims] } } satisfies Reply,
          [data.buffer as ArrayBuffer],
        )
      },
      (e: unknown) => port.postMessage({ type: 'error', id: m.id, message: errorMessage(e) } satisfies Reply),
    )
  })
  port.postMessage({ type: 'ready' } satisfies Reply)
}

/** One scoring thread, the caller's side. */
type RerankThread = ThreadCalls<ScoreRequest, Logits>

/** Starts a thread running `script` (a worker script that calls serveRerankThread for this workerData). */
function startThread(script: string | URL, modelFile: string): Promise<RerankThread> {
  const data: RerankThreadData = { rerankThread: { modelFile } }
  const worker = new Worker(script, { workerData: data })
  return threadReady(worker, 'a scoring thread').then((w) => new ThreadCalls(w, 'a scoring thread'))
}

/** `count` scoring threads, each scoring the batches it is given (score-groups.ts shares them out). */
export class RerankThreads {
  private constructor(private readonly threads: RerankThread[]) {}

  /** Resolves once every thread has loaded the model; rejects (and ends those started) otherwise. */
  static async start(script: string | URL, modelFile: string, count: number): Promise<RerankThreads> {
    const started = await Promise.allSettled(
      Array.from({ length: count }, () => startThread(script, modelFile)),
    )
    const threads = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []))
    const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected')
    if (failed) {
      await Promise.all(threads.map((t) => t.close()))
      throw failed.reason instanceof Error ? failed.reason : new Error(String(failed.reason))
    }
    return new RerankThreads(threads)
  }

  get count(): number {
    return this.threads.length
  }

  /** Scores one padded batch of pairs on thread `at` (0 ≤ at < count): its logits rows. */
  async score(at: number, pairs: EncodedPairs): Promise<{ data: Float32Array; labels: number }> {
    const { data, dims } = await this.threads[at]!.call({ type: 'score', ...pairs })
    return { data, labels: dims[1] ?? 1 }
  }

  async close(): Promise<void> {
    await Promise.all(this.threads.map((t) => t.close()))
  }
}
