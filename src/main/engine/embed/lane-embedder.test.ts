import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_MODEL_DIR } from '@tests/test-model.js'
import { EmbedThread } from './embed-thread.js'
import type { Embedder } from './embedder.js'
import { laneEmbedder, type EmbedLane } from './lane-embedder.js'
import { loadEmbedder } from './transformers-embedder.js'

// The import worker's source entry also serves embed threads.
const SCRIPT = new URL('../worker/ingest-worker-entry.js', import.meta.url)

const texts = Array.from(
  { length: 13 },
  (_, i) => `passage ${i} about ${'batteries and voltage '.repeat((i * 7) % 5)}${i % 3 ? 'rice' : 'physics'}`,
)
const maxDiff = (a: Float32Array[], b: Float32Array[]) =>
  Math.max(...a.map((v, i) => Math.max(...v.map((x, d) => Math.abs(x - b[i]![d]!)))))

describe('laneEmbedder', () => {
  let local: Embedder
  let alone: Float32Array[]

  beforeAll(async () => {
    local = await loadEmbedder(TEST_MODEL_DIR, { threads: 1 })
    alone = await local.embed(texts)
  })
  afterAll(async () => {
    await local.dispose()
  })

  it('starts the other lanes only after its first call, then embeds on them too, in input order', async () => {
    let started = 0
    const lane: EmbedLane[] = []
    const embedder = laneEmbedder(local, {
      batchSize: 2,
      startLanes: async () => {
        started++
        lane.push(await EmbedThread.start(SCRIPT, TEST_MODEL_DIR, 2))
        return lane
      },
    })
    try {
      const first = await embedder.embed(texts)
      expect(started).toBe(1)
      expect(maxDiff(first, alone)).toBeLessThan(1e-5)
      // Once the thread has loaded its model, batches go to both lanes.
      await expect.poll(() => lane.length, { timeout: 20_000 }).toBe(1)
      let onThread = 0
      const counting = lane[0]!.embed.bind(lane[0])
      lane[0]!.embed = (t) => ((onThread += t.length), counting(t))
      const spread = await embedder.embed(texts)
      expect(spread).toHaveLength(texts.length)
      expect(onThread).toBeGreaterThan(0)
      expect(onThread).toBeLessThan(texts.length)
      expect(maxDiff(spread, alone)).toBeLessThan(1e-4)
      expect(started).toBe(1)
    } finally {
      await embedder.closeLanes()
    }
  }, 30_000)

  it('embeds a failed lane’s batches itself and drops the lane', async () => {
    let calls = 0
    let closed = false
    // Stands in for an embed thread that crashed: every request is refused.
    const broken: EmbedLane = {
      embed: () => (calls++, Promise.reject(new Error('the embed thread exited (code 1)'))),
      close: async () => void (closed = true),
    }
    const embedder = laneEmbedder(local, { batchSize: 2, startLanes: async () => [broken] })
    await embedder.embed(['warm'])
    await new Promise((r) => setTimeout(r, 0))
    const vectors = await embedder.embed(texts)
    expect(calls).toBe(1)
    expect(closed).toBe(true)
    expect(vectors.every((v) => v instanceof Float32Array && v.length === local.dim)).toBe(true)
    expect(maxDiff(vectors, alone)).toBeLessThan(1e-5)
    expect(await embedder.embed(texts.slice(0, 3))).toHaveLength(3)
    expect(calls).toBe(1)
  })

  it('embeds alone when the lanes cannot start', async () => {
    const embedder = laneEmbedder(local, {
      batchSize: 2,
      startLanes: () => EmbedThread.start(SCRIPT, '/no/such/model', 2).then((t) => [t]),
    })
    await embedder.embed(['warm'])
    await new Promise((r) => setTimeout(r, 2000))
    expect(maxDiff(await embedder.embed(texts), alone)).toBeLessThan(1e-5)
    await embedder.closeLanes()
  })

  it('an embed thread has a heap limit: past it, it ends (and is a lane that cannot start, as above)', () => {
    // Far below what loading the thread's code needs. Run in a process of its own without V8's
    // optimising compiler: when the thread runs out while an optimised function is being installed,
    // V8 aborts the whole process ("LocalHeap: allocation failed") instead of ending the thread, a
    // race seen on a loaded machine that took the test runner's process down with it.
    const out = execFileSync(
      process.execPath,
      [
        '--no-opt',
        '--import',
        'tsx',
        'tests/helpers/embed-thread-heap-child.ts',
        SCRIPT.href,
        TEST_MODEL_DIR,
        '8',
      ],
      { cwd: path.resolve(import.meta.dirname, '../../../..'), encoding: 'utf8', timeout: 60_000 },
    )
    expect(out.trim()).toBe('ERR_WORKER_OUT_OF_MEMORY')
  }, 90_000)
})
