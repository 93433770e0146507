import { setTimeout as sleep } from 'node:timers/promises'
import { QuireError } from '@shared/errors.js'
import type { Db } from './db.js'

/**
 * How long a write that a person waits on (their question, its answer) waits for another writer to
 * finish before it says the library is busy: an import commits each document in a moment, and a
 * repair or another program holding the database longer is worth saying so.
 */
export const BUSY_WAIT_MS = 30_000
/** Each attempt's own wait (SQLite's busy handler blocks the thread): short, so the app stays responsive. */
const ATTEMPT_MS = 100
const PAUSE_MS = 250

/** SQLite's "database is locked" in its forms (another connection holds the write lock). */
export function isLibraryBusy(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'))
}

/** LIBRARY_BUSY, saying what could not be saved and what to do. */
export function libraryBusy(what: string, waitedMs: number): QuireError {
  return new QuireError(
    'LIBRARY_BUSY',
    `The library is busy: another program (an import, a repair, or a tool open on its database) has been writing to it for over ${Math.round(waitedMs / 1000)} s, so ${what}. Wait for it to finish, then try again.`,
  )
}

/**
 * Runs a write, waiting while another connection holds the database's write lock: attempts with a
 * short busy wait each, paused between without blocking the thread, up to `waitMs` in all; then
 * LIBRARY_BUSY instead of SQLite's raw SQLITE_BUSY (which surfaced as INTERNAL).
 */
export async function whenLibraryFree<T>(
  db: Db,
  write: () => T,
  what: string,
  waitMs = BUSY_WAIT_MS,
): Promise<T> {
  const started = Date.now()
  for (;;) {
    const previous = db.pragma('busy_timeout', { simple: true }) as number
    db.pragma(`busy_timeout = ${Math.min(ATTEMPT_MS, previous)}`)
    try {
      return write()
    } catch (err) {
      if (!isLibraryBusy(err)) throw err
      if (Date.now() - started >= waitMs) throw libraryBusy(what, waitMs)
    } finally {
      db.pragma(`busy_timeout = ${previous}`)
    }
    await sleep(PAUSE_MS)
  }
}
