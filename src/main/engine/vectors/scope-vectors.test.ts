import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { consecutiveIds as ids, unitVectors as seededUnitVectors } from '@tests/helpers/unit-vectors.js'
import { EXACT_SCAN_MAX, type VectorScope } from './scope-vectors.js'
import { VectorIndex } from './vector-index.js'

const DIM = 16
const unitVectors = (n: number, seed: number) => seededUnitVectors(n, seed, DIM)
const scopeOf = (list: number[]): VectorScope => {
  const sorted = [...list].sort((a, b) => a - b)
  const set = new Set(sorted)
  return { ids: sorted, has: (id) => set.has(id) }
}
const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0)

/** The k labels of `scope` nearest to `q` by inner product, computed here from the vectors added. */
function bruteForce(
  q: Float32Array,
  vectors: Map<number, Float32Array>,
  scope: number[],
  k: number,
): number[] {
  return scope
    .filter((id) => vectors.has(id))
    .map((id) => ({ id, s: dot(q, vectors.get(id)!) }))
    .sort((a, b) => b.s - a.s || a.id - b.id)
    .slice(0, k)
    .map((x) => x.id)
}

describe('VectorIndex.search within a small scope', () => {
  let dir: string
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-scope-vectors-'))
  })
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

  it('returns exactly the scope’s nearest vectors of a saved and reopened index, as a full unscoped search filtered to the scope does', async () => {
    const vecs = unitVectors(1500, 11)
    const byId = new Map(ids(1, 1500).map((id, i) => [id, vecs[i]!]))
    const written = await VectorIndex.open(dir, 'm', DIM)
    written.add(ids(1, 1500), vecs)
    written.close()
    const index = await VectorIndex.open(dir, 'm', DIM)
    const scopeIds = ids(1, 1500).filter((id) => id % 13 === 0)
    const scope = scopeOf(scopeIds)
    for (const q of unitVectors(20, 12)) {
      const scoped = index.search(q, 10, scope)
      expect(scoped.map((h) => h.id)).toEqual(bruteForce(q, byId, scopeIds, 10))
      // Every label, best first (a k as large as the index makes hnswlib visit the whole graph).
      const everything = index.search(q, 1500).filter((h) => scope.has(h.id))
      expect(scoped.map((h) => h.id)).toEqual(everything.slice(0, 10).map((h) => h.id))
      for (const [i, h] of scoped.entries()) expect(h.similarity).toBeCloseTo(everything[i]!.similarity, 5)
    }
    index.close()
  })

  it('scores exactly without the SIMD kernel too (a dimension not a multiple of 4)', async () => {
    const dim = 10
    const vecs = seededUnitVectors(600, 61, dim)
    const byId = new Map(ids(1, 600).map((id, i) => [id, vecs[i]!]))
    const index = await VectorIndex.open(dir, 'm', dim)
    index.add(ids(1, 600), vecs)
    const scopeIds = ids(1, 600).filter((id) => id % 5 === 0)
    for (const q of seededUnitVectors(10, 62, dim))
      expect(index.search(q, 7, scopeOf(scopeIds)).map((h) => h.id)).toEqual(bruteForce(q, byId, scopeIds, 7))
  })

  it('follows adds and removes: a vector added to the scope is found, a removed one is gone, a label the index lacks is skipped', async () => {
    const index = await VectorIndex.open(dir, 'm', DIM)
    index.add(ids(1, 400), unitVectors(400, 21))
    const [q] = unitVectors(1, 22)
    // 401 is in the scope (SQLite holds its chunk) before the index has its vector.
    const scope = scopeOf([...ids(1, 400).filter((id) => id % 4 === 0), 401])
    const before = index.search(q!, 5, scope)
    expect(before.map((h) => h.id)).not.toContain(401)
    expect(before).toHaveLength(5)

    index.add([401], [q!])
    const added = index.search(q!, 5, scope)
    expect(added[0]).toEqual({ id: 401, similarity: expect.closeTo(1, 5) })
    expect(added.slice(1)).toEqual(before.slice(0, 4))

    index.remove([401, before[0]!.id])
    const removed = index.search(q!, 5, scope).map((h) => h.id)
    expect(removed).not.toContain(401)
    expect(removed).not.toContain(before[0]!.id)
    expect(removed.slice(0, 4)).toEqual(before.slice(1).map((h) => h.id))
  })

  it('copies a scope’s vectors from the saved file and the ones added since from memory, exactly', async () => {
    const saved = unitVectors(1200, 41)
    const later = unitVectors(300, 42)
    const byId = new Map([...saved, ...later].map((v, i) => [i + 1, v]))
    const written = await VectorIndex.open(dir, 'm', DIM)
    written.add(ids(1, 1200), saved)
    written.close()
    const index = await VectorIndex.open(dir, 'm', DIM)
    index.add(ids(1201, 300), later)
    const scopeIds = ids(1, 1500).filter((id) => id % 3 === 0)
    for (const q of unitVectors(10, 43))
      expect(index.search(q, 8, scopeOf(scopeIds)).map((h) => h.id)).toEqual(bruteForce(q, byId, scopeIds, 8))
  })

  it('never reads the saved file of another model as its own vectors', async () => {
    const written = await VectorIndex.open(dir, 'model-a', DIM)
    written.add(ids(1, 1000), unitVectors(1000, 51))
    written.close()
    // Another model: the index starts empty beside model-a's file and holds other vectors.
    const index = await VectorIndex.open(dir, 'model-b', DIM, undefined, { readOnly: true })
    const mine = unitVectors(1000, 52)
    index.add(ids(1, 1000), mine)
    const byId = new Map(mine.map((v, i) => [i + 1, v]))
    const scopeIds = ids(1, 1000).filter((id) => id % 2 === 0)
    for (const q of unitVectors(5, 53))
      expect(index.search(q, 5, scopeOf(scopeIds)).map((h) => h.id)).toEqual(bruteForce(q, byId, scopeIds, 5))
  })

  it('searches a scope larger than EXACT_SCAN_MAX through the graph, within the scope', async () => {
    const index = await VectorIndex.open(dir, 'm', DIM)
    index.add(ids(1, 300), unitVectors(300, 31))
    // SQLite's chunk ids of a large collection, most of them without a vector in this small index.
    const scope = scopeOf(ids(2, 2 * EXACT_SCAN_MAX + 2).filter((id) => id % 2 === 0))
    expect(scope.ids.length).toBeGreaterThan(EXACT_SCAN_MAX)
    const [q] = unitVectors(1, 32)
    const found = index.search(q!, 20, scope)
    expect(found).toHaveLength(20)
    expect(found.every((h) => scope.has(h.id))).toBe(true)
  })
})
