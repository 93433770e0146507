import fs from 'node:fs'
import path from 'node:path'
import { writeFileAtomic } from '../engine/store/atomic-file.js'

/** Reads a JSON file; null when it is missing or unreadable (a corrupt settings file must not stop the app). */
export function readJsonFile(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as unknown
  } catch {
    return null
  }
}

/** Writes through a temp file, fsync and rename, so a crash mid-write never leaves half a file. */
export function writeJsonFile(file: string, value: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  writeFileAtomic(file, `${JSON.stringify(value, null, 2)}\n`)
}
