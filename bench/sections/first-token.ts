// Quire's own time from a question to the chat request reaching Ollama: conversation bookkeeping,
// retrieval, prompt building and the HTTP request, against the fake Ollama server (no model time).
import path from 'node:path'
import { startFakeOllama } from '../../tests/fake-ollama/index.js'
import { ConversationStore } from '../../src/main/engine/chat/conversation-store.js'
import { Answerer } from '../../src/main/engine/answer/answerer.js'
import { Library } from '../../src/main/engine/library.js'
import { arg, CACHE, emit, log, modelDir, devQuestions } from '../lib/env.js'
import { quantile, repeat, summarize } from '../lib/stats.js'

const reps = Number(arg('reps', '3'))
const perRep = Number(arg('questions', '30'))
const dir = arg('dir', path.join(CACHE, 'dev-library'))
const questions = devQuestions()

let arrivedAt = 0
const fake = await startFakeOllama({
  chat: () => {
    arrivedAt = performance.now()
    return { tokens: ['Answer', ' [1].'] }
  },
})
const lib = await Library.open(dir, { modelDir: modelDir() })
const answerer = new Answerer({
  search: (q, o) => lib.search(q, o),
  conversations: new ConversationStore(lib.db),
  ollama: { host: fake.url, model: 'llama3.2:3b' },
})
// Warm-up: first requests open the HTTP connection and fill caches once per session, not per question.
for (const q of questions.slice(0, 3)) await answerer.ask(q)
let declined = 0
const runs = await repeat(reps, async (rep) => {
  const lat: number[] = []
  for (let i = 0; i < perRep; i++) {
    arrivedAt = 0
    const t = performance.now()
    await answerer.ask(questions[(rep * perRep + i) % questions.length]!)
    if (arrivedAt === 0) declined++
    else lat.push(arrivedAt - t)
  }
  return { p50: quantile(lat, 0.5), p95: quantile(lat, 0.95) }
})
await lib.close()
await fake.close()
const p50 = summarize(runs.map((r) => r.p50))
const p95 = summarize(runs.map((r) => r.p95))
log(
  `first-token overhead: p50 ${p50.median} ms, p95 ${p95.median} ms (${declined} questions declined before Ollama)`,
)
emit({
  first_token_overhead_ms: p95.median,
  first_token_overhead_p50_ms: p50.median,
  first_token_overhead_p95_ms: p95.median,
  first_token_declined: declined,
  first_token_library_chunks: lib.vectors?.size ?? 0,
  spread: { first_token_overhead_p95_ms: p95, first_token_overhead_p50_ms: p50 },
})
