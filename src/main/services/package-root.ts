import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The package root (where resources/ lives), from this file's location in src/ or out/. */
export function packageRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url))
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir)
    if (up === dir) return process.cwd()
    dir = up
  }
  return dir
}
