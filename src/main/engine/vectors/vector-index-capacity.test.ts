import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { CAPACITY_GROWTH, VectorIndex } from './vector-index.js'

const DIM = 8

function unitVectors(n: number, seed: number): Float32Array[] {
  let x = seed
  const rnd = () => ((x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1
  return Array.from({ length: n }, () => {
    const v = Float32Array.from({ length: DIM }, rnd)
    const norm = Math.hypot(...v)
    return v.map((c) => c / norm)
  })
}

const ids = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i)

describe('VectorIndex capacity', () => {
  let dir: string
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-vi-'))
  })
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

  it('grows by a quarter, not by doubling', () => {
    const vi = VectorIndex.open(dir, 'm', DIM)
    vi.add(ids(1, 1000), unitVectors(1000, 1))
    const before = vi.capacity
    vi.add(ids(1001, before - 1000 + 1), unitVectors(before - 1000 + 1, 2))
    expect(vi.capacity).toBe(Math.ceil(before * CAPACITY_GROWTH))
  })

  it('saves and reloads trimmed to the element count, then grows again for the next import', () => {
    const vi = VectorIndex.open(dir, 'm', DIM)
    const vecs = unitVectors(1500, 3)
    vi.add(ids(1, 1500), vecs)
    vi.add(ids(1501, 100), unitVectors(100, 4))
    expect(vi.capacity).toBeGreaterThan(1600)
    vi.save()
    expect(vi.capacity).toBe(1600)

    const reopened = VectorIndex.open(dir, 'm', DIM)
    expect(reopened.capacity).toBe(1600)
    expect(reopened.size).toBe(1600)
    expect(reopened.search(vecs[42]!, 1)[0]?.id).toBe(43)

    reopened.add(ids(1601, 10), unitVectors(10, 5))
    expect(reopened.capacity).toBe(Math.ceil(1600 * CAPACITY_GROWTH))
    expect(reopened.size).toBe(1610)
  })
})
