// The whole dev corpus imported end to end the way the app does it: runIngestWorker (a worker
// thread running extraction on a ParsePool beside the embedder), into a fresh library each run.
import fs from 'node:fs'
import path from 'node:path'
import { runIngestWorker } from '../../src/main/engine/worker/run-ingest-worker.js'
import { arg, CACHE, dirBytes, emit, ensureCorpus, log, modelDir, peakRssMb } from '../lib/env.js'
import { repeat, round, summarize } from '../lib/stats.js'

const reps = Number(arg('reps', '3'))
const parseWorkers = arg('parse-workers', '')
const files = ensureCorpus()
/** The last run's library is kept for first-token.ts (a real library to ask questions of). */
const DEV_LIBRARY = path.join(CACHE, 'dev-library')

const runs = await repeat(reps, async () => {
  fs.rmSync(DEV_LIBRARY, { recursive: true, force: true })
  const cpu0 = process.cpuUsage()
  const t = performance.now()
  const t0Epoch = Date.now()
  let extractedAt = 0
  // The embedder's idle time: from one document's commit to the next document's first embedding.
  // Above ~0 means extraction (or the commit) kept it waiting.
  let lastDoneAt = 0
  let waitMs = 0
  const report = await runIngestWorker(
    {
      libraryDir: DEV_LIBRARY,
      modelDir: modelDir(),
      paths: files,
      ...(parseWorkers ? { parseWorkers: Number(parseWorkers) } : {}),
    },
    {
      onProgress: (p) => {
        const now = performance.now() - t
        if (p.stage === 'chunking') extractedAt = now
        if (p.stage === 'embedding' && p.done === 0 && lastDoneAt > 0) waitMs += now - lastDoneAt
        if (p.stage === 'done') lastDoneAt = now
      },
    },
  )
  const s = (performance.now() - t) / 1000
  const cpu = process.cpuUsage(cpu0)
  const pages = report.documents.reduce((n, d) => n + d.pages, 0)
  const chunks = report.documents.reduce((n, d) => n + d.chunks, 0)
  const failed = report.documents.filter((d) => d.status !== 'indexed')
  if (failed.length) throw new Error(`not indexed: ${failed.map((d) => `${d.file} ${d.error}`).join('; ')}`)
  // Busy cores over the run (this process and all its threads): 2.0 on 2 cores = none idled.
  const busyCores = (cpu.user + cpu.system) / 1e6 / s
  // From the call (worker start, library open and model load included) to the first forward pass.
  const firstEmbedS = report.stream?.firstEmbeddingAt
    ? (report.stream.firstEmbeddingAt - t0Epoch) / 1000
    : NaN
  const stream = report.stream
  // CPU time of the whole process (all threads) up to the first forward pass: worker start, library
  // open, model load and reading the first pages. Unlike the wall time it hardly depends on the load.
  const firstEmbedCpuS =
    stream?.firstEmbeddingCpuMs != null
      ? stream.firstEmbeddingCpuMs / 1000 - (cpu0.user + cpu0.system) / 1e6
      : NaN
  // The embedder's idle time after it started: the rest is commits, index saves and waiting for text.
  const idleS = Number.isFinite(firstEmbedS) ? s - firstEmbedS - (stream?.embeddingMs ?? 0) / 1000 : NaN
  log(
    `ingest: ${pages} pages, ${chunks} chunks in ${s.toFixed(1)} s; first embedding at ${firstEmbedS.toFixed(2)} s (${firstEmbedCpuS.toFixed(2)} CPU-s); embedder idle ${idleS.toFixed(1)} s; extraction done at ${(extractedAt / 1000).toFixed(1)} s; ${busyCores.toFixed(2)} cores busy; drafts embedded ${stream?.draftsEmbedded}, reused ${stream?.draftsReused}, embedded after extraction ${stream?.embeddedAfterExtraction}`,
  )
  return {
    s,
    pages,
    chunks,
    extractedS: extractedAt / 1000,
    firstEmbedS,
    firstEmbedCpuS,
    idleS,
    draftsEmbedded: stream?.draftsEmbedded ?? 0,
    draftsReused: stream?.draftsReused ?? 0,
    waitS: waitMs / 1000,
    busyCores,
    bytes: dirBytes(DEV_LIBRARY),
  }
})

const secs = summarize(runs.map((r) => r.s))
const pps = summarize(runs.map((r) => r.pages / r.s))
const last = runs.at(-1)!
emit({
  ingest_seconds: secs.median,
  ingest_pages_per_s: pps.median,
  ingest_chunks_per_s: round(last.chunks / secs.median),
  pages: last.pages,
  chunks: last.chunks,
  first_embedding_s: summarize(runs.map((r) => r.firstEmbedS)).median,
  first_embedding_cpu_s: summarize(runs.map((r) => r.firstEmbedCpuS)).median,
  embedder_wait_s: summarize(runs.map((r) => r.waitS)).median,
  embedder_idle_s: summarize(runs.map((r) => r.idleS)).median,
  extraction_done_s: summarize(runs.map((r) => r.extractedS)).median,
  busy_cores: summarize(runs.map((r) => r.busyCores)).median,
  // Draft chunks embedded while their document was still being read, and how many of the final
  // chunks took a draft's vector (the rest were embedded after their document was read).
  drafts_embedded: last.draftsEmbedded,
  drafts_reused: last.draftsReused,
  rss_mb_ingest: peakRssMb(),
  bytes_per_chunk: Math.round(last.bytes / last.chunks),
  spread: { ingest_seconds: secs, ingest_pages_per_s: pps },
})
