// Writes a generated model folder atomically, stamped with its builder's version: built in a
// sibling temp folder and renamed, so a concurrent or interrupted build never leaves a half-written
// model behind, and a current copy is kept as it is.
import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'

const STAMP_FILE = '.test-model-version'

export async function isCurrent(destDir: string, version: string): Promise<boolean> {
  try {
    return (await readFile(join(destDir, STAMP_FILE), 'utf8')).trim() === version
  } catch {
    return false
  }
}

/** Runs `write` into a temp folder (its onnx/ made) and moves it to destDir; returns the absolute path. */
export async function writeModelFolder(
  destDir: string,
  version: string,
  write: (dir: string) => Promise<void>,
): Promise<string> {
  const dest = resolve(destDir)
  if (await isCurrent(dest, version)) return dest
  const tmp = join(dirname(dest), `.${basename(dest)}.tmp-${randomUUID()}`)
  await mkdir(join(tmp, 'onnx'), { recursive: true })
  try {
    await write(tmp)
    await writeFile(join(tmp, STAMP_FILE), version + '\n')
    if (existsSync(dest)) {
      // Another process may have finished the same build meanwhile; otherwise the copy there is stale.
      if (await isCurrent(dest, version)) return dest
      await rm(dest, { recursive: true, force: true })
    }
    try {
      await rename(tmp, dest)
    } catch (err) {
      if (!(await isCurrent(dest, version))) throw err
    }
    return dest
  } finally {
    await rm(tmp, { recursive: true, force: true })
  }
}
