import path from 'node:path'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import { MIGRATIONS } from './migrations.js'
import { openDatabase } from './open-database.js'

const tempDir = useTempDirs()

describe('openDatabase and migrations', () => {
  it('numbers migrations 1..n in order', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1))
  })

  it('creates the schema in WAL mode and records the version', () => {
    const db = openDatabase(path.join(tempDir(), 'lib.sqlite'))
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.at(-1)!.version)
    const tables = db.prepare(`SELECT name FROM sqlite_master WHERE type IN ('table','view')`).pluck().all()
    expect(tables).toEqual(expect.arrayContaining(['documents', 'pages', 'chunks', 'chunks_fts', 'meta']))
    db.close()
  })

  it('upgrades a library from every earlier version without losing rows', () => {
    for (let from = 1; from < MIGRATIONS.length; from++) {
      const file = path.join(tempDir(), `v${from}.sqlite`)
      const old = openDatabase(file, MIGRATIONS.slice(0, from))
      old
        .prepare(
          `INSERT INTO documents (path, title, sha256, size, status) VALUES ('/a.pdf','a','x',1,'indexed')`,
        )
        .run()
      old.close()
      const db = openDatabase(file)
      expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.at(-1)!.version)
      expect(db.prepare('SELECT count(*) FROM documents').pluck().get()).toBe(1)
      db.close()
    }
  })

  it('reopening is a no-op and keeps data', () => {
    const file = path.join(tempDir(), 'lib.sqlite')
    openDatabase(file).close()
    const db = openDatabase(file)
    db.prepare(`INSERT INTO meta (key, value) VALUES ('k','v')`).run()
    db.close()
    expect(openDatabase(file).prepare(`SELECT value FROM meta`).pluck().get()).toBe('v')
  })

  it('refuses a library written by a newer Quire instead of damaging it', () => {
    const file = path.join(tempDir(), 'lib.sqlite')
    const raw = new Database(file)
    raw.pragma('user_version = 999')
    raw.close()
    expect(() => openDatabase(file)).toThrow(/newer version of Quire/)
  })

  it('rolls back a failing migration completely', () => {
    const file = path.join(tempDir(), 'lib.sqlite')
    const broken = [
      ...MIGRATIONS,
      { version: MIGRATIONS.length + 1, name: 'broken', sql: 'CREATE TABLE t(x); SELECT nope FROM t;' },
    ]
    expect(() => openDatabase(file, broken)).toThrow()
    const db = new Database(file)
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length)
    expect(db.prepare(`SELECT count(*) FROM sqlite_master WHERE name = 't'`).pluck().get()).toBe(0)
    db.close()
  })
})
