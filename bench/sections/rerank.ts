// The rerank stage's cost: random-weight cross-encoders of ms-marco-MiniLM-L-6-v2's shape (6
// layers, 384 wide, q8 layout; scripts/build-test-reranker.ts) and of MiniLM-L-2's (2 layers) with the real BERT uncased tokenizer
// (the random MiniLM's), scoring 30 passages of prose (docs/*.md cut into ~180-word pieces) against
// a question, as the stage does per search, through the same loader. Throughput only: the weights
// are random. Target (issue 31): p95 ≤ 150 ms for 30 candidates on 2 cores.
//
//   npx tsx bench/sections/rerank.ts [--reps 30] [--candidates 30] [--tokens 256,128] [--shapes minilm-l6,minilm-l2]
import fs from 'node:fs'
import path from 'node:path'
import { buildTestReranker, type TestRerankerSize } from '../../scripts/build-test-reranker.js'
import { loadReranker } from '../../src/main/engine/rerank/cross-encoder.js'
import { arg, CACHE, cores, emit, log, modelDir, ROOT } from '../lib/env.js'
import { round, summarize, quantile } from '../lib/stats.js'

const reps = Number(arg('reps', '30'))
const candidates = Number(arg('candidates', '30'))
const tokenLimits = arg('tokens', '256,128').split(',').map(Number)
const shapes = arg('shapes', 'minilm-l6,minilm-l2').split(',') as TestRerankerSize[]
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

const results: Record<string, unknown> = {}
for (const shape of shapes)
  for (const maxTokens of tokenLimits) {
    const dir = await buildTestReranker(path.join(CACHE, `${shape}-cross-encoder`), shape, modelDir())
    const reranker = await loadReranker(dir, { maxTokens })
    const times: number[] = []
    // CPU time too: on a machine shared with other work the wall clock says more about the load
    // than about the model; CPU-ms over the cores is what the scoring costs on an idle machine.
    const cpuBefore = process.cpuUsage()
    for (let r = 0; r < reps; r++) {
      const start = (r * candidates) % Math.max(1, passages.length - candidates)
      const batch = passages.slice(start, start + candidates)
      const t = performance.now()
      await reranker.score(questions[r % questions.length]!, batch)
      times.push(performance.now() - t)
    }
    const cpu = process.cpuUsage(cpuBefore)
    const cpuMs = (cpu.user + cpu.system) / 1000 / reps
    await reranker.dispose()
    const s = summarize(times)
    const p95 = round(quantile(times, 0.95), 0)
    const fits = Math.min(candidates, Math.floor((budgetMs / s.median) * candidates))
    log(
      `rerank ${shape}, ${candidates} passages, ≤${maxTokens} tokens, ${cores()} cores: p50 ${round(s.median, 0)} ms, p95 ${p95} ms; ~${fits} fit in ${budgetMs} ms; ${round(cpuMs, 0)} CPU-ms per search (${round(cpuMs / cores(), 0)} ms over ${cores()} cores when idle)`,
    )
    results[`${shape}_tokens_${maxTokens}`] = {
      p50_ms: round(s.median, 0),
      p95_ms: p95,
      fit_in_budget: fits,
      cpu_ms_per_search: round(cpuMs, 0),
    }
  }
emit({ rerank: { candidates, budget_ms: budgetMs, cores: cores(), ...results } })
