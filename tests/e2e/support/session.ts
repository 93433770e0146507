// One e2e session: a temp library and data folder, a fake Ollama, Quire's server in browser mode on
// them, and Debian's Chromium. The window, answers and scanned-PDF tests each start one.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { chromium, type Browser } from 'playwright-core'
import { buildTestModel } from '../../../scripts/build-test-model.js'
import { startServer, type RunningServer } from '../../../src/main/server/http-server.js'
import type { FakeOllama } from '../../fake-ollama/index.js'
import { TEST_MODEL_DIR } from '../../test-model.js'
import { ensureRendererBuilt } from './build-renderer.js'
import { CHROMIUM, RENDERER_OUT } from './paths.js'

// Without the background-networking flags Chromium tries (and fails) to reach its own services.
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run']

export interface E2eSession {
  /** The temp folder holding `library/` and `data/`. */
  tmp: string
  ollama: FakeOllama
  server: RunningServer
  browser: Browser
  /** Closes the browser, the server and Ollama (a test may have closed Ollama already), removes tmp. */
  close(): Promise<void>
}

export async function startE2eSession(
  name: string,
  startOllama: () => Promise<FakeOllama>,
): Promise<E2eSession> {
  await Promise.all([ensureRendererBuilt(), buildTestModel(TEST_MODEL_DIR)])
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), `quire-e2e-${name}-`))
  const ollama = await startOllama()
  const server = await startServer({
    libraryDir: path.join(tmp, 'library'),
    dataDir: path.join(tmp, 'data'),
    rendererDir: RENDERER_OUT,
    modelDir: TEST_MODEL_DIR,
    ollamaHost: ollama.url,
  })
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
  return {
    tmp,
    ollama,
    server,
    browser,
    async close() {
      await browser.close()
      await server.close()
      await ollama.close().catch(() => undefined)
      await fs.rm(tmp, { recursive: true, force: true })
    },
  }
}
