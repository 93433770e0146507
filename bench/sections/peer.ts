// Quire vs the LangChain.js recipe (bench/peer/), side by side on the dev corpus: runs alternate
// (Quire, recipe, Quire, recipe, …) so both see the same machine load. Quire is timed as a whole
// command, `quire ingest --json` from the built CLI (process start, model load, extraction,
// embedding, index save), into a fresh library each run; the recipe likewise as a whole process.
// Then, in the same run, the machine's limit for the chunks Quire stored: raw ONNX Runtime embedding
// exactly those texts at its best thread/batch setting, plus extraction's CPU seconds over the cores.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { arg, cores, corpusDir, emit, ensureCorpus, log, modelDir, ROOT } from '../lib/env.js'
import { extractionCpuS, rawEmbeddingLimit, storedEmbeddingTexts } from '../lib/raw-onnx.js'
import { runGuarded } from '../lib/rss-guard.js'
import { round, summarize } from '../lib/stats.js'

const reps = Number(arg('reps', '3'))
/** Either side is killed past this resident size (its whole process tree). */
const limitMb = Number(arg('rss-limit-mb', '8000'))
ensureCorpus()
const corpus = corpusDir()
const peerDir = path.join(ROOT, 'bench', 'peer')
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-peer-'))

interface Run {
  s: number
  chunks: number
  pages: number
  rssMb: number
  cpuS: number | null
  /** Quire only: process start to the first forward pass (ingest --json's first_embedding_s). */
  firstEmbeddingS?: number | null
  /** Quire only: CPU seconds of the whole process by then (ingest --json's first_embedding_cpu_s). */
  firstEmbeddingCpuS?: number | null
}

async function timed(
  cmd: string,
  args: string[],
  cwd: string,
): Promise<{ s: number; out: string; rssMb: number; cpuS: number | null }> {
  const r = await runGuarded(cmd, args, { cwd, limitMb })
  const name = path.basename(args[0] ?? cmd)
  if (r.killed) throw new Error(`${name} was killed at ${r.peakRssMb} MB resident (limit ${limitMb} MB)`)
  if (r.code !== 0) throw new Error(`${name} failed: ${r.stderr.slice(-2000)}`)
  return { s: r.s, out: r.stdout, rssMb: r.peakRssMb, cpuS: r.cpuS }
}

async function quire(): Promise<Run> {
  const lib = path.join(tmp, 'quire-lib')
  fs.rmSync(lib, { recursive: true, force: true })
  const bin = path.join(ROOT, 'bin', 'quire.js')
  const r = await timed(
    process.execPath,
    [bin, 'ingest', corpus, '--library', lib, '--model-dir', modelDir(), '--json'],
    ROOT,
  )
  const report = JSON.parse(r.out.trim().split('\n').at(-1)!) as {
    documents: { status: string; pages: number; chunks: number }[]
    first_embedding_s: number | null
    first_embedding_cpu_s?: number | null
  }
  const bad = report.documents.filter((d) => d.status !== 'indexed')
  if (bad.length) throw new Error(`quire ingest: ${bad.length} documents not indexed`)
  const sum = (k: 'pages' | 'chunks') => report.documents.reduce((n, d) => n + d[k], 0)
  return {
    s: r.s,
    chunks: sum('chunks'),
    pages: sum('pages'),
    rssMb: r.rssMb,
    cpuS: r.cpuS,
    firstEmbeddingS: report.first_embedding_s,
    firstEmbeddingCpuS: report.first_embedding_cpu_s ?? null,
  }
}

async function peer(): Promise<Run | null> {
  if (!fs.existsSync(path.join(peerDir, 'node_modules'))) return null
  const r = await timed(
    process.execPath,
    [
      path.join(peerDir, 'ingest-langchain.mjs'),
      '--corpus',
      corpus,
      '--model',
      modelDir(),
      '--out',
      path.join(tmp, 'peer-index'),
    ],
    peerDir,
  )
  const j = JSON.parse(r.out.trim().split('\n').at(-1)!) as { chunks: number; pages: number }
  return { s: r.s, chunks: j.chunks, pages: j.pages, rssMb: r.rssMb, cpuS: r.cpuS }
}

