// Batch size by measurement: Quire's embedder (tokeniser, ONNX Runtime, pooling) on the dev
// corpus's real chunks at each batch size, in rounds that alternate the sizes (1, 2, 4, …, 1, 2,
// 4, …), so a busy neighbour slows every size alike and the ratios stay fair. Reports chunks/s
// per size (median over rounds) and each size's rate relative to the best; 'auto' is the default
// embedder, which picks its batch size while it embeds (BatchTuner).
import { embeddingText } from '../../src/main/engine/ingest/chunk-pages.js'
import { defaultThreads, loadEmbedder } from '../../src/main/engine/embed/transformers-embedder.js'
import type { Embedder } from '../../src/main/engine/embed/embedder.js'
import { arg, cores, emit, log, modelDir } from '../lib/env.js'
import { parsedCorpus } from '../lib/parsed-corpus.js'
import { round, summarize } from '../lib/stats.js'

const rounds = Number(arg('rounds', '3'))
/** Sizes to compare; 0 stands for 'auto' (no batchSize given: the embedder measures and picks). */
const batches = arg('batches', '1,2,4,8,16,32,auto')
  .split(',')
  .map((b) => (b === 'auto' ? 0 : Number(b)))
const sample = Number(arg('chunks', '96'))
const threads = Number(arg('threads', String(defaultThreads())))

const texts = (await parsedCorpus()).flatMap((d) =>
  d.parsed.chunks.map((c) => embeddingText(c.heading, c.text)),
)
// An even sample of the corpus, so every size embeds the same mix of short and long chunks.
const step = Math.max(1, Math.floor(texts.length / sample))
const chosen = texts.filter((_, i) => i % step === 0).slice(0, sample)

const embedders = new Map<number, Embedder>()
for (const b of batches)
  embedders.set(b, await loadEmbedder(modelDir(), b === 0 ? { threads } : { batchSize: b, threads }))
const rates = new Map<number, number[]>(batches.map((b) => [b, []]))
for (let r = 0; r < rounds; r++) {
  // Each round runs the sizes in a rotated order, so none always goes first or last.
  const order = batches.map((_, i) => batches[(i + r) % batches.length]!)
  for (const b of order) {
    const t = performance.now()
    await embedders.get(b)!.embed(chosen)
    const rate = chosen.length / ((performance.now() - t) / 1000)
    rates.get(b)!.push(rate)
    log(`embed batch ${b || 'auto'} (round ${r + 1}): ${rate.toFixed(1)} chunks/s`)
  }
}
for (const e of embedders.values()) await e.dispose()
const grid = batches.map((b) => ({
  batch: b === 0 ? 'auto' : String(b),
  chunks_per_s: summarize(rates.get(b)!).median,
  spread: summarize(rates.get(b)!),
}))
const best = grid
  .filter((g) => g.batch !== 'auto')
  .reduce((a, g) => (g.chunks_per_s > a.chunks_per_s ? g : a))
emit({
  cores: cores(),
  threads,
  chunks: chosen.length,
  best_batch: Number(best.batch),
  grid: grid.map((g) => ({ ...g, of_best: round(g.chunks_per_s / best.chunks_per_s, 3) })),
})
