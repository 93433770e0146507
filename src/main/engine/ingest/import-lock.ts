import fs from 'node:fs'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { QuireError } from '@shared/errors.js'
import { SqliteLock, type LockHolder } from '../vectors/sqlite-lock.js'
import { IMPORT_LOCK_FILE } from '../store/library-files.js'

export { IMPORT_LOCK_FILE }

/** How often a waiting import tries the lock again (it is free the moment the running import ends). */
const RETRY_MS = 250

function describeHolder(who: LockHolder | null): string {
  return who ? ` since ${who.since.slice(11, 19)} UTC (process ${who.pid})` : ''
}

/**
 * One import per library at a time, across processes and threads: two imports of the same files
 * each redid all the work (96 s instead of 40 s) and each reported success. This form never
 * waits: for work that must not queue behind a long batch (it is told who runs the import).
 */
export function acquireImportLock(libraryDir: string): SqliteLock {
  fs.mkdirSync(libraryDir, { recursive: true })
  const lock = SqliteLock.acquire(path.join(libraryDir, IMPORT_LOCK_FILE), 'import', 0)
  if (lock instanceof SqliteLock) return lock
  throw new QuireError(
    'IMPORT_RUNNING',
    `Another import into this library is running${describeHolder(lock.heldBy)}. Wait for it to finish (or cancel it), then import again; files it already added will be skipped.`,
  )
}

export interface WaitForImportOptions {
  signal?: AbortSignal
  /** Called once, when the lock is taken by another import and this one starts waiting. */
  onWaiting?: (heldBy: LockHolder | null) => void
}

/**
 * The import lock for an import: a second import into a library waits its turn instead of being
 * refused (a person who drops more files, or runs `quire ingest` again, wants them imported, not an
 * error). Polls without blocking the thread, so a cancel during the wait ends it at once; a holder
 * killed with -9 frees the lock (the kernel drops its SQLite lock) and the waiter goes ahead.
 */
export async function waitForImportLock(
  libraryDir: string,
  opts: WaitForImportOptions = {},
): Promise<SqliteLock> {
  fs.mkdirSync(libraryDir, { recursive: true })
  const file = path.join(libraryDir, IMPORT_LOCK_FILE)
  let told = false
  for (;;) {
    if (opts.signal?.aborted) throw new QuireError('CANCELLED', 'Import cancelled while it waited its turn.')
    const lock = SqliteLock.acquire(file, 'import', 0)
    if (lock instanceof SqliteLock) return lock
    if (!told) {
      told = true
      opts.onWaiting?.(lock.heldBy)
    }
    await sleep(RETRY_MS, undefined, { signal: opts.signal }).catch(() => undefined)
  }
}

/** The line a waiting import shows (CLI) or logs. */
export function waitingLine(heldBy: LockHolder | null): string {
  return `Waiting for the import in progress${describeHolder(heldBy)} to finish; this import starts when it ends.`
}
