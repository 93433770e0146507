// The reranker folder check and the cross-encoder itself, on the random-weight test cross-encoder
// (scripts/build-test-reranker.ts): wiring only, its scores mean nothing.
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_MODEL_DIR, TEST_RERANKER_DIR } from '@tests/test-model.js'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import { AutoTokenizer } from '@huggingface/transformers'
import { loadReranker, RERANK_MAX_TOKENS, warmUpPair } from './cross-encoder.js'
import { inspectRerankerDir } from './reranker-dir.js'
import { DEFAULT_WORKER } from '../worker/run-ingest-worker.js'
import { DTYPE_FILES } from '../embed/transformers-embedder.js'
import { encodePairs } from './encode-pairs.js'
import type { Reranker } from './reranker.js'

const tempDir = useTempDirs()

describe('inspectRerankerDir', () => {
  it('accepts a cross-encoder folder, naming it by quire-model.json', () => {
    expect(inspectRerankerDir(TEST_RERANKER_DIR)).toEqual({
      ok: true,
      modelId: 'quire/test-cross-encoder-tiny',
      dir: TEST_RERANKER_DIR,
    })
  })

  it('refuses an embedding model, saying what a reranker folder is', () => {
    const check = inspectRerankerDir(TEST_MODEL_DIR)
    expect(check.ok).toBe(false)
    expect(!check.ok && check.reason).toMatch(
      /not a cross-encoder: its config.json names BertModel.*ForSequenceClassification/,
    )
  })

  it('refuses a classifier with more labels than a relevance score has', () => {
    const dir = path.join(tempDir(), 'nli')
    fs.cpSync(TEST_RERANKER_DIR, dir, { recursive: true })
    const config = JSON.parse(fs.readFileSync(path.join(dir, 'config.json'), 'utf8')) as Record<
      string,
      unknown
    >
    fs.writeFileSync(
      path.join(dir, 'config.json'),
      JSON.stringify({ ...config, id2label: { 0: 'a', 1: 'b', 2: 'c' } }),
    )
    const check = inspectRerankerDir(dir)
    expect(!check.ok && check.reason).toMatch(/classifies into 3 labels/)
  })

  it('names the missing file of an incomplete folder', () => {
    const dir = path.join(tempDir(), 'half')
    fs.cpSync(TEST_RERANKER_DIR, dir, { recursive: true })
    fs.rmSync(path.join(dir, 'onnx'), { recursive: true })
    const check = inspectRerankerDir(dir)
    expect(!check.ok && check.reason).toMatch(/^Reranker folder .* is missing onnx\/model_quantized.onnx/)
  })
})

describe('loadReranker', () => {
  let reranker: Reranker
  beforeAll(async () => {
    reranker = await loadReranker(TEST_RERANKER_DIR, { threads: 1 })
  })
  afterAll(() => reranker.dispose())

  it('scores each passage against the question, in input order, the same every time', async () => {
    const passages = [
      'Water tomatoes twice a week.',
      'Bake the bread at 250 degrees.',
      'The router hands out addresses.',
    ]
    const scores = await reranker.score('How often are tomatoes watered?', passages)
    expect(scores).toHaveLength(3)
    expect(scores.every(Number.isFinite)).toBe(true)
    expect(new Set(scores).size).toBe(3)
    expect(await reranker.score('How often are tomatoes watered?', passages)).toEqual(scores)
    // Scored alone, a passage gets about the score it got in the batch: the mask keeps padding
    // out, and only the q8 layout's per-batch activation scale differs (as in the real q8 files).
    const [alone] = await reranker.score('How often are tomatoes watered?', [passages[1]!])
    expect(alone).toBeCloseTo(scores[1]!, 1)
  })

  it('scores the first group whatever the deadline, and leaves what it could not reach null', async () => {
    const passages = [
      'Water tomatoes twice a week.',
      'Bake the bread at 250 degrees, then let it cool.',
      'The router hands out addresses.',
      'Prune the roses.',
      'Tomatoes need full sun all day long.',
    ]
    // One session: a tier of five in two groups of 3 and 2, longest first (passages 1, 4 and 2).
    // A deadline already past lets only the first group run.
    const scores = await reranker.score('tomatoes', passages, { deadline: performance.now() - 1 })
    expect(scores.map((s) => s !== null)).toEqual([false, true, true, false, true])
    expect((await reranker.score('tomatoes', passages, { deadline: Infinity })).every(Number.isFinite)).toBe(
      true,
    )
  })

  it('reads each pair up to 96 word pieces, as long as an MS MARCO training pair, and not past them', async () => {
    expect(RERANK_MAX_TOKENS).toBe(96)
    expect(reranker.maxTokens).toBe(96)
    const tokenizer = await AutoTokenizer.from_pretrained(TEST_RERANKER_DIR, { local_files_only: true })
    const pieces = (q: string, p: string) => tokenizer(q, { text_pair: p }).input_ids.dims[1] as number
    // [CLS] warm up [SEP] + n one-piece words + [SEP]: 91 words fill the 96.
    const words = (n: number) => Array.from({ length: n }, () => 'water').join(' ')
    expect(pieces('warm up', words(91))).toBe(96)
    const [full, past, within, plain] = await reranker.score('warm up', [
      words(91),
      `${words(91)} bread`,
      `${words(80)} bread`,
      words(81),
    ])
    expect(past).toBe(full)
    expect(within).not.toBeCloseTo(plain!, 4)
  })

  it('warms up on pairs as long as the cap, as most passages are, so the first batch is sized right', async () => {
    const tokenizer = await AutoTokenizer.from_pretrained(TEST_RERANKER_DIR, { local_files_only: true })
    for (const cap of [64, RERANK_MAX_TOKENS]) {
      const [query, passage] = warmUpPair(cap)
      const ids = tokenizer(query, { text_pair: passage, truncation: true, max_length: cap }).input_ids
      expect(ids.dims[1]).toBe(cap)
    }
  })
})

