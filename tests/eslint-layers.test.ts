import path from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

// The layer rule itself (eslint/layers.js), on made-up sources at real paths.
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '..') })

async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.resolve(import.meta.dirname, '..', file) })
  return result!.messages.filter((m) => m.ruleId === 'quire/layers').map((m) => m.message)
}

describe('layer rule', () => {
  it('refuses upward imports, relative or aliased, and allows downward ones', async () => {
    expect(
      await layerErrors('src/main/engine/x.ts', "import { a } from '../services/app-services.js'\nvoid a\n"),
    ).toEqual([expect.stringMatching(/engine may import only itself, shared, not services/)])
    expect(
      await layerErrors(
        'src/renderer/src/x.ts',
        "import { a } from '../../main/engine/library.js'\nvoid a\n",
      ),
    ).toHaveLength(1)
    expect(
      await layerErrors('src/main/services/x.ts', "import { a } from '../cli/main.js'\nvoid a\n"),
    ).toHaveLength(1)
    expect(
      await layerErrors('src/main/engine/store/x.ts', "import { a } from '../retrieve/decide.js'\nvoid a\n"),
    ).toEqual([expect.stringMatching(/engine\/store .* may not import engine\/retrieve/)])
    expect(
      await layerErrors('src/main/services/x.ts', "import { a } from '@tests/helpers/temp-dir.js'\nvoid a\n"),
    ).toEqual([expect.stringMatching(/never imports test support/)])
    expect(
      await layerErrors(
        'src/main/desktop/x.ts',
        "import { a } from '../services/app-services.js'\nimport { b } from '@shared/errors.js'\nvoid a\nvoid b\n",
      ),
    ).toEqual([])
  })

  it('lets only tests under tests/ span layers: a renderer test may not reach into main', async () => {
    const both =
      "import { a } from '../../src/main/ipc/router.js'\nimport { b } from '@renderer/App.js'\nvoid a\nvoid b\n"
    expect(await layerErrors('tests/app/x.test.tsx', both)).toEqual([])
    expect(
      await layerErrors(
        'src/renderer/src/x.test.tsx',
        "import { a } from '../../main/ipc/router.js'\nvoid a\n",
      ),
    ).toEqual([expect.stringMatching(/renderer may import only itself, shared, not ipc/)])
  })
})
