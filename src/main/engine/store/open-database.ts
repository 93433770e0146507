import Database from 'better-sqlite3'
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

export function migrate(db: Db, migrations: readonly Migration[]): void {
  const version = () => db.pragma('user_version', { simple: true }) as number
  const latest = migrations.at(-1)?.version ?? 0
  const newer = (current: number) =>
    new Error(
      `This library was written by a newer version of Quire (schema ${current}, this build knows ${latest}). Update Quire to open it.`,
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
