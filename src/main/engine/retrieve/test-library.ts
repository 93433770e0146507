import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach } from 'vitest'
import { LibraryStore } from '../store/library-store.js'
import { openDatabase, type Db } from '../store/open-database.js'
import type { Chunk, CleanPage } from '../store/page-records.js'

// Test support for the retrieval rules' tests: a real SQLite library in a temp dir, removed after
// each test, so a rule is tested against the store and FTS5 it runs on in the product.

/** One chunk on its own page (page = ord + 1), without text spans. */
export const chunk = (ord: number, heading: string, text: string): Chunk => ({
  ord,
  heading,
  text,
  pageStart: ord + 1,
  pageEnd: ord + 1,
  spans: [],
})

const dirs: string[] = []
const dbs: Db[] = []
afterEach(() => {
  for (const db of dbs.splice(0)) db.close()
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true })
})

/**
 * Opens a new library in a temp dir holding one document per entry of `docs` (file name → its
 * chunks). The documents named in `scanned` come with every page their chunks lie on marked as
 * OCR'd (as a scan's import stores them).
 */
export function tempLibrary(docs: Record<string, Chunk[]>, scanned: string[] = []): Db {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-retrieve-'))
  dirs.push(dir)
  const db = openDatabase(path.join(dir, 'library.sqlite'))
  dbs.push(db)
  const store = new LibraryStore(db)
  for (const [name, chunks] of Object.entries(docs)) {
    store.putDocument({
      path: `/docs/${name}`,
      title: name,
      sha256: name,
      size: 1,
      pages: scanned.includes(name) ? ocrPages(chunks) : [],
      chunks,
    })
  }
  return db
}

function ocrPages(chunks: Chunk[]): CleanPage[] {
  const pages = new Set(chunks.flatMap((c) => [c.pageStart, c.pageEnd]))
  return [...pages].map((pageNo) => ({
    pageNo,
    width: 612,
    height: 792,
    text: chunks
      .filter((c) => c.pageStart <= pageNo && pageNo <= c.pageEnd)
      .map((c) => c.text)
      .join('\n'),
    lines: [],
    items: [],
    ocr: { confidence: 90 },
  }))
}
