// Retrieval latency (embed the question, kNN, FTS5, fusion, fetch passages: Library.search) and
// open time, on a synthetic library built by synth-build.ts. Questions are the dev QA set's.
import { loadEmbedder } from '../../src/main/engine/embed/transformers-embedder.js'
import { Library } from '../../src/main/engine/library.js'
import { arg, emit, log, modelDir, peakRssMb, devQuestions } from '../lib/env.js'
import { quantile, repeat, round, summarize } from '../lib/stats.js'

const dir = arg('dir', '')
const reps = Number(arg('reps', '3'))
const perRep = Number(arg('queries', '100'))
const questions = devQuestions()

// The app loads the model once at start-up; opening a library reuses it, so it is not part of open_ms.
const embedder = await loadEmbedder(modelDir())
const opens = await repeat(3, async () => {
  const t = performance.now()
  const lib = await Library.open(dir, { embedder })
  const ms = performance.now() - t
  await lib.close()
  return ms
})
const lib = await Library.open(dir, { embedder })
const chunks = lib.vectors?.size ?? 0
// Read before close: a closed library has no vector index and reports keyword mode.
const mode = lib.mode
for (const q of questions.slice(0, 10)) await lib.search(q)
const embedMs: number[] = []
for (const q of questions.slice(0, 50)) {
  const t = performance.now()
  await embedder.embed([q])
  embedMs.push(performance.now() - t)
}
const runs = await repeat(reps, async (rep) => {
  const lat: number[] = []
  for (let i = 0; i < perRep; i++) {
    const q = questions[(rep * perRep + i) % questions.length]!
    const t = performance.now()
    await lib.search(q)
    lat.push(performance.now() - t)
  }
  return { p50: quantile(lat, 0.5), p95: quantile(lat, 0.95) }
})
const p50 = summarize(runs.map((r) => r.p50))
const p95 = summarize(runs.map((r) => r.p95))
log(
  `query at ${chunks} chunks: p50 ${p50.median} ms, p95 ${p95.median} ms; open ${round(summarize(opens).median, 0)} ms`,
)
await lib.close()
await embedder.dispose()
emit({
  chunks,
  mode,
  query_p50_ms: p50.median,
  query_p95_ms: p95.median,
  query_embed_p50_ms: round(quantile(embedMs, 0.5)),
  open_ms: round(summarize(opens).median, 0),
  rss_mb: peakRssMb(),
  spread: { query_p50_ms: p50, query_p95_ms: p95, open_ms: summarize(opens) },
})
