import fs from 'node:fs'
import path from 'node:path'
import { threadId } from 'node:worker_threads'
import { SESSION_MARKER, SESSIONS_FOLDER } from './library-files.js'

export interface Session {
  /** A writer that opened this library earlier died without closing it (kill -9, power loss). */
  crashed: boolean
  end(): void
}

/**
 * Marks this writer as having the library open, and notices writers that never closed theirs:
 * a marker whose process is gone means a crash, after which the full integrity check runs once.
 */
export function beginSession(libraryDir: string): Session {
  const dir = path.join(libraryDir, SESSIONS_FOLDER)
  fs.mkdirSync(dir, { recursive: true })
  let crashed = false
  for (const name of fs.readdirSync(dir)) {
    // Only markers are Quire's: anything else in the folder is left alone.
    if (!SESSION_MARKER.test(name)) continue
    const pid = Number(name.split('-')[0])
    if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) continue
    crashed = true
    fs.rmSync(path.join(dir, name), { force: true })
  }
  const mine = path.join(dir, `${process.pid}-${threadId}-${Date.now()}`)
  fs.writeFileSync(mine, '')
  return { crashed, end: () => fs.rmSync(mine, { force: true }) }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}
