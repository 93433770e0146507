import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach } from 'vitest'

/** A fresh temp folder per call, removed after the test. */
export function useTempDirs(): (prefix?: string) => string {
  const made: string[] = []
  afterEach(() => {
    for (const d of made.splice(0)) fs.rmSync(d, { recursive: true, force: true })
  })
  return (prefix = 'quire-test-') => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
    made.push(d)
    return d
  }
}
