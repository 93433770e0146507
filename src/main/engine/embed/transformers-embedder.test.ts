import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_MODEL_DIR } from '@tests/test-model.js'
import type { Embedder } from './embedder.js'
import { loadEmbedder, meanPoolNormalize } from './transformers-embedder.js'

const dot = (a: Float32Array, b: Float32Array): number => a.reduce((sum, v, i) => sum + v * b[i]!, 0)
const norm = (a: Float32Array): number => Math.sqrt(dot(a, a))

describe('loadEmbedder with the tiny test model', () => {
  let embedder: Embedder

  beforeAll(async () => {
    embedder = await loadEmbedder(TEST_MODEL_DIR, { batchSize: 2, threads: 1 })
  })
  afterAll(async () => {
    await embedder.dispose()
  })

  it('reports the model id from quire-model.json and the output dimension', () => {
    expect(embedder.modelId).toBe('quire/tiny-test-bert')
    expect(embedder.dim).toBe(32)
  })

  it('returns one unit-length vector of the model dimension per text', async () => {
    const vectors = await embedder.embed([
      'Hello world',
      'A much longer sentence about embedding models and search.',
    ])
    expect(vectors).toHaveLength(2)
    for (const v of vectors) {
      expect(v).toBeInstanceOf(Float32Array)
      expect(v).toHaveLength(32)
      expect(norm(v)).toBeCloseTo(1, 5)
    }
  })

  it('is deterministic', async () => {
    const [a] = await embedder.embed(['The battery voltage dropped during the test.'])
    const [b] = await embedder.embed(['The battery voltage dropped during the test.'])
    expect(Array.from(b!)).toEqual(Array.from(a!))
  })

  it('puts a text closer to a rewording that shares its words than to an unrelated text', async () => {
    const [text, paraphrase, unrelated] = await embedder.embed([
      'How do I cook rice with water and salt?',
      'Cooking rice: add salt to the water.',
      'Quantum physics describes electron energy levels.',
    ])
    expect(dot(text!, paraphrase!)).toBeGreaterThan(dot(text!, unrelated!) + 0.1)
  })

  it('returns vectors in input order although it batches by length', async () => {
    const texts = [
      'a very long text about the history of music and film and art in many countries over the years',
      'short',
      'a text of medium length about dogs',
      'tiny cat',
      'another fairly long text about solar energy, wind power, batteries and the climate of the earth',
    ]
    const together = await embedder.embed(texts)
    for (let i = 0; i < texts.length; i++) {
      const [alone] = await embedder.embed([texts[i]!])
      // Padding in a shared batch must not change a text's vector: the mean ignores masked positions.
      expect(dot(together[i]!, alone!)).toBeCloseTo(1, 5)
    }
  })

  it('returns [] for no texts', async () => {
    expect(await embedder.embed([])).toEqual([])
  })

  it('truncates texts longer than 256 tokens instead of failing', async () => {
    const long = 'energy '.repeat(2000)
    const [v] = await embedder.embed([long])
    expect(norm(v!)).toBeCloseTo(1, 5)
  })

  it('gives the same vectors while it leaves a core to extraction (a session with fewer threads)', async () => {
    const two = await loadEmbedder(TEST_MODEL_DIR, { batchSize: 2, threads: 2 })
    try {
      const texts = ['Hello world', 'tiny cat', 'a text of medium length about dogs and cats']
      const alone = await two.embed(texts)
      // The first call after a forward pass creates the smaller session; the second reuses it.
      for (let round = 0; round < 2; round++) {
        const sharing = await two.embed(texts, { sharingCores: true })
        for (let i = 0; i < texts.length; i++) expect(dot(sharing[i]!, alone[i]!)).toBeCloseTo(1, 5)
      }
    } finally {
      await two.dispose()
    }
  })
})

describe('loadEmbedder folders', () => {
  let root: string
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'quire-embedder-'))
  })
  afterAll(async () => {
    await rm(root, { recursive: true, force: true })
  })

  it('loads from a folder whose name is not a valid Hub id, naming the model after the folder', async () => {
    const dir = join(root, 'my model--copy')
    await cp(TEST_MODEL_DIR, dir, { recursive: true })
    await rm(join(dir, 'quire-model.json'))
    const embedder = await loadEmbedder(dir, { threads: 1 })
    try {
      expect(embedder.modelId).toBe('my model--copy')
      expect((await embedder.embed(['hello']))[0]).toHaveLength(32)
    } finally {
      await embedder.dispose()
    }
  })

  it('refuses an incomplete folder with the missing file in the message', async () => {
    const dir = join(root, 'broken')
    await cp(TEST_MODEL_DIR, dir, { recursive: true })
    await rm(join(dir, 'tokenizer.json'))
    await expect(loadEmbedder(dir)).rejects.toThrow(/tokenizer\.json/)
  })

  it('refuses a dtype whose weights file is absent', async () => {
    await expect(loadEmbedder(TEST_MODEL_DIR, { dtype: 'fp32' })).rejects.toThrow(/onnx\/model\.onnx/)
  })

  it('fails after dispose', async () => {
    const embedder = await loadEmbedder(TEST_MODEL_DIR, { threads: 1 })
    await embedder.dispose()
    await expect(embedder.embed(['x'])).rejects.toThrow(/disposed/)
  })

  it('ignores a malformed quire-model.json', async () => {
    const dir = join(root, 'odd-info')
    await cp(TEST_MODEL_DIR, dir, { recursive: true })
    await writeFile(join(dir, 'quire-model.json'), '{not json')
    const embedder = await loadEmbedder(dir, { threads: 1 })
    expect(embedder.modelId).toBe('odd-info')
    await embedder.dispose()
  })
})

describe('meanPoolNormalize', () => {
  it('averages only unmasked positions and normalises', () => {
    // batch 1, seq 3, dim 2; the last position is padding with a large value that must be ignored.
    const hidden = new Float32Array([3, 0, 1, 0, 100, 100])
    const [v] = meanPoolNormalize(hidden, [1n, 1n, 0n], [1, 3, 2])
    expect(Array.from(v!)).toEqual([1, 0])
  })
})
