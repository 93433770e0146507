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

export const DEFAULT_MODEL_NAME = 'all-MiniLM-L6-v2'

/** --model-dir wins, then QUIRE_MODEL_DIR, then the model fetched into resources/models/. */
export function defaultModelDir(explicit?: string): string {
  if (explicit) return path.resolve(explicit)
  if (process.env.QUIRE_MODEL_DIR) return path.resolve(process.env.QUIRE_MODEL_DIR)
  return path.join(packageRoot(), 'resources', 'models', DEFAULT_MODEL_NAME)
}