if (!fs.existsSync(path.join(ROOT, 'out', 'main', 'cli.js')))
  throw new Error('out/main/cli.js is missing: run `npm run build` first')
if (!fs.existsSync(path.join(peerDir, 'node_modules')))
  log('peer: bench/peer/node_modules is missing (cd bench/peer && npm install); timing Quire only')

const q: Run[] = []
const p: Run[] = []
for (let i = 0; i < reps; i++) {
  const a = await quire()
  q.push(a)
  log(
    `peer: quire ingest ${a.s.toFixed(1)} s, ${a.cpuS?.toFixed(1)} CPU-s (${a.chunks} chunks, peak ${a.rssMb} MB, first embedding at ${a.firstEmbeddingS} s, ${a.firstEmbeddingCpuS} CPU-s)`,
  )
  const b = await peer()
  if (b) {
    p.push(b)
    log(
      `peer: langchain recipe ${b.s.toFixed(1)} s, ${b.cpuS?.toFixed(1)} CPU-s (${b.chunks} chunks, peak ${b.rssMb} MB)`,
    )
  }
}

const texts = storedEmbeddingTexts(path.join(tmp, 'quire-lib'))
const limit = await rawEmbeddingLimit(texts)
const extractCpuS = await extractionCpuS(ensureCorpus())
const rawLimitS = limit.embedS + extractCpuS / cores()
log(
  `peer: raw limit ${rawLimitS.toFixed(1)} s = ${limit.embedS.toFixed(1)} s embedding ${texts.length} stored chunks + ${extractCpuS.toFixed(1)} CPU-s extraction / ${cores()} cores`,
)
fs.rmSync(tmp, { recursive: true, force: true })
const qs = summarize(q.map((r) => r.s))
const ps = p.length ? summarize(p.map((r) => r.s)) : null
emit({
  quire_ingest_cli_s: qs.median,
  quire_chunks: q[0]!.chunks,
  // The built CLI, from process start to the embedder's first forward pass.
  quire_first_embedding_s: summarize(q.map((r) => r.firstEmbeddingS ?? NaN)).median,
  // The process's CPU seconds by then (all threads): the start-up's work, whatever the load.
  quire_first_embedding_cpu_s: summarize(q.map((r) => r.firstEmbeddingCpuS ?? NaN)).median,
  quire_pages: q[0]!.pages,
  peer_ingest_s: ps?.median ?? null,
  peer_chunks: p[0]?.chunks ?? null,
  peer_ratio: ps ? round(ps.median / qs.median, 2) : null,
  // Each pair ran back to back: the ratio of each pair says how much the load moved between them.
  peer_pair_ratios: p.map((r, i) => round(r.s / q[i]!.s, 2)),
  rss_mb_quire_cli: Math.max(...q.map((r) => r.rssMb)),
  // CPU seconds (user + system, whole command): the work each side does, whatever the machine's load.
  quire_cpu_s: summarize(q.map((r) => r.cpuS ?? NaN)).median,
  peer_cpu_s: p.length ? summarize(p.map((r) => r.cpuS ?? NaN)).median : null,
  rss_mb_peer: p.length ? Math.max(...p.map((r) => r.rssMb)) : null,
  // The machine's limit for Quire's own chunks, measured in this run (see the header).
  raw_limit_s: round(rawLimitS, 1),
  raw_limit_ratio: round(qs.median / rawLimitS, 3),
  raw_embed_s: round(limit.embedS, 1),
  raw_embed_chunks: texts.length,
  raw_embed_chunks_per_s: limit.chunksPerS,
  raw_embed_best: limit.best,
  raw_embed_grid: limit.grid,
  raw_embed_mean_tokens: limit.meanTokens,
  extract_cpu_s: round(extractCpuS, 1),
  // If Quire's whole import took only the raw embedding and extraction time, this would be the ratio.
  peer_ratio_at_raw_limit: ps ? round(ps.median / rawLimitS, 2) : null,
  spread: { quire_ingest_cli_s: qs, ...(ps ? { peer_ingest_s: ps } : {}) },
})
