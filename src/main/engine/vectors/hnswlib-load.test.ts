// hnswlib's loadIndex is patched (patches/hnswlib-node+3.0.0.patch: it counts the file position
// instead of asking the OS twice per element). Its checks must refuse a damaged file as before.
import fs from 'node:fs'
import path from 'node:path'
import hnswlib from 'hnswlib-node'
import { describe, expect, it } from 'vitest'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import { consecutiveIds as ids, unitVectors } from '@tests/helpers/unit-vectors.js'

const tempDir = useTempDirs()
const DIM = 8

async function load(file: string): Promise<hnswlib.HierarchicalNSW> {
  const index = new hnswlib.HierarchicalNSW('ip', DIM)
  await index.readIndex(file, true)
  return index
}

describe("hnswlib's index loader", () => {
  it('loads a saved index whole, upper-level link lists included', async () => {
    const file = path.join(tempDir(), 'v.hnsw')
    const index = new hnswlib.HierarchicalNSW('ip', DIM)
    index.initIndex({ maxElements: 2000, m: 4, efConstruction: 40 })
    const vecs = unitVectors(2000, 1, DIM)
    vecs.forEach((v, i) => index.addPoint(Array.from(v), i + 1))
    index.writeIndexSync(file)
    const loaded = await load(file)
    expect(loaded.getCurrentCount()).toBe(2000)
    expect(loaded.getIdsList().sort((a, b) => a - b)).toEqual(ids(1, 2000))
    expect(loaded.searchKnn(Array.from(vecs[1234]!), 1).neighbors).toEqual([1235])
  })

  it('refuses a file cut short anywhere or with bytes after its end', async () => {
    const dir = tempDir()
    const file = path.join(dir, 'v.hnsw')
    const index = new hnswlib.HierarchicalNSW('ip', DIM)
    index.initIndex({ maxElements: 500, m: 4, efConstruction: 40 })
    unitVectors(500, 2, DIM).forEach((v, i) => index.addPoint(Array.from(v), i + 1))
    index.writeIndexSync(file)
    const bytes = fs.readFileSync(file)
    // Inside the first vectors, halfway, inside the link lists, and one byte short of the end.
    for (const cut of [120, Math.floor(bytes.length / 2), bytes.length - 200, bytes.length - 1]) {
      const short = path.join(dir, `short-${cut}.hnsw`)
      fs.writeFileSync(short, bytes.subarray(0, cut))
      await expect(load(short), `cut at ${cut}`).rejects.toThrow()
    }
    const long = path.join(dir, 'long.hnsw')
    fs.writeFileSync(long, Buffer.concat([bytes, Buffer.alloc(16)]))
    await expect(load(long)).rejects.toThrow(/corrupted/)
  })
})
