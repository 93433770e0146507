import fs from 'node:fs'
import path from 'node:path'
import type { LibraryCheckReport } from '@shared/library-types.js'
import { Library, type LibraryOpenOptions } from './library.js'
import { DB_FILE, REBUILD_DB_FILE, SQLITE_COMPANIONS, VECTOR_FILES } from './store/library-files.js'
import { fullCheck } from './store/check-database.js'
import { refillOcrChunkIndex } from './store/ocr-chunk-index.js'
import { openDatabase, type Db } from './store/open-database.js'

/**
 * The full check (SQLite integrity_check + the FTS index against its chunks) and, on request,
 * the repair: rebuild every index (REINDEX) and the full-text indexes from the chunks, then find
 * the documents whose rows can no longer be read whole and import them again from their files.
 * What cannot be repaired in place is said, never hidden.
 */
export async function checkLibrary(lib: Library, opts: { repair: boolean }): Promise<LibraryCheckReport> {
  const before = fullCheck(lib.db)
  lib.health = before
  if (before.ok || !opts.repair) {
    return { ok: before.ok, problems: before.problems, repaired: false, reimported: [], unrecoverable: [] }
  }
  const tried = (step: string | (() => void)) => {
    try {
      if (typeof step === 'string') lib.db.exec(step)
      else step()
    } catch {
      // A damaged table can make a rebuild fail; the check afterwards says what is still wrong.
    }
  }
  tried('REINDEX')
  tried("INSERT INTO chunks_fts(chunks_fts) VALUES ('rebuild')")
  // Its rows go with their chunks (a trigger) when damaged documents are removed below.
  tried(() => refillOcrChunkIndex(lib.db))

  const reimported: string[] = []
  const unrecoverable: { path: string; reason: string }[] = []
  const damaged = damagedDocuments(lib)
  const paths: string[] = []
  for (const doc of damaged) {
    try {
      lib.store.removeDocument(doc.id)
    } catch (err) {
      unrecoverable.push({ path: doc.path, reason: `its rows cannot be removed (${message(err)})` })
      continue
    }
    if (fs.existsSync(doc.path)) paths.push(doc.path)
    else unrecoverable.push({ path: doc.path, reason: 'the file is no longer where it was imported from' })
  }
  tried("INSERT INTO chunks_fts(chunks_fts) VALUES ('rebuild')")
  lib.health = fullCheck(lib.db)
  if (lib.health.ok && paths.length) {
    const report = await lib.ingest(paths)
    for (const d of report.documents) {
      if (d.status === 'indexed') reimported.push(d.file)
      else unrecoverable.push({ path: d.file, reason: d.error ?? 'it could not be imported again' })
    }
  } else {
    for (const p of paths) unrecoverable.push({ path: p, reason: 'the database is still damaged' })
  }
  await lib.reconcile()
  const after = lib.health
  return { ok: after.ok, problems: after.problems, repaired: true, reimported, unrecoverable }
}

/** Documents whose page or chunk rows cannot all be read, or do not add up to what the document says. */
function damagedDocuments(lib: Library): { id: number; path: string }[] {
  let docs: { id: number; path: string; pages: number; status: string }[]
  try {
    docs = lib.db.prepare('SELECT id, path, pages, status FROM documents').all() as typeof docs
  } catch {
    return []
  }
  // Reading every column's length touches every byte of each row (overflow pages included).
  const pages = lib.db.prepare(
    'SELECT page_no, length(text) + length(items) AS n FROM pages WHERE document_id = ?',
  )
  const chunks = lib.db.prepare(
    'SELECT id, length(text) + length(spans) AS n FROM chunks WHERE document_id = ?',
  )
  const out: { id: number; path: string }[] = []
  for (const d of docs) {
    if (d.status !== 'indexed') continue
    try {
      const p = pages.all(d.id) as { page_no: number }[]
      const c = chunks.all(d.id) as { id: number }[]
      if (p.length !== d.pages || c.length === 0) out.push(d)
    } catch {
      out.push(d)
    }
  }
  return out
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err)
}

