// The rerank stage's cost: random-weight cross-encoders of ms-marco-MiniLM-L-6-v2's shape (6
// layers, 384 wide; scripts/build-test-reranker.ts, which writes both the fp32 file and the int8 one
// laid out as transformers.js's quantize.py writes the published q8 files) and of MiniLM-L-2's (2
// layers), with the real BERT uncased tokenizer (the random MiniLM's), scoring 30 passages of prose
// (docs/*.md cut into ~180-word pieces) against a question, as the stage does per search, through
// the same loader. Every pair is longer than the cap, so every pass is as long as the cap, as nearly
// every pass of the stage is (cross-encoder.ts). Throughput only: the weights are random.
// Target (issue 31): p95 ≤ 150 ms for 30 candidates on 2 cores.
//
// Every configuration is loaded first and the searches then go round the configurations in turn, so
// fp32 and int8 (and each length) are measured side by side under the same load; the load average
// before and after is printed, and CPU time per search beside the wall clock (the machine may be
// shared: CPU-ms over the cores is what a search costs on an idle one).
//
//   npx tsx bench/sections/rerank.ts [--reps 20] [--candidates 30] [--tokens 128,96]
//     [--dtypes fp32,q8] [--shapes minilm-l6,minilm-l2] [--batches 15] [--scoring threads,here]
// (--tokens: word pieces per pair, RERANK_MAX_TOKENS the stage's; --batches: the 30 passages scored
// in forward passes of at most this many, as the stage's MAX_BATCH does; --scoring: on the
// reranker's scoring threads, as the app scores, or in one session on the calling thread.)
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buildTestReranker, type TestRerankerSize } from '../../scripts/build-test-reranker.js'
import { loadReranker, RERANK_MAX_TOKENS } from '../../src/main/engine/rerank/cross-encoder.js'
import { DEFAULT_WORKER } from '../../src/main/engine/worker/run-ingest-worker.js'
import { defaultThreads } from '../../src/main/engine/embed/transformers-embedder.js'
import type { Reranker } from '../../src/main/engine/rerank/reranker.js'
import { arg, CACHE, cores, emit, log, modelDir, ROOT } from '../lib/env.js'
import { round, summarize, quantile } from '../lib/stats.js'

const reps = Number(arg('reps', '20'))
const candidates = Number(arg('candidates', '30'))
const tokenLimits = arg('tokens', `128,${RERANK_MAX_TOKENS}`).split(',').map(Number)
const dtypes = arg('dtypes', 'fp32,q8').split(',') as ('fp32' | 'q8')[]
const shapes = arg('shapes', 'minilm-l6,minilm-l2').split(',') as TestRerankerSize[]
const batchSizes = arg('batches', '15').split(',').map(Number)
// threads: the app's way, one one-thread session per core on scoring threads (rerank-threads.ts);
// here: one session with as many intra-op threads on this thread (how it scored before).
const scorings = arg('scoring', 'threads').split(',') as ('threads' | 'here')[]
const budgetMs = 150

const words = fs
  .readdirSync(path.join(ROOT, 'docs'))
  .filter((f) => f.endsWith('.md'))
  .sort()
  .flatMap((f) => fs.readFileSync(path.join(ROOT, 'docs', f), 'utf8').split(/\s+/))
  .filter(Boolean)
const passages: string[] = []
for (let i = 0; i + 180 <= words.length; i += 180) passages.push(words.slice(i, i + 180).join(' '))
const questions = [
  'How does the library decide that nothing answers a question?',
  'What happens to an import interrupted by a crash?',
  'Which formats can be imported besides PDF?',
  'How are scanned pages read?',
]

interface Config {
  key: string
  label: string
  reranker: Reranker
  batch: number
  times: number[]
  cpuMs: number[]
}
const configs: Config[] = []
for (const shape of shapes) {
  const dir = await buildTestReranker(path.join(CACHE, `${shape}-cross-encoder`), shape, modelDir())
  for (const dtype of dtypes)
    for (const maxTokens of tokenLimits)
      for (const scoring of scorings) {
        const threadScript = scoring === 'threads' ? DEFAULT_WORKER : null
        const reranker = await loadReranker(dir, { dtype, maxTokens, threadScript })
        for (const batch of batchSizes)
          configs.push({
            key: `${shape}_${dtype}_tokens_${maxTokens}${batch < candidates ? `_batch_${batch}` : ''}${scorings.length > 1 ? `_${scoring}` : ''}`,
            label: `${shape} ${dtype === 'q8' ? 'int8' : 'fp32'} ≤${maxTokens} pieces${batch < candidates ? `, batches of ${batch}` : ''}, ${scoring === 'threads' ? `${defaultThreads()} scoring threads of one ONNX thread each` : `one session of ${defaultThreads()} ONNX threads on the calling thread`}`,
            reranker,
            batch,
            times: [],
            cpuMs: [],
          })
      }
}

// The loader's session options, as every search of the app runs with them.
const knobs = `ONNX Runtime sessions: inter-op 1, sequential, threads sleep between operators (no spinning), graph optimisation 'all'; pairs cut at the cap with their [SEP] kept, each pass padded to its longest pair; the stage's cap is ${RERANK_MAX_TOKENS} pieces`
log(knobs)
const loadBefore = os.loadavg()
for (let r = 0; r < reps; r++)
  for (const c of configs) {
    const start = (r * candidates) % Math.max(1, passages.length - candidates)
    const batch = passages.slice(start, start + candidates)
    const cpu = process.cpuUsage()
    const t = performance.now()
    for (let i = 0; i < batch.length; i += c.batch)
      await c.reranker.score(questions[r % questions.length]!, batch.slice(i, i + c.batch))
    c.times.push(performance.now() - t)
    const used = process.cpuUsage(cpu)
    c.cpuMs.push((used.user + used.system) / 1000)
  }
const loadAfter = os.loadavg()
const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(', ')
log(`load average before ${load(loadBefore)}; after ${load(loadAfter)} (${cores()} cores)`)

const results: Record<string, unknown> = {}
for (const r of new Set(configs.map((c) => c.reranker))) await r.dispose()
for (const c of configs) {
  const s = summarize(c.times)
  const p95 = round(quantile(c.times, 0.95), 0)
  const cpu = summarize(c.cpuMs)
  // How many of the candidates the budget would score: from the wall clock, and from the CPU time
  // over the cores (an idle machine; the wall clock of a shared one says more about its load).
  const fits = (ms: number) => Math.min(candidates, Math.floor((budgetMs / ms) * candidates))
  const idleMs = cpu.median / cores()
  log(
    `rerank ${c.label}, ${candidates} passages: p50 ${round(s.median, 0)} ms, p95 ${p95} ms (~${fits(s.median)} fit in ${budgetMs} ms); ${round(cpu.median, 0)} CPU-ms per search, so ${round(idleMs, 0)} ms over ${cores()} idle cores (~${fits(idleMs)} fit)`,
  )
  results[c.key] = {
    p50_ms: round(s.median, 0),
    p95_ms: p95,
    fit_in_budget: fits(s.median),
    idle_ms: round(idleMs, 0),
    fit_in_budget_idle: fits(idleMs),
    cpu_ms_p50: round(cpu.median, 0),
    cpu_ms_p95: round(quantile(c.cpuMs, 0.95), 0),
  }
}
emit({
  rerank: {
    candidates,
    budget_ms: budgetMs,
    cores: cores(),
    knobs,
    load_before: loadBefore.map((x) => round(x, 2)),
    load_after: loadAfter.map((x) => round(x, 2)),
    ...results,
  },
})