describe('which weights are loaded', () => {
  it('prefers the int8 file (dtype q8) and says so, as the published exports ship both', async () => {
    expect(fs.existsSync(path.join(TEST_RERANKER_DIR, 'onnx', 'model.onnx'))).toBe(true)
    const r = await loadReranker(TEST_RERANKER_DIR, { threads: 1 })
    expect(r.weights).toBe('int8 onnx/model_quantized.onnx')
    await r.dispose()
  })

  it('loads the fp32 file when the folder has no int8 one, scoring alike up to int8 rounding', async () => {
    const dir = path.join(tempDir(), 'fp32-only')
    fs.cpSync(TEST_RERANKER_DIR, dir, { recursive: true })
    fs.rmSync(path.join(dir, 'onnx', 'model_quantized.onnx'))
    const fp32 = await loadReranker(dir, { threads: 1 })
    const q8 = await loadReranker(TEST_RERANKER_DIR, { threads: 1 })
    try {
      expect(fp32.weights).toBe('fp32 onnx/model.onnx')
      const passages = ['Water tomatoes twice a week.', 'Bake the bread at 250 degrees.']
      const [a, b] = [await fp32.score('tomatoes', passages), await q8.score('tomatoes', passages)]
      // The same random weights: the fp32 scores differ from the int8 ones, but only by rounding.
      expect(a).not.toEqual(b)
      a.forEach((s, i) => expect(s).toBeCloseTo(b[i]!, 0))
    } finally {
      await fp32.dispose()
      await q8.dispose()
    }
  })
})

describe('a closed reranker', () => {
  it('refuses to score', async () => {
    const r = await loadReranker(TEST_RERANKER_DIR, { threads: 1 })
    await r.dispose()
    await expect(r.score('q', ['p'])).rejects.toThrow(/closed/)
  })
})

describe('scoring threads', () => {
  const passages = [
    'Water tomatoes twice a week.',
    'Bake the bread at 250 degrees.',
    'The router hands out addresses.',
    'Prune the roses in spring.',
    'Tomatoes need full sun.',
  ]

  /**
   * Scores each group as one batch in a one-thread ONNX Runtime session of the int8 file, as a
   * scoring thread does, and puts every score back at its passage's place.
   */
  async function scoredInGroups(groups: number[][]): Promise<number[]> {
    const ort = (await import('onnxruntime-node')).default
    const session = await ort.InferenceSession.create(path.join(TEST_RERANKER_DIR, DTYPE_FILES.q8), {
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
      graphOptimizationLevel: 'all',
    })
    const tokenizer = await AutoTokenizer.from_pretrained(TEST_RERANKER_DIR, { local_files_only: true })
    const out: number[] = new Array(passages.length)
    try {
      for (const g of groups) {
        const pairs = encodePairs(
          tokenizer,
          'tomatoes',
          g.map((i) => passages[i]!),
          RERANK_MAX_TOKENS,
        )
        const feeds: Record<string, import('onnxruntime-node').Tensor> = {
          input_ids: new ort.Tensor('int64', pairs.inputIds, pairs.dims),
          attention_mask: new ort.Tensor('int64', pairs.attentionMask, pairs.dims),
        }
        if (pairs.tokenTypeIds) feeds.token_type_ids = new ort.Tensor('int64', pairs.tokenTypeIds, pairs.dims)
        const logits = (await session.run(feeds)).logits!
        // The test cross-encoder has one label: its logit is the score.
        expect(logits.dims).toEqual([g.length, 1])
        g.forEach((at, k) => (out[at] = (logits.data as Float32Array)[k]!))
      }
    } finally {
      await session.release()
    }
    return out
  }

  it('share the pairs out between one-thread sessions on threads of their own, in groups of similar length', async () => {
    const threaded = await loadReranker(TEST_RERANKER_DIR, { threads: 2, threadScript: DEFAULT_WORKER })
    try {
      const b = await threaded.score('tomatoes', passages)
      // Two groups a thread: 5 pairs go as groups of 2, 2 and 1, longest first. The passages are
      // 28, 30, 31, 26 and 23 characters long, so the groups are passages 2 and 1, 0 and 3, then
      // 4, each padded to its own longest pair. int8 activations are scaled per pass, so each
      // pair scores exactly as its group scores in one session of one thread here, and the scores
      // come back in the passages' order.
      expect(b).toEqual(await scoredInGroups([[2, 1], [0, 3], [4]]))
      expect(await threaded.score('tomatoes', passages)).toEqual(b)
    } finally {
      await threaded.dispose()
    }
    await expect(threaded.score('q', ['p'])).rejects.toThrow(/closed/)
  })

  it('group the pairs in rank order when asked to (how the benchmark compares the two)', async () => {
    const threaded = await loadReranker(TEST_RERANKER_DIR, {
      threads: 2,
      threadScript: DEFAULT_WORKER,
      groupByLength: false,
    })
    try {
      expect(await threaded.score('tomatoes', passages)).toEqual(await scoredInGroups([[0, 1], [2, 3], [4]]))
    } finally {
      await threaded.dispose()
    }
  })

  it('score on the calling thread when the threads cannot start', async () => {
    const r = await loadReranker(TEST_RERANKER_DIR, {
      threads: 2,
      threadScript: path.join(tempDir(), 'no-such-worker.js'),
    })
    try {
      expect(await r.score('tomatoes', passages)).toHaveLength(passages.length)
    } finally {
      await r.dispose()
    }
  })
})
