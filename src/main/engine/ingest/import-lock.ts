import fs from 'node:fs'
import path from 'node:path'
import { QuireError } from '@shared/errors.js'
import { SqliteLock } from '../vectors/sqlite-lock.js'

export const IMPORT_LOCK_FILE = 'import.lock'

/**
 * One import per library at a time, across processes and threads: two imports of the same files
 * each redid all the work (96 s instead of 40 s) and each reported success. The second one is told
 * at once, with who runs the first, rather than left waiting behind a long batch.
 */
export function acquireImportLock(libraryDir: string): SqliteLock {
  fs.mkdirSync(libraryDir, { recursive: true })
  const lock = SqliteLock.acquire(path.join(libraryDir, IMPORT_LOCK_FILE), 'import', 0)
  if (lock instanceof SqliteLock) return lock
  const who = lock.heldBy
  const since = who ? ` since ${who.since.slice(11, 19)} UTC (process ${who.pid})` : ''
  throw new QuireError(
    'IMPORT_RUNNING',
    `Another import into this library is running${since}. Wait for it to finish (or cancel it), then import again; files it already added will be skipped.`,
  )
}
