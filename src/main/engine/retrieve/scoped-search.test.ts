import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { unitVectors } from '@tests/helpers/unit-vectors.js'
import { LibraryStore } from '../store/library-store.js'
import { openDatabase, type Db } from '../store/open-database.js'
import { VectorIndex } from '../vectors/vector-index.js'
import { KeywordSearch } from './keyword-search.js'
import { ScopeChunks } from './scope-chunks.js'
import { chunk } from './test-library.js'

// A scoped search reads its scope's chunk ids once and keeps them (scope-chunks.ts), and scores a
// small scope's vectors exactly (vectors/scope-vectors.ts). These check both against a real
// library: SQLite and an hnswlib index saved to and reopened from the same temp dir.

const DIM = 24
const DOCS = 12
const PER_DOC = 40

describe('a search scoped to some documents', () => {
  let dir: string
  let db: Db
  let store: LibraryStore
  let seed = 100
  const vectorOf = new Map<number, Float32Array>()

  /** Puts a document (replacing one at the same path) and returns its id and chunk ids. */
  function put(name: string, words: string, n = PER_DOC) {
    const r = store.putDocument({
      path: `/docs/${name}`,
      title: name,
      sha256: `${name}-${seed}`,
      size: 1,
      pages: [],
      chunks: Array.from({ length: n }, (_, i) => chunk(i, `Part ${i}`, `${words} passage ${i}`)),
    })
    const vecs = unitVectors(r.chunkIds.length, seed++, DIM)
    r.chunkIds.forEach((id, i) => vectorOf.set(id, vecs[i]!))
    return { ...r, vecs }
  }

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-scoped-search-'))
    db = openDatabase(path.join(dir, 'library.sqlite'))
    store = new LibraryStore(db)
  })
  afterEach(() => {
    db.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it('finds in a small scope the same nearest passages as an unscoped search filtered to the scope', async () => {
    const written = await VectorIndex.open(dir, 'm', DIM)
    const docIds: number[] = []
    for (let d = 0; d < DOCS; d++) {
      const r = put(`doc-${d}.pdf`, `topic${d}`)
      written.add(r.chunkIds, r.vecs)
      docIds.push(r.documentId)
    }
    written.close()
    const index = await VectorIndex.open(dir, 'm', DIM)
    const scope = ScopeChunks.of(db).scope([docIds[1]!, docIds[4]!, docIds[9]!])
    expect(scope.ids).toHaveLength(3 * PER_DOC)
    let callbacks = 0
    const counted = { ids: scope.ids, has: (id: number) => (callbacks++, scope.has(id)) }
    for (const q of unitVectors(10, 7, DIM)) {
      const scoped = index.search(q, 10, counted)
      const filtered = index
        .search(q, index.size)
        .filter((h) => scope.has(h.id))
        .slice(0, 10)
      expect(scoped.map((h) => h.id)).toEqual(filtered.map((h) => h.id))
    }
    // Scored over the scope's own vectors: hnswlib never had to ask about a node.
    expect(callbacks).toBe(0)
    index.close()
  })

  it('sees an import, a re-index (also by another connection) and a removal of a document in the scope', async () => {
    const index = await VectorIndex.open(dir, 'm', DIM)
    const a = put('a.pdf', 'alpha')
    const b = put('b.pdf', 'bravo')
    const c = put('c.pdf', 'charlie')
    for (const r of [a, b, c]) index.add(r.chunkIds, r.vecs)
    const keyword = new KeywordSearch(db)
    const scopes = ScopeChunks.of(db)
    const docs = [a.documentId, b.documentId]
    const query = { terms: [] as string[], phrases: [], op: 'OR' as const, overBudget: false }
    const found = (word: string) => keyword.search({ ...query, terms: [word] }, 500, docs).map((x) => x.id)
    const nearest = (q: Float32Array) => index.search(q, 3, scopes.scope(docs)).map((h) => h.id)

    expect(scopes.scope(docs).ids).toEqual([...a.chunkIds, ...b.chunkIds])
    expect(found('bravo').sort((x, y) => x - y)).toEqual(b.chunkIds)
    expect(found('charlie')).toEqual([])
    expect(nearest(b.vecs[5]!)[0]).toBe(b.chunkIds[5])

    // Re-indexed here: new chunk ids and words; the old ids leave SQLite and the index.
    const b2 = put('b.pdf', 'delta')
    index.remove(b2.replacedChunkIds)
    index.add(b2.chunkIds, b2.vecs)
    expect(scopes.scope(docs).ids).toEqual([...a.chunkIds, ...b2.chunkIds])
    expect(found('bravo')).toEqual([])
    expect(found('delta').sort((x, y) => x - y)).toEqual(b2.chunkIds)
    expect(nearest(b.vecs[5]!)).not.toContain(b.chunkIds[5])
    expect(nearest(b2.vecs[7]!)[0]).toBe(b2.chunkIds[7])

    // Re-indexed by another connection (an import worker): seen through PRAGMA data_version.
    const other = openDatabase(path.join(dir, 'library.sqlite'))
    const b3 = new LibraryStore(other).putDocument({
      path: '/docs/b.pdf',
      title: 'b.pdf',
      sha256: 'b3',
      size: 1,
      pages: [],
      chunks: [chunk(0, 'Echo', 'echo passage')],
    })
    other.close()
    expect(scopes.scope(docs).ids).toEqual([...a.chunkIds, ...b3.chunkIds])
    expect(found('delta')).toEqual([])
    expect(found('echo')).toEqual(b3.chunkIds)

    // Removed: its chunks leave the scope, though the caller still names the document.
    store.removeDocument(b.documentId)
    expect(scopes.scope(docs).ids).toEqual(a.chunkIds)
    expect(found('echo')).toEqual([])
    expect(found('alpha').sort((x, y) => x - y)).toEqual(a.chunkIds)
    index.close()
  })
})
