import fs from 'node:fs'
import Database from 'better-sqlite3'
import { QuireError } from '@shared/errors.js'
import type { Db } from './db.js'
import { MIGRATIONS, type Migration } from './migrations.js'

export type { Db } from './db.js'

/**
 * Opens (creating if needed) the library database in WAL mode and brings its schema up to date.
 * WAL keeps readers (the UI) unblocked while an import writes, and makes a killed writer harmless:
 * an uncommitted transaction simply never happened.
 */
export function openDatabase(file: string, migrations: readonly Migration[] = MIGRATIONS): Db {
  const db = new Database(file)
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = NORMAL')
  db.pragma('foreign_keys = ON')
  db.pragma('busy_timeout = 5000')
  try {
    migrate(db, migrations)
  } catch (err) {
    // The failed migration rolled back; do not leave the file open (and locked) behind the error.
    db.close()
    throw err
  }
  return db
}

/**
 * Opens a library database for reading where its folder cannot be written (a read-only disk or
 * share, another user's folder). SQLite needs to create the write-ahead log's index (-shm) beside
 * a WAL database even to read it, so a plain open fails there. When the log and its index are
 * already there, SQLite reads through them; otherwise the file is read into memory (with the
 * header's journal mode set back to rollback, which the in-memory copy needs) and an older schema
 * is brought up to date in that copy only. Nothing is ever written to the folder.
 */
export function openDatabaseReadOnly(file: string, migrations: readonly Migration[] = MIGRATIONS): Db {
  if (fs.existsSync(`${file}-wal`) && fs.existsSync(`${file}-shm`)) {
    try {
      const db = new Database(file, { readonly: true, fileMustExist: true })
      const version = db.pragma('user_version', { simple: true }) as number
      if (version === (migrations.at(-1)?.version ?? 0)) return db
      db.close()
    } catch {
      // Fall back to the copy in memory below.
    }
  }
  const bytes = fs.readFileSync(file)
  // Bytes 18 and 19 of the header: file format write/read version, 2 = WAL, 1 = rollback journal.
  if (bytes.length >= 20 && bytes[18] === 2 && bytes[19] === 2) bytes[18] = bytes[19] = 1
  const db = new Database(bytes)
  try {
    db.pragma('foreign_keys = ON')
    migrate(db, migrations)
  } catch (err) {
    db.close()
    throw err
  }
  return db
}

export function migrate(db: Db, migrations: readonly Migration[]): void {
  const version = () => db.pragma('user_version', { simple: true }) as number
  const latest = migrations.at(-1)?.version ?? 0
  // Its own code, not INTERNAL: retrying cannot help, updating Quire does, and the library is
  // left as it is (nothing is written into a schema this build does not know).
  const newer = (current: number) =>
    new QuireError(
      'LIBRARY_TOO_NEW',
      `This library was written by a newer version of Quire (schema ${current}, this build knows ${latest}). Update Quire to open it; the library is left unchanged.`,
    )
  const current = version()
  if (current > latest) throw newer(current)
  // Up to date: no write lock taken, so opening beside a running import never waits for it.
  if (current === latest) return
  for (const m of migrations) {
    if (m.version <= current) continue
    // IMMEDIATE, and the version read again inside: another process opening the same old library
    // may have applied this migration since the read above, and running it twice would fail
    // ("table already exists") or repeat its data step.
    db.transaction(() => {
      const now = version()
      if (now > latest) throw newer(now)
      if (m.version <= now) return
      if (m.sql) db.exec(m.sql)
      m.data?.(db)
      db.pragma(`user_version = ${m.version}`)
    }).immediate()
  }
}