/**
 * Repairs the library in `dir` (closed by the caller): in place first (checkLibrary). When table
 * pages themselves are damaged, rows cannot be deleted or rewritten in place, so the database is
 * rebuilt: a fresh file gets every readable conversation, message and setting, the damaged file
 * is deleted (no stray copy of confidential text stays behind), and every document is imported
 * again from its file. The vector index is rebuilt from the new chunks.
 */
export async function repairLibrary(dir: string, opts: LibraryOpenOptions = {}): Promise<LibraryCheckReport> {
  let lib = await Library.open(dir, opts)
  let report: LibraryCheckReport
  let known: string[]
  try {
    // Read before REINDEX: rebuilding the path index from a damaged table would lose its good copy.
    known = documentPaths(lib.db, 'main')
    report = await checkLibrary(lib, { repair: true })
  } finally {
    await lib.close()
  }
  if (report.ok) return report
  // Documents the in-place pass already took out are imported again with the rest.
  rebuildDatabase(dir)
  const paths = [...new Set([...known, ...report.unrecoverable.map((u) => u.path)])]
  for (const f of VECTOR_FILES) fs.rmSync(path.join(dir, f), { force: true })
  lib = await Library.open(dir, opts)
  try {
    const present = paths.filter((p) => fs.existsSync(p))
    const unrecoverable = paths
      .filter((p) => !fs.existsSync(p))
      .map((p) => ({ path: p, reason: 'the file is no longer where it was imported from' }))
    const ingested = present.length ? await lib.ingest(present) : { documents: [] }
    for (const d of ingested.documents)
      if (d.status !== 'indexed')
        unrecoverable.push({ path: d.file, reason: d.error ?? 'not imported again' })
    const after = fullCheck(lib.db)
    return {
      ok: after.ok,
      problems: after.problems,
      repaired: true,
      reimported: ingested.documents.filter((d) => d.status === 'indexed').map((d) => d.file),
      unrecoverable,
    }
  } finally {
    await lib.close()
  }
}

/** Document paths from the table and, where its pages are damaged, from the path index. */
function documentPaths(db: Db, schema: string): string[] {
  const paths = new Set<string>()
  for (const sql of [
    `SELECT path FROM ${schema}.documents NOT INDEXED`,
    `SELECT path FROM ${schema}.documents INDEXED BY sqlite_autoindex_documents_1`,
  ]) {
    try {
      for (const p of db.prepare(sql).pluck().all() as unknown[])
        if (typeof p === 'string' && path.isAbsolute(p)) paths.add(p)
    } catch {
      // That copy of the paths is damaged; the other one is tried.
    }
  }
  return [...paths]
}

/** Copies the readable conversations, messages and settings into a fresh database file and swaps it in. */
function rebuildDatabase(dir: string): void {
  const file = path.join(dir, DB_FILE)
  const fresh = path.join(dir, REBUILD_DB_FILE)
  const withCompanions = (f: string) => [f, ...SQLITE_COMPANIONS.map((c) => `${f}${c}`)]
  for (const f of withCompanions(fresh)) fs.rmSync(f, { force: true })
  const db = openDatabase(fresh)
  try {
    db.prepare('ATTACH DATABASE ? AS old').run(file)
    db.pragma('foreign_keys = OFF')
    for (const table of ['meta', 'conversations', 'messages']) copyReadableRows(db, table)
    db.exec('DETACH DATABASE old')
  } finally {
    db.close()
  }
  for (const f of withCompanions(file)) fs.rmSync(f, { force: true })
  fs.renameSync(fresh, file)
}

/** Copies a table whole, or where its pages are damaged, row by row: only the damaged rows are lost. */
function copyReadableRows(db: Db, table: string): void {
  try {
    db.exec(`INSERT INTO main.${table} SELECT * FROM old.${table}`)
    return
  } catch {
    // Damaged somewhere: fall back to one row at a time below.
  }
  let max: number
  try {
    max = (db.prepare(`SELECT max(rowid) FROM old.${table}`).pluck().get() as number | null) ?? 0
  } catch {
    return
  }
  const one = db.prepare(`INSERT OR IGNORE INTO main.${table} SELECT * FROM old.${table} WHERE rowid = ?`)
  for (let id = 1; id <= max; id++) {
    try {
      one.run(id)
    } catch {
      // This row sits in the damaged page.
    }
  }
}
