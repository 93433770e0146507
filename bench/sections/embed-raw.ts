// The ceiling: onnxruntime-node running the embedding model alone, no tokeniser, no pooling, no
// storage. Inputs are pre-tokenised: full 256-token rows (the figure), and the real chunks
// of the dev corpus tokenised and length-sorted (the fair ceiling for Quire's path on that text).
import type * as ort from 'onnxruntime-node'
import { embeddingText } from '../../src/main/engine/ingest/ingest-files.js'
import { MAX_TOKENS } from '../../src/main/engine/embed/transformers-embedder.js'
import { arg, cores, emit, log } from '../lib/env.js'
import { parsedCorpus } from '../lib/parsed-corpus.js'
import { batchedFeeds, feedOf, rawSession as session, tokenizeSorted, type Feed } from '../lib/raw-onnx.js'
import { repeat, round, summarize } from '../lib/stats.js'

const reps = Number(arg('reps', '3'))
const minChunks = Number(arg('chunks', '96'))
const threadsList = arg('threads', [...new Set([1, cores()])].join(','))
  .split(',')
  .map(Number)
const batches = arg('batches', '1,4,8,16,32').split(',').map(Number)

let seed = 7
const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
const randomRow = () => [
  101,
  ...Array.from({ length: MAX_TOKENS - 2 }, () => 1000 + Math.floor(rand() * 28000)),
  102,
]

/** Chunks per second over `batchesOf` prepared feeds, median of reps. */
async function throughput(s: ort.InferenceSession, batchFeeds: Feed[]) {
  await s.run(batchFeeds[0]!.feed)
  const runs = await repeat(reps, async () => {
    const t = performance.now()
    let rows = 0
    for (const b of batchFeeds) {
      await s.run(b.feed)
      rows += b.rows
    }
    return rows / ((performance.now() - t) / 1000)
  })
  return summarize(runs)
}

const grid: { threads: number; batch: number; chunks_per_s: number; spread_pct: number }[] = []
for (const threads of threadsList) {
  const s = await session(threads)
  for (const batch of batches) {
    const n = Math.ceil(minChunks / batch)
    const bf = Array.from({ length: n }, () => feedOf(Array.from({ length: batch }, randomRow), MAX_TOKENS))
    const r = await throughput(s, bf)
    log(`raw onnx threads=${threads} batch=${batch}: ${r.median} chunks/s (±${r.spread_pct}%)`)
    grid.push({ threads, batch, chunks_per_s: r.median, spread_pct: r.spread_pct })
  }
  await s.release()
}
const best = grid.reduce((a, b) => (b.chunks_per_s > a.chunks_per_s ? b : a))

// The same ceiling on the dev corpus's real chunks: tokenised up front, sorted by length, padded per batch.
const texts = (await parsedCorpus()).flatMap((d) =>
  d.parsed.chunks.map((c) => embeddingText(c.heading, c.text)),
)
const every = Math.max(1, Math.floor(texts.length / Number(arg('real-chunks', '512'))))
const sample = texts.filter((_, i) => i % every === 0)
const tokenised = await tokenizeSorted(sample)
const lengths = tokenised.map((r) => r.length)
const realFeeds = batchedFeeds(tokenised, best.batch)
const s = await session(best.threads)
const real = await throughput(s, realFeeds)
await s.release()
log(
  `raw onnx on ${sample.length} real chunks (mean ${round(lengths.reduce((a, b) => a + b, 0) / lengths.length, 0)} tokens): ${real.median} chunks/s`,
)

emit({
  embed_raw_onnx_chunks_per_s: best.chunks_per_s,
  embed_raw_onnx_best: { threads: best.threads, batch: best.batch },
  embed_raw_onnx_real_chunks_per_s: real.median,
  real_chunk_tokens: {
    mean: round(lengths.reduce((a, b) => a + b, 0) / lengths.length, 0),
    p50: lengths[Math.floor(lengths.length / 2)],
    max: lengths.at(-1),
    at_limit_pct: round((100 * lengths.filter((l) => l >= MAX_TOKENS).length) / lengths.length, 1),
  },
  grid,
  spread: { embed_raw_onnx_real_chunks_per_s: real },
})
