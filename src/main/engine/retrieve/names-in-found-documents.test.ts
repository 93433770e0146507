import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { LibraryStore } from '../store/library-store.js'
import { openDatabase, type Db } from '../store/open-database.js'
import type { Chunk } from '../store/page-records.js'
import { HybridSearch } from './hybrid-search.js'
import { tuningWith } from './tuning.js'

const dirs: string[] = []
const dbs: Db[] = []
afterEach(() => {
  for (const db of dbs.splice(0)) db.close()
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true })
})

const chunk = (ord: number, heading: string, text: string): Chunk => ({
  ord,
  heading,
  text,
  pageStart: ord + 1,
  pageEnd: ord + 1,
  spans: [],
})

/** A real library database: a scanner manual, and a solver manual that is the only one naming OpenMP. */
function library(): Db {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-names-'))
  dirs.push(dir)
  const db = openDatabase(path.join(dir, 'library.sqlite'))
  dbs.push(db)
  const store = new LibraryStore(db)
  const doc = (name: string, chunks: Chunk[]) =>
    store.putDocument({ path: `/docs/${name}`, title: name, sha256: name, size: 1, pages: [], chunks })
  doc(
    'scanner.pdf',
    Array.from({ length: 8 }, (_, i) =>
      chunk(
        i,
        `Section ${i}`,
        `Tokenizing speed of the scanner is raised with option ${i}: the scanner reads input in larger blocks.`,
      ),
    ),
  )
  doc('solver.pdf', [chunk(0, 'Threads', 'OpenMP threads run the solver on every core.')])
  // Other topics, so that the scanner's words are as rare in the library as real topic words are.
  doc(
    'garden.pdf',
    Array.from({ length: 30 }, (_, i) => chunk(i, `Bed ${i}`, `Roses in bed ${i} want water and sun.`)),
  )
  return db
}

describe('names absent from the documents found', () => {
  const question = 'How can the tokenizing speed of the scanner be raised with OpenMP?'

  it('declines when the passages found come from documents that never name it', async () => {
    const search = new HybridSearch({ db: library(), embedder: null, vectors: null })
    const r = await search.search(question, { k: 2 })
    expect(r.results.every((h) => h.file.endsWith('scanner.pdf'))).toBe(true)
    expect(r.decision).toMatchObject({ declined: true, reason: 'names-absent', decisive: ['OpenMP'] })
  })

  it('does not when that is turned off: another document of the library names it', async () => {
    const tuning = tuningWith({ namesInFoundDocuments: 0 })
    const search = new HybridSearch({ db: library(), embedder: null, vectors: null, tuning })
    const r = await search.search(question, { k: 2 })
    expect(r.decision?.reason).not.toBe('names-absent')
  })

  it('finds the name when a document it comes from has it', async () => {
    const search = new HybridSearch({ db: library(), embedder: null, vectors: null })
    const r = await search.search('How many OpenMP threads run the solver?', { k: 3 })
    expect(r.results[0]!.file).toMatch(/solver\.pdf$/)
    expect(r.decision?.reason).not.toBe('names-absent')
  })
})
