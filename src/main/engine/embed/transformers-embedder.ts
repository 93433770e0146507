// Sentence embeddings with transformers.js + ONNX Runtime from a local model folder, never the network.
import { existsSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { dirname, join } from 'node:path'
import type { env as TransformersEnv, PreTrainedModel, Tensor } from '@huggingface/transformers'
import { BatchTuner } from './batch-tuner.js'
import { importTransformers } from './import-transformers.js'
import type { EmbedOptions, Embedder } from './embedder.js'
import { inspectModelDir } from './model-dir.js'

export interface LoadEmbedderOptions {
  /** ONNX Runtime intra-op threads. */
  threads?: number
  /** Texts per forward pass; by default measured while embedding (BatchTuner). */
  batchSize?: number
  /** q8 = onnx/model_quantized.onnx, fp32 = onnx/model.onnx. Default: q8 if present, else fp32. */
  dtype?: 'q8' | 'fp32'
}

// Batch size: chosen on the user's machine while it embeds (batch-tuner.ts), because the best size
// depends on the load: on an idle 2-core VM batch 1-4 was fastest and 16 cost ~25% (raw ONNX grid,
// BENCHMARKS.md); with the cores shared by other work, 32 was fastest and 4 cost ~25% (`embed-batch`).
// Threads: one ONNX Runtime intra-op thread per core, capped at 4 to leave cores to the LLM and the
// UI, which compete with indexing on a desktop. Not measured above 2 cores (this VM has 2).
export function defaultThreads(): number {
  return Math.max(1, Math.min(4, availableParallelism()))
}

/**
 * ONNX Runtime's pool threads spin (busy-wait) between the operators of a forward pass by default.
 * During an import they share the cores with the PDF extraction thread (and on a desktop with
 * everything else), so the spinning burns the CPU the other work needs. Measured on the 2-core
 * machine, the same import of 3 dev PDFs (509 chunks), alternating, 3 pairs: 56.3 → 47.1 CPU-s
 * (−16%), wall clock equal or faster in each pair (load 10–12). Passed through transformers.js's
 * session_options to onnxruntime-node, which maps `extra` to session config entries.
 */
export const NO_SPINNING = {
  session: { intra_op: { allow_spinning: '0' }, inter_op: { allow_spinning: '0' } },
}

/** An ONNX Runtime session with its own batch tuner (the best batch depends on its thread count). */
interface Session {
  model: PreTrainedModel
  tuner: BatchTuner | null
}

/** all-MiniLM-L6-v2 was trained on at most 256 word pieces; tokenizer_config says 512, which only costs time. */
export const MAX_TOKENS = 256

export const DTYPE_FILES = { q8: 'onnx/model_quantized.onnx', fp32: 'onnx/model.onnx' } as const

export function chooseDtype(dir: string, requested?: 'q8' | 'fp32'): 'q8' | 'fp32' {
  if (requested) {
    if (!existsSync(join(dir, DTYPE_FILES[requested]))) {
      throw new Error(`Model folder ${dir} has no ${DTYPE_FILES[requested]} (dtype ${requested})`)
    }
    return requested
  }
  return existsSync(join(dir, DTYPE_FILES.q8)) ? 'q8' : 'fp32'
}

export function forbidNetwork(env: typeof TransformersEnv, modelParent: string): void {
  env.allowRemoteModels = false
  env.allowLocalModels = true
  env.localModelPath = modelParent
  // transformers.js consults its file cache (inside node_modules) before the local folder, keyed by the
  // model name: a cached copy of another model with the same folder name would silently win.
  env.useFSCache = false
  env.useBrowserCache = false
}

/** Mean of the token vectors where attention_mask is 1, then L2-normalised; one row per text. */
export function meanPoolNormalize(
  hidden: Float32Array,
  mask: ArrayLike<bigint | number>,
  dims: number[],
): Float32Array[] {
  const [batch = 0, seq = 0, dim = 0] = dims
  const rows: Float32Array[] = []
  for (let b = 0; b < batch; b++) {
    const sum = new Float32Array(dim)
    let count = 0
    for (let s = 0; s < seq; s++) {
      if (Number(mask[b * seq + s]) === 0) continue
      count++
      const offset = (b * seq + s) * dim
      for (let d = 0; d < dim; d++) sum[d]! += hidden[offset + d]!
    }
    let norm = 0
    for (let d = 0; d < dim; d++) {
      sum[d]! /= Math.max(count, 1e-9)
      norm += sum[d]! * sum[d]!
    }
    norm = Math.max(Math.sqrt(norm), 1e-12)
    for (let d = 0; d < dim; d++) sum[d]! /= norm
    rows.push(sum)
  }
  return rows
}

/**
 * Loads the model in modelDir (see model-dir.ts for the layout) and runs a one-text warm-up, which also
 * reads the true output dimension. Throws with a readable reason when the folder is incomplete.
 */
export async function loadEmbedder(modelDir: string, opts: LoadEmbedderOptions = {}): Promise<Embedder> {
  const check = inspectModelDir(modelDir)
  if (!check.ok) throw new Error(check.reason)
  const dir = check.dir
  const dtype = chooseDtype(dir, opts.dtype)
  const fixed = opts.batchSize === undefined ? null : Math.max(1, Math.floor(opts.batchSize))
  const tuner = fixed === null ? new BatchTuner() : null
  const threads = Math.max(1, Math.floor(opts.threads ?? defaultThreads()))

  const { AutoModel, AutoTokenizer, env } = await importTransformers()
  forbidNetwork(env, dirname(dir))
  // The absolute folder path, not the folder name, is passed as the model id: transformers.js resolves
  // names that are not valid Hub ids (spaces, "--") against the working directory, and env.localModelPath
  // is process-global, so two loaders with different parents could race on it.
  const load = { local_files_only: true } as const
  /** Every ONNX session of this embedder, made alike: they differ only in their thread count. */
  const loadSession = (sessionThreads: number): Promise<PreTrainedModel> =>
    AutoModel.from_pretrained(dir, {
      ...load,
      dtype,
      device: 'cpu',
      session_options: { intraOpNumThreads: sessionThreads, interOpNumThreads: 1, extra: NO_SPINNING },
    })
  const tokenizer = await AutoTokenizer.from_pretrained(dir, load)
  const model = await loadSession(threads)

  // While another thread of this process extracts PDFs, a second session with fewer threads
  // leaves it a core (sharingThreads): with as many ONNX threads as cores plus a busy parse thread,
  // every operator waits for whichever of its threads the scheduler put off. Measured on 2 cores,
  // alternating whole imports of the dev corpus: 145.5 and 146.3 CPU-s before, 134.9 and 136.6
  // with it. Created at the first such call after the first forward pass, so it never delays
  // the first embedding.
  const sharingThreads = Math.max(1, Math.floor(threads / 2))
  const full: Session = { model, tuner }
  let sharing: Session | null = sharingThreads === threads ? full : null
  async function sessionFor(sharingCores: boolean, started: boolean): Promise<Session> {
    if (!sharingCores) return full
    if (!sharing && !started) return full
    sharing ??= { model: await loadSession(sharingThreads), tuner: fixed === null ? new BatchTuner() : null }
    return sharing
  }

  async function forward(texts: string[], session: Session = full): Promise<Float32Array[]> {
    const inputs = tokenizer(texts, { padding: true, truncation: true, max_length: MAX_TOKENS })
    const output = (await session.model(inputs)) as { last_hidden_state: Tensor }
    const hidden = output.last_hidden_state
    const mask = (inputs.attention_mask as Tensor).data as BigInt64Array
    return meanPoolNormalize(hidden.data as Float32Array, mask, hidden.dims)
  }

  // One forward pass at a time: concurrent runs on one session only fight over the same threads.
  let queue: Promise<unknown> = Promise.resolve()
  let disposed = false
  function serial<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.then(task)
    queue = run.catch(() => undefined)
    return run
  }

  let forwardPasses = 0
  async function embedAll(texts: string[], sharingCores: boolean): Promise<Float32Array[]> {
    const session = await sessionFor(sharingCores, forwardPasses > 0)
    const tuner = session.tuner
    // Batching similar lengths together wastes less compute on padding; results go back in input order.
    const order = texts.map((_, i) => i).sort((a, b) => texts[a]!.length - texts[b]!.length)
    const result = new Array<Float32Array>(texts.length)
    for (let start = 0; start < order.length;) {
      const size = fixed ?? tuner!.next()
      const ids = order.slice(start, start + size)
      const batch = ids.map((i) => texts[i]!)
      const t = performance.now()
      const vectors = await forward(batch, session)
      forwardPasses++
      // Only full batches say how fast their size is.
      if (tuner && ids.length === size)
        tuner.record(
          size,
          batch.reduce((n, x) => n + x.length, 0),
          performance.now() - t,
        )
      ids.forEach((id, k) => (result[id] = vectors[k]!))
      start += ids.length
    }
    return result
  }

  const probe = await forward(['warm up'])
  const dim = probe[0]!.length

  return {
    modelId: check.modelId,
    dim,
    embed(texts: string[], o?: EmbedOptions): Promise<Float32Array[]> {
      if (disposed) return Promise.reject(new Error('Embedder has been disposed'))
      if (texts.length === 0) return Promise.resolve([])
      return serial(() => embedAll(texts, o?.sharingCores ?? false))
    },
    async dispose(): Promise<void> {
      if (disposed) return
      disposed = true
      await serial(async () => {
        await model.dispose()
        if (sharing && sharing !== full) await sharing.model.dispose()
      })
    },
  }
}
