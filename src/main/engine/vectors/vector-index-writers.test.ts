// One writer at a time for vectors.hnsw, and no writer loses another's vectors (issue 9 item 6).
// Two VectorIndex objects on one folder stand for two processes: the lock is SQLite's file lock
// and the merge reads the file, so they meet exactly as two processes do.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import { consecutiveIds as ids, unitVectors as seededUnitVectors } from '@tests/helpers/unit-vectors.js'
import { SqliteLock } from './sqlite-lock.js'
import { VECTOR_LOCK_FILE, VectorIndex } from './vector-index.js'
import { verifyHnswFile } from './verify-hnsw-file.js'

const tempDir = useTempDirs()
const DIM = 8
const unitVectors = (n: number, seed: number) => seededUnitVectors(n, seed, DIM)

describe('VectorIndex writers', () => {
  it('two writers that loaded the same file each keep the other one’s vectors', async () => {
    const dir = tempDir()
    const live = new Set(ids(1, 200))
    const opts = { liveIds: () => live }
    const a = await VectorIndex.open(dir, 'm', DIM, undefined, opts)
    const b = await VectorIndex.open(dir, 'm', DIM, undefined, opts)
    a.add(ids(1, 100), unitVectors(100, 1))
    b.add(ids(101, 100), unitVectors(100, 2))
    a.save()
    b.save() // before the fix: B's copy replaced A's file, 100 of 200 vectors survived
    expect((await VectorIndex.open(dir, 'm', DIM)).size).toBe(200)
    a.add(ids(201, 1), unitVectors(1, 3))
    live.add(201)
    a.save()
    const reopened = await VectorIndex.open(dir, 'm', DIM)
    expect(reopened.ids().sort((x, y) => x - y)).toEqual(ids(1, 201))
  })

  it('does not bring back vectors another writer removed (SQLite decides what is live)', async () => {
    const dir = tempDir()
    const live = new Set(ids(1, 50))
    const first = await VectorIndex.open(dir, 'm', DIM, undefined, { liveIds: () => live })
    first.add(ids(1, 50), unitVectors(50, 4))
    first.save()
    const importer = await VectorIndex.open(dir, 'm', DIM, undefined, { liveIds: () => live })
    const remover = await VectorIndex.open(dir, 'm', DIM, undefined, { liveIds: () => live })
    for (const id of ids(1, 10)) live.delete(id)
    remover.remove(ids(1, 10))
    remover.save()
    importer.add(ids(51, 5), unitVectors(5, 5))
    for (const id of ids(51, 5)) live.add(id)
    importer.save()
    const reopened = await VectorIndex.open(dir, 'm', DIM)
    expect(reopened.ids().sort((x, y) => x - y)).toEqual(ids(11, 45))
    const found = reopened.search(unitVectors(1, 99)[0]!, 45).map((h) => h.id)
    expect(found.sort((x, y) => x - y)).toEqual(ids(11, 45))
  })

  it('a read-only index never writes the file', async () => {
    const dir = tempDir()
    const writer = await VectorIndex.open(dir, 'm', DIM)
    writer.add(ids(1, 20), unitVectors(20, 6))
    writer.save()
    const before = fs.readFileSync(path.join(dir, 'vectors.hnsw'))
    const search = await VectorIndex.open(dir, 'm', DIM, undefined, { readOnly: true })
    search.remove(ids(1, 10))
    search.add(ids(100, 3), unitVectors(3, 7))
    search.close()
    expect(fs.readFileSync(path.join(dir, 'vectors.hnsw')).equals(before)).toBe(true)
  })

  it('waits for the lock another writer holds, then saves', async () => {
    const dir = tempDir()
    const held = SqliteLock.acquire(path.join(dir, VECTOR_LOCK_FILE), 'test', 0)
    if (!(held instanceof SqliteLock)) throw new Error('lock not taken')
    expect(SqliteLock.acquire(path.join(dir, VECTOR_LOCK_FILE), 'second', 0)).toMatchObject({
      heldBy: { pid: process.pid, purpose: 'test' },
    })
    held.release()
    const vi = await VectorIndex.open(dir, 'm', DIM)
    vi.add(ids(1, 5), unitVectors(5, 8))
    vi.save()
    expect((await VectorIndex.open(dir, 'm', DIM)).size).toBe(5)
  })
})

describe('verifyHnswFile', () => {
  it('accepts a complete index and names what is missing from a short one', async () => {
    const dir = tempDir()
    const vi = await VectorIndex.open(dir, 'm', DIM)
    vi.add(ids(1, 300), unitVectors(300, 9))
    vi.save()
    const file = path.join(dir, 'vectors.hnsw')
    expect(verifyHnswFile(file, 300)).toBeNull()
    expect(verifyHnswFile(file, 299)).toMatch(/counts 300/)
    const size = fs.statSync(file).size
    for (const cut of [0, 50, Math.floor(size / 2), size - 1]) {
      const short = path.join(dir, `short-${cut}.hnsw`)
      fs.writeFileSync(short, fs.readFileSync(file).subarray(0, cut))
      expect(verifyHnswFile(short, 300)).not.toBeNull()
    }
  })

  it('removes the temp files of a writer that died mid-save, never one being written', async () => {
    const dir = tempDir()
    const writer = await VectorIndex.open(dir, 'm', DIM)
    writer.add(ids(1, 20), unitVectors(20, 7))
    writer.save()
    // What a process killed inside save() leaves: its temp files, named for its pid and thread.
    const orphans = ['vectors.hnsw.4242-0.tmp', 'vectors.ids.4242-0.tmp', 'vectors.json.4242-3.tmp']
    for (const f of orphans) fs.writeFileSync(path.join(dir, f), 'partial copy')
    const others = ['notes.4242-0.tmp', 'vectors.hnsw.bak']
    for (const f of others) fs.writeFileSync(path.join(dir, f), 'not ours')
    const names = () => fs.readdirSync(dir).sort()

    // While another writer holds the lock they may be its writes in progress: kept.
    const held = SqliteLock.acquire(path.join(dir, VECTOR_LOCK_FILE), 'test', 0)
    if (!(held instanceof SqliteLock)) throw new Error('lock not taken')
    await VectorIndex.open(dir, 'm', DIM)
    expect(names()).toEqual(expect.arrayContaining(orphans))
    held.release()

    // A read-only open never deletes; a writable open removes them, and the index still loads.
    await VectorIndex.open(dir, 'm', DIM, undefined, { readOnly: true })
    expect(names()).toEqual(expect.arrayContaining(orphans))
    const reopened = await VectorIndex.open(dir, 'm', DIM)
    expect(reopened.size).toBe(20)
    expect(names().filter((f) => orphans.includes(f))).toEqual([])
    expect(names()).toEqual(expect.arrayContaining(others))

    // And a save removes them too (an orphan left while the open found the lock taken).
    fs.writeFileSync(path.join(dir, orphans[0]!), 'partial copy')
    reopened.add(ids(21, 1), unitVectors(1, 8))
    reopened.save()
    expect(names()).not.toContain(orphans[0])
  })
})
