// The evaluation with real models, run here against the fake Ollama, the random-weight embedding
// model and the random-weight cross-encoder on a tiny set: every configuration searches every
// question and answers through the model, and the figures come out per configuration (wiring only).
import fs from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { splitTokens, startFakeOllama, type FakeOllama } from '@tests/fake-ollama/index.js'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import { TEST_MODEL_DIR, TEST_RERANKER_DIR } from '@tests/test-model.js'
import { EXPAND_SYSTEM_PROMPT, HYDE_SYSTEM_PROMPT } from '../../src/main/engine/answer/query-help.js'
import { CONTEXT_HEADER_SYSTEM_PROMPT } from '../../src/main/engine/generate/context-headers.js'
import { Library } from '../../src/main/engine/library.js'
import { DEFAULT_TUNING } from '../../src/main/engine/retrieve/tuning.js'
import type { EvalSet } from './eval-sets.js'
import type { QaRecord } from './metrics.js'
import { modelEvalTables, runModelEval, type ModelEvalOptions } from './model-eval.js'

const MODEL = 'llama3.2:3b'
const tempDir = useTempDirs()
let fake: FakeOllama | null = null
afterEach(async () => {
  await fake?.close()
  fake = null
})

const record = (id: string, type: string, question: string, must: string[]): QaRecord => ({
  id,
  conversation_id: null,
  turn: null,
  type,
  question,
  file: type === 'negative' ? null : 'garden.md',
  pages: [],
  must_contain: must,
})

const GARDEN =
  '# Watering\n\nWater tomatoes deeply twice a week at the base of the plant.\n\n# Soil\n\nTomatoes like a soil pH between 6.2 and 6.8.\n'

function tinySet(): EvalSet {
  const docs = tempDir()
  fs.writeFileSync(path.join(docs, 'garden.md'), GARDEN)
  // A second document: at least two chunks, so a run can stop between them.
  fs.writeFileSync(
    path.join(docs, 'kitchen.md'),
    '# Bread\n\nBake the bread at 250 degrees for 30 minutes.\n',
  )
  return {
    name: 'tiny',
    qa: 'tiny.jsonl',
    docs,
    records: [
      record('1', 'factual', 'How often should tomatoes be watered?', ['twice a week']),
      record('2', 'factual', 'What soil pH do tomatoes like?', ['6.2 and 6.8']),
      record('3', 'negative', 'What is the capital of Mongolia?', []),
    ],
  }
}

const isHeaderRequest = (req: { messages: { content: string }[] }) =>
  req.messages[0]?.content === CONTEXT_HEADER_SYSTEM_PROMPT

/** The fake model: a wording, a passage, a header, or an answer citing a source never given. */
async function fakeModel(failHeadersFrom = Infinity): Promise<FakeOllama> {
  let headers = 0
  return startFakeOllama({
    models: [{ name: MODEL, contextLength: 4096 }],
    chat: (req) => {
      if (isHeaderRequest(req))
        return headers++ >= failHeadersFrom
          ? { status: 500, error: 'gone' }
          : { tokens: splitTokens('From the garden guide: caring for tomato plants.') }
      return req.messages[0]?.content === EXPAND_SYSTEM_PROMPT
        ? { tokens: splitTokens('How often are tomatoes watered?\nwatering schedule') }
        : req.messages[0]?.content === HYDE_SYSTEM_PROMPT
          ? { tokens: splitTokens('Tomatoes are watered twice a week.') }
          : { tokens: splitTokens('Twice a week [1]; also [7].') }
    },
  })
}

const options = (set: EvalSet, url: string, cache: string): ModelEvalOptions => ({
  sets: [set],
  ollama: url,
  model: MODEL,
  modelDir: TEST_MODEL_DIR,
  rerankerDir: TEST_RERANKER_DIR,
  tuning: DEFAULT_TUNING,
  k: 5,
  answers: 2,
  queryHelpBudgetMs: 30_000,
  cache,
  log: () => undefined,
})

