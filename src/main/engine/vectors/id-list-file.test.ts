// The saved id list spares a large library's open hnswlib's label listing; it must never be
// trusted when it does not describe the index file that was loaded.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import { consecutiveIds as ids, unitVectors as seededUnitVectors } from '@tests/helpers/unit-vectors.js'
import { readIdListFile, writeIdListFile } from './id-list-file.js'
import { SqliteLock } from './sqlite-lock.js'
import { ID_LIST_FILE, VECTOR_LOCK_FILE, VectorIndex } from './vector-index.js'

const tempDir = useTempDirs()
const DIM = 8
const unitVectors = (n: number, seed: number) => seededUnitVectors(n, seed, DIM)
const sorted = (a: number[]) => [...a].sort((x, y) => x - y)

describe('id list file', () => {
  it('reads back what was written for its generation only', () => {
    const file = path.join(tempDir(), 'ids')
    writeIdListFile(file, 7, Float64Array.from([2, 5, 9]))
    expect(Array.from(readIdListFile(file, 7) ?? [])).toEqual([2, 5, 9])
    expect(readIdListFile(file, 8)).toBeNull()
    expect(readIdListFile(path.join(path.dirname(file), 'missing'), 7)).toBeNull()
  })

  it('rejects a short or unsorted file', () => {
    const file = path.join(tempDir(), 'ids')
    writeIdListFile(file, 1, Float64Array.from([1, 2, 3]))
    fs.truncateSync(file, fs.statSync(file).size - 4)
    expect(readIdListFile(file, 1)).toBeNull()
    writeIdListFile(file, 1, Float64Array.from([3, 2]))
    expect(readIdListFile(file, 1)).toBeNull()
  })
})

describe('VectorIndex labels on open', () => {
  it('takes the labels from the id list saved with the index, deletions included', async () => {
    const dir = tempDir()
    const vi = await VectorIndex.open(dir, 'm', DIM)
    vi.add(ids(1, 300), unitVectors(300, 1))
    vi.remove([5, 77])
    vi.save()
    const reopened = await VectorIndex.open(dir, 'm', DIM)
    expect(reopened.labelSource).toBe('id-list')
    expect(reopened.ids()).toEqual(ids(1, 300).filter((id) => id !== 5 && id !== 77))
    expect(reopened.has(5)).toBe(false)
  })

  it('falls back to the index when the list is missing, stale or damaged', async () => {
    const dir = tempDir()
    const vi = await VectorIndex.open(dir, 'm', DIM)
    vi.add(ids(1, 50), unitVectors(50, 2))
    vi.save()
    const list = path.join(dir, ID_LIST_FILE)
    const firstList = fs.readFileSync(list)
    vi.add(ids(51, 10), unitVectors(10, 3))
    vi.save()
    const expected = ids(1, 60)

    const readOnly = { readOnly: true }
    fs.writeFileSync(list, firstList) // an older generation's list (a crash, an older Quire)
    let reopened = await VectorIndex.open(dir, 'm', DIM, undefined, readOnly)
    expect(reopened.labelSource).toBe('index')
    expect(sorted(reopened.ids())).toEqual(expected)

    fs.writeFileSync(list, Buffer.from('not an id list'))
    reopened = await VectorIndex.open(dir, 'm', DIM, undefined, readOnly)
    expect(reopened.labelSource).toBe('index')
    expect(sorted(reopened.ids())).toEqual(expected)

    fs.rmSync(list)
    reopened = await VectorIndex.open(dir, 'm', DIM, undefined, readOnly)
    expect(reopened.labelSource).toBe('index')
    expect(sorted(reopened.ids())).toEqual(expected)
    expect(fs.existsSync(list)).toBe(false) // read-only opens write nothing

    // A writable open writes the list of the generation it loaded; the next open uses it.
    reopened = await VectorIndex.open(dir, 'm', DIM)
    expect(reopened.labelSource).toBe('index')
    reopened = await VectorIndex.open(dir, 'm', DIM)
    expect(reopened.labelSource).toBe('id-list')
    expect(reopened.ids()).toEqual(expected)
  })

  it('writes no list while another writer holds the vectors lock', async () => {
    const dir = tempDir()
    const vi = await VectorIndex.open(dir, 'm', DIM)
    vi.add(ids(1, 20), unitVectors(20, 5))
    vi.save()
    fs.rmSync(path.join(dir, ID_LIST_FILE))
    const held = SqliteLock.acquire(path.join(dir, VECTOR_LOCK_FILE), 'test', 0)
    if (!(held instanceof SqliteLock)) throw new Error('lock not taken')
    try {
      expect((await VectorIndex.open(dir, 'm', DIM)).labelSource).toBe('index')
      expect(fs.existsSync(path.join(dir, ID_LIST_FILE))).toBe(false)
    } finally {
      held.release()
    }
  })

  it('does not trust a list whose count disagrees with the index file', async () => {
    const dir = tempDir()
    const vi = await VectorIndex.open(dir, 'm', DIM)
    vi.add(ids(1, 40), unitVectors(40, 4))
    vi.save()
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'vectors.json'), 'utf8')) as {
      generation: number
    }
    writeIdListFile(path.join(dir, ID_LIST_FILE), manifest.generation, Float64Array.from(ids(1, 39)))
    const reopened = await VectorIndex.open(dir, 'm', DIM, undefined, { readOnly: true })
    expect(reopened.labelSource).toBe('index')
    expect(reopened.ids()).toEqual(ids(1, 40))
  })
})
