import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import { TEST_MODEL_DIR, TEST_RERANKER_DIR } from '@tests/test-model.js'
import { rerankerFlag } from './reranker-locations.js'
import { SETTINGS_FILE } from './settings-file.js'

const tempDir = useTempDirs()

function home(rerankerDir: string | null): NodeJS.ProcessEnv {
  const dir = tempDir()
  fs.writeFileSync(path.join(dir, SETTINGS_FILE), JSON.stringify({ rerankerDir }))
  return { QUIRE_HOME: dir }
}

describe('rerankerFlag', () => {
  it("without the flag, uses the reranker imported in the app's Settings", () => {
    expect(rerankerFlag(undefined, home(TEST_RERANKER_DIR))).toBe(TEST_RERANKER_DIR)
    expect(rerankerFlag(undefined, home(null))).toBeNull()
  })

  it('without the flag, ignores an imported reranker that is no longer usable', () => {
    expect(rerankerFlag(undefined, home(path.join(tempDir(), 'gone')))).toBeNull()
  })

  it('none turns reranking off even when the app has one', () => {
    expect(rerankerFlag('none', home(TEST_RERANKER_DIR))).toBeNull()
  })

  it('a named folder must be a cross-encoder', () => {
    expect(rerankerFlag(TEST_RERANKER_DIR, home(null))).toBe(TEST_RERANKER_DIR)
    expect(() => rerankerFlag(TEST_MODEL_DIR, home(null))).toThrow(/not a cross-encoder/)
    expect(() => rerankerFlag(path.join(tempDir(), 'missing'), home(null))).toThrow(
      expect.objectContaining({ code: 'MODEL_DIR_NOT_FOUND' }),
    )
  })
})