describe('npm run eval -- --ollama URL --model NAME --reranker DIR', () => {
  it('reports retrieval and answer figures for each configuration', async () => {
    fake = await fakeModel()
    const cache = tempDir()
    const results = await runModelEval(options(tinySet(), fake.url, cache))
    expect(results.map((r) => r.config)).toEqual([
      'base',
      '+rerank',
      '+expand',
      '+hyde',
      'rerank+hyde',
      '+headers',
    ])
    for (const r of results) {
      expect(r.retrieval).toMatchObject({ answerable: 2, negatives: 1 })
      // The fake model cites a source [7] that was never given: every answer has an invalid citation.
      expect(r.answers).toMatchObject({ asked: 2, with_invalid_citations: 2, query_help_skipped: 0 })
    }
    const tables = modelEvalTables(results)
    expect(tables).toMatch(/\| \+rerank \| 2 \|/)
    expect(tables).toMatch(/\| \+headers \| 2 \|/)
    expect(tables).toMatch(/declined by the model/)
  })

  it('+headers searches a library of its own whose every chunk got a header, one model call each', async () => {
    fake = await fakeModel()
    const cache = tempDir()
    const results = await runModelEval({ ...options(tinySet(), fake.url, cache), rerankerDir: null })
    const headers = results.find((r) => r.config === '+headers')!.headers!
    const calls = fake.chats.filter((c) => isHeaderRequest(c.body)).length
    expect(headers.chunks).toBeGreaterThanOrEqual(2)
    expect(headers).toMatchObject({ written: headers.chunks, model_calls: headers.chunks })
    expect(calls).toBe(headers.chunks)
    expect(modelEvalTables(results)).toMatch(
      new RegExp(
        `\\+headers: ${headers.chunks} of ${headers.chunks} chunks' headers written by this run, with ${headers.chunks} model calls`,
      ),
    )
    // The other configurations' library (the set's name) has no headers; + headers' has them all.
    expect(fs.readdirSync(cache).sort()).toEqual(['tiny', `tiny+headers-llama3.2_3b`])
    const plain = await Library.open(path.join(cache, 'tiny'), { modelDir: TEST_MODEL_DIR })
    const withHeaders = await Library.open(path.join(cache, 'tiny+headers-llama3.2_3b'), {
      modelDir: TEST_MODEL_DIR,
    })
    try {
      const stored = (lib: Library) =>
        lib.db.prepare('SELECT context_header FROM chunks').pluck().all() as (string | null)[]
      expect(stored(plain).every((h) => h === null)).toBe(true)
      expect(stored(withHeaders)).toEqual(
        Array(headers.chunks).fill('From the garden guide: caring for tomato plants.'),
      )
    } finally {
      await plain.close()
      await withHeaders.close()
    }
  })

  it('a +headers run the model stopped says so, and the next run asks only for the headers left', async () => {
    const set = tinySet()
    const cache = tempDir()
    fake = await fakeModel(1)
    await expect(runModelEval({ ...options(set, fake.url, cache), rerankerDir: null })).rejects.toThrow(
      /tiny: the headers were not all written \(\d+ left: .*\)\. The ones written are kept in .*; run the same command again/,
    )
    const firstCalls = fake.chats.filter((c) => isHeaderRequest(c.body)).length
    expect(firstCalls).toBe(2) // one written, the second failed
    await fake.close()

    fake = await fakeModel()
    const results = await runModelEval({ ...options(set, fake.url, cache), rerankerDir: null })
    const headers = results.find((r) => r.config === '+headers')!.headers!
    // The chunk written before is not asked again; the failed one is.
    expect(headers.written).toBe(headers.chunks - 1)
    expect(fake.chats.filter((c) => isHeaderRequest(c.body))).toHaveLength(headers.chunks - 1)

    // Run again: nothing is left to ask for.
    await fake.close()
    fake = await fakeModel()
    const again = await runModelEval({ ...options(set, fake.url, cache), rerankerDir: null })
    expect(again.find((r) => r.config === '+headers')!.headers).toMatchObject({ written: 0, model_calls: 0 })
    expect(fake.chats.filter((c) => isHeaderRequest(c.body))).toHaveLength(0)
  })

  it('--no-headers leaves + headers out and asks for no header', async () => {
    fake = await fakeModel()
    const results = await runModelEval({ ...options(tinySet(), fake.url, tempDir()), headers: false })
    expect(results.map((r) => r.config)).not.toContain('+headers')
    expect(fake.chats.some((c) => isHeaderRequest(c.body))).toBe(false)
  })
})
