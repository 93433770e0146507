import fs from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import { DEFAULT_MODEL_NAME, defaultModelDir } from './model-locations.js'
import { packageRoot } from './package-root.js'

const tempDir = useTempDirs()
const proc = process as { resourcesPath?: string }
const before = proc.resourcesPath
afterEach(() => {
  if (before === undefined) delete proc.resourcesPath
  else proc.resourcesPath = before
})

describe("the CLI's default embedding model", () => {
  it('is the one shipped beside the packaged app when the app runs the quire command', () => {
    const home = tempDir()
    const fetched = path.join(packageRoot(), 'resources', 'models', DEFAULT_MODEL_NAME)
    delete proc.resourcesPath
    const env = { QUIRE_HOME: home }
    // No model anywhere usable: the path named is where the model was expected.
    if (!fs.existsSync(fetched)) expect(defaultModelDir(undefined, env)).toBe(fetched)
    const resources = tempDir()
    fs.mkdirSync(path.join(resources, 'models', DEFAULT_MODEL_NAME), { recursive: true })
    proc.resourcesPath = resources
    expect(defaultModelDir(undefined, env)).toBe(path.join(resources, 'models', DEFAULT_MODEL_NAME))
  })
})
