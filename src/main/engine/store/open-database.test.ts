import path from 'node:path'
import { Worker } from 'node:worker_threads'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import { MIGRATIONS } from './migrations.js'
import { migrate, openDatabase } from './open-database.js'

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

  it('upgrades an old library another process is upgrading at the same moment, running each step once', async () => {
    const file = path.join(tempDir(), 'lib.sqlite')
    const steps = [
      { version: 1, name: 'first', sql: 'CREATE TABLE a(x)' },
      // Not repeatable: run twice, it fails ("table b already exists") and would add a second row.
      { version: 2, name: 'second', sql: "CREATE TABLE b(x); INSERT INTO b VALUES ('once')" },
    ]
    openDatabase(file, steps.slice(0, 1)).close()
    // Another process (here a thread) applies step 2 and holds its transaction open for 300 ms,
    // after this one read the old version.
    const other = new Worker(
      `const { parentPort, workerData } = require('node:worker_threads')
       const Database = require(workerData.module)
       const db = new Database(workerData.file)
       db.exec('BEGIN IMMEDIATE')
       db.exec(workerData.sql)
       db.pragma('user_version = 2')
       parentPort.postMessage('holding')
       Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300)
       db.exec('COMMIT')
       db.close()`,
      { eval: true, workerData: { file, sql: steps[1]!.sql, module: require.resolve('better-sqlite3') } },
    )
    await new Promise((resolve) => other.once('message', resolve))
    const db = openDatabase(file, steps)
    expect(db.pragma('user_version', { simple: true })).toBe(2)
    expect(db.prepare('SELECT x FROM b').pluck().all()).toEqual(['once'])
    db.close()
    await new Promise((resolve) => other.once('exit', resolve))
  })

  it('opens an up-to-date library while another connection holds the write lock, without waiting', () => {
    const file = path.join(tempDir(), 'lib.sqlite')
    openDatabase(file).close()
    const writer = new Database(file)
    writer.exec('BEGIN IMMEDIATE')
    const db = new Database(file)
    db.pragma('busy_timeout = 0')
    // With busy_timeout 0 a write lock attempt would fail at once ("database is locked").
    expect(() => migrate(db, MIGRATIONS)).not.toThrow()
    db.close()
    writer.exec('ROLLBACK')
    writer.close()
  })
})
