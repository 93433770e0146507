import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { CAPACITY_GROWTH, VectorIndex } from './vector-index.js'
import { consecutiveIds as ids, unitVectors as seededUnitVectors } from '@tests/helpers/unit-vectors.js'

const DIM = 8
const unitVectors = (n: number, seed: number) => seededUnitVectors(n, seed, DIM)

describe('VectorIndex capacity', () => {
  let dir: string
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-vi-'))
  })
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

  it('grows by a quarter, not by doubling', async () => {
    const vi = await VectorIndex.open(dir, 'm', DIM)
    vi.add(ids(1, 1000), unitVectors(1000, 1))
    const before = vi.capacity
    vi.add(ids(1001, before - 1000 + 1), unitVectors(before - 1000 + 1, 2))
    expect(vi.capacity).toBe(Math.ceil(before * CAPACITY_GROWTH))
  })

  it('saves and reloads trimmed to the element count, then grows again for the next import', async () => {
    const vi = await VectorIndex.open(dir, 'm', DIM)
    const vecs = unitVectors(1500, 3)
    vi.add(ids(1, 1500), vecs)
    vi.add(ids(1501, 100), unitVectors(100, 4))
    expect(vi.capacity).toBeGreaterThan(1600)
    vi.save()
    expect(vi.capacity).toBe(1600)

    const reopened = await VectorIndex.open(dir, 'm', DIM)
    expect(reopened.capacity).toBe(1600)
    expect(reopened.size).toBe(1600)
    expect(reopened.search(vecs[42]!, 1)[0]?.id).toBe(43)

    reopened.add(ids(1601, 10), unitVectors(10, 5))
    expect(reopened.capacity).toBe(Math.ceil(1600 * CAPACITY_GROWTH))
    expect(reopened.size).toBe(1610)
  })
})
