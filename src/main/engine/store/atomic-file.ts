// The one way Quire replaces a file on disk (vector index, its manifest, settings, window state):
// write a temp file, fsync it, rename it over the old one. A crash or a full disk leaves the old
// file whole, and the temp file is removed.
import fs from 'node:fs'
import path from 'node:path'
import { threadId } from 'node:worker_threads'
import { TEMP_FILE } from './library-files.js'

/** Turns a full-disk failure into the caller's own error (what was kept, what to do). */
export type DiskFullError = (what: string) => Error

/** The temp file `replaceFile` writes `file` through, in this process and thread. */
const tempName = (file: string) => `${file}.${process.pid}-${threadId}.tmp`
/** A name `tempName` gives: the file's own, then `.<pid>-<thread>.tmp` (declared in library-files.ts). */
const TEMP_NAME = TEMP_FILE

/**
 * Writes `file` through a temp file named for this process and thread (the app's main thread and
 * its import worker share a pid), fsyncs and renames it; on any failure the temp file is removed
 * and the old file stays. ENOSPC/EDQUOT go through `onDiskFull` when given.
 */
export function replaceFile(file: string, write: (tmp: string) => void, onDiskFull?: DiskFullError): void {
  const tmp = tempName(file)
  try {
    write(tmp)
    fsyncFile(tmp)
    fs.renameSync(tmp, file)
  } catch (err) {
    fs.rmSync(tmp, { force: true })
    const code = (err as NodeJS.ErrnoException).code
    if (onDiskFull && (code === 'ENOSPC' || code === 'EDQUOT'))
      throw onDiskFull(`${path.basename(file)} could not be saved`)
    throw err
  }
}

/**
 * Removes the temp files `replaceFile` left for `names` in `dir` when their process died mid-write
 * (killed, a second Ctrl-C, power lost): each is a partial copy of what the library holds, left
 * outside it. Call only while holding the lock every writer of these files takes, so that none of
 * them is a write in progress.
 */
export function removeOrphanTempFiles(dir: string, names: readonly string[]): void {
  let entries: string[]
  try {
    entries = fs.readdirSync(dir)
  } catch {
    return
  }
  for (const entry of entries) {
    const m = TEMP_NAME.exec(entry)
    if (m && names.includes(m[1]!)) fs.rmSync(path.join(dir, entry), { force: true })
  }
}

export function writeFileAtomic(file: string, data: string, onDiskFull?: DiskFullError): void {
  replaceFile(file, (tmp) => fs.writeFileSync(tmp, data), onDiskFull)
}

function fsyncFile(file: string): void {
  const fd = fs.openSync(file, 'r+')
  try {
    fs.fsyncSync(fd)
  } finally {
    fs.closeSync(fd)
  }
}
