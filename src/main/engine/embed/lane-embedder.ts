import type { EmbedOptions, Embedder } from './embedder.js'

/** Something that embeds a batch of texts on another thread (an EmbedThread). */
export interface EmbedLane {
  embed(texts: string[]): Promise<Float32Array[]>
  close(): Promise<void>
}

export interface LaneEmbedderOptions {
  /** Starts the other lanes; called once, after the first call to `embed` has returned. */
  startLanes: () => Promise<EmbedLane[]>
  /** Texts per forward pass once the lanes run. */
  batchSize: number
}

/**
 * An embedder that runs one-thread ONNX sessions side by side, one per core, each on its own thread
 * and each embedding whole batches, instead of one session whose threads split every operator.
 * Why: at the small batches this model is fastest at, a forward pass is hundreds of short operators,
 * and with one session every one of them waits for the slowest of its threads (the one the
 * scheduler put off for the PDF extraction thread or another process); separate sessions never wait
 * for each other. Measured on 2 cores under load, 200 of the dev corpus's chunks: two 1-thread
 * sessions embedded the same texts with less CPU and in less time than one 2-thread session at
 * batch 2 (BENCHMARKS.md, issue 14).
 *
 * `local` (this thread's embedder) is one of the lanes, with its 1-thread session (`sharingCores`).
 * Until the other lanes are up it embeds alone, as it would without them, so the first embedding
 * never waits for them. A lane that fails is dropped and its batch embedded by the others.
 */
export function laneEmbedder(
  local: Embedder,
  opts: LaneEmbedderOptions,
): Embedder & { closeLanes(): Promise<void> } {
  let lanes: EmbedLane[] = []
  let starting: Promise<void> | null = null
  let closed = false

  const start = () => {
    starting ??= opts.startLanes().then(
      (started) => {
        if (closed) void Promise.all(started.map((l) => l.close()))
        else lanes = started
      },
      () => {}, // No lanes: this thread embeds alone, as it did before.
    )
  }

  async function spread(texts: string[]): Promise<Float32Array[]> {
    // Similar lengths together: each forward pass pads less.
    const order = texts.map((_, i) => i).sort((a, b) => texts[a]!.length - texts[b]!.length)
    const queue: number[][] = []
    for (let i = 0; i < order.length; i += opts.batchSize) queue.push(order.slice(i, i + opts.batchSize))
    const result: (Float32Array | undefined)[] = texts.map(() => undefined)
    const run = async (embed: (t: string[]) => Promise<Float32Array[]>, lane?: EmbedLane) => {
      for (let ids = queue.shift(); ids; ids = queue.shift()) {
        let vectors: Float32Array[]
        try {
          vectors = await embed(ids.map((i) => texts[i]!))
        } catch (e) {
          if (!lane) throw e
          // The thread is gone (crashed, or could not embed): its batch goes back to the others.
          lanes = lanes.filter((l) => l !== lane)
          void lane.close().catch(() => {})
          queue.unshift(ids)
          return
        }
        ids.forEach((id, k) => (result[id] = vectors[k]))
      }
    }
    await Promise.all([
      run((t) => local.embed(t, { sharingCores: true })),
      ...lanes.map((lane) => run((t) => lane.embed(t), lane)),
    ])
    // A lane that failed after the others had emptied the queue left its batch for this thread.
    const missing = result.flatMap((v, i) => (v ? [] : [i]))
    if (missing.length) {
      const vectors = await local.embed(missing.map((i) => texts[i]!))
      missing.forEach((id, k) => (result[id] = vectors[k]))
    }
    return result as Float32Array[]
  }

  async function closeLanes(): Promise<void> {
    closed = true
    const all = lanes
    lanes = []
    await Promise.all(all.map((l) => l.close().catch(() => {})))
  }

  return {
    modelId: local.modelId,
    dim: local.dim,
    async embed(texts: string[], o?: EmbedOptions): Promise<Float32Array[]> {
      if (lanes.length === 0) {
        const vectors = await local.embed(texts, o)
        if (!closed) start()
        return vectors
      }
      return spread(texts)
    },
    /** Ends the other lanes' threads (one still loading ends once loaded); `local` stays with its owner. */
    closeLanes,
    dispose: closeLanes,
  }
}
