import fs from 'node:fs'
import { threadId } from 'node:worker_threads'
import Database from 'better-sqlite3'

/** Who holds a lock, as recorded beside it (advisory: the lock itself is SQLite's). */
export interface LockHolder {
  pid: number
  threadId: number
  purpose: string
  since: string
}

/**
 * An inter-process (and inter-thread) lock held as an open `BEGIN IMMEDIATE` transaction on a small
 * SQLite file of its own. SQLite's POSIX locks are released by the kernel when a process dies, so a
 * `kill -9` never leaves a stale lock behind, and SQLite coordinates connections of the same process
 * (the app's main thread and its import worker) itself. Readers of the lock file are never blocked,
 * which is how a second import learns who holds it from the holder file.
 */
export class SqliteLock {
  private constructor(
    private readonly db: Database.Database,
    private readonly holderFile: string,
  ) {}

  /**
   * Takes the lock, waiting up to `waitMs`. Returns the lock, or who holds it when the wait ran out.
   * The wait is synchronous (SQLite's busy handler): callers hold it only around short sections or
   * pass waitMs 0.
   */
  static acquire(file: string, purpose: string, waitMs: number): SqliteLock | { heldBy: LockHolder | null } {
    const db = new Database(file)
    db.pragma(`busy_timeout = ${Math.max(0, Math.round(waitMs))}`)
    try {
      db.exec('BEGIN IMMEDIATE')
    } catch (err) {
      db.close()
      if ((err as { code?: string }).code === 'SQLITE_BUSY') return { heldBy: readHolder(`${file}.holder`) }
      throw err
    }
    const holder: LockHolder = { pid: process.pid, threadId, purpose, since: new Date().toISOString() }
    const holderFile = `${file}.holder`
    try {
      fs.writeFileSync(holderFile, JSON.stringify(holder))
    } catch {
      // The holder file only improves the message another process shows; the lock stands without it.
    }
    return new SqliteLock(db, holderFile)
  }

  release(): void {
    if (!this.db.open) return
    fs.rmSync(this.holderFile, { force: true })
    this.db.exec('ROLLBACK')
    this.db.close()
  }
}

function readHolder(file: string): LockHolder | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as LockHolder
  } catch {
    return null
  }
}
