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
import { DEFAULT_TUNING } from '../../src/main/engine/retrieve/tuning.js'
import type { QaRecord } from './metrics.js'
import { modelEvalTables, runModelEval } from './model-eval.js'

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

describe('npm run eval -- --ollama URL --model NAME --reranker DIR', () => {
  it('reports retrieval and answer figures for each configuration', async () => {
    const docs = tempDir()
    fs.writeFileSync(
      path.join(docs, 'garden.md'),
      '# Watering\n\nWater tomatoes deeply twice a week at the base of the plant.\n\n# Soil\n\nTomatoes like a soil pH between 6.2 and 6.8.\n',
    )
    fake = await startFakeOllama({
      models: [{ name: MODEL, contextLength: 4096 }],
      chat: (req) =>
        req.messages[0]?.content === EXPAND_SYSTEM_PROMPT
          ? { tokens: splitTokens('How often are tomatoes watered?\nwatering schedule') }
          : req.messages[0]?.content === HYDE_SYSTEM_PROMPT
            ? { tokens: splitTokens('Tomatoes are watered twice a week.') }
            : { tokens: splitTokens('Twice a week [1]; also [7].') },
    })
    const results = await runModelEval({
      sets: [
        {
          name: 'tiny',
          qa: 'tiny.jsonl',
          docs,
          records: [
            record('1', 'factual', 'How often should tomatoes be watered?', ['twice a week']),
            record('2', 'factual', 'What soil pH do tomatoes like?', ['6.2 and 6.8']),
            record('3', 'negative', 'What is the capital of Mongolia?', []),
          ],
        },
      ],
      ollama: fake.url,
      model: MODEL,
      modelDir: TEST_MODEL_DIR,
      rerankerDir: TEST_RERANKER_DIR,
      tuning: DEFAULT_TUNING,
      k: 5,
      answers: 2,
      queryHelpBudgetMs: 30_000,
      cache: tempDir(),
      log: () => undefined,
    })
    expect(results.map((r) => r.config)).toEqual(['base', '+rerank', '+expand', '+hyde', 'rerank+hyde'])
    for (const r of results) {
      expect(r.retrieval).toMatchObject({ answerable: 2, negatives: 1 })
      // The fake model cites a source [7] that was never given: every answer has an invalid citation.
      expect(r.answers).toMatchObject({ asked: 2, with_invalid_citations: 2, query_help_skipped: 0 })
    }
    const tables = modelEvalTables(results)
    expect(tables).toMatch(/\| \+rerank \| 2 \|/)
    expect(tables).toMatch(/declined by the model/)
  })
})
