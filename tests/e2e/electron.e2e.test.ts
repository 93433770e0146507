// The same scenario in the real Electron shell (preload transport, quire-pdf: protocol, drop →
// pathForFile). Runs only where the Electron binary was installed (node_modules/electron/dist);
// elsewhere it is skipped with the reason, and browser.e2e.test.ts covers the UI.
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { _electron as electron, type ElectronApplication, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { QuireApi } from '@shared/ipc-contract.js'
import type { FakeOllama } from '../fake-ollama/index.js'
import { ensureRendererBuilt } from './support/build-renderer.js'
import { startScriptedOllama } from './support/fake-ollama-script.js'
import { REPO_ROOT } from './support/paths.js'
import { harbourPdf } from './support/sample-pdf.js'
import * as step from './support/scenario.js'

const ELECTRON_DIST = path.join(REPO_ROOT, 'node_modules', 'electron', 'dist')
const hasElectron = fs.existsSync(ELECTRON_DIST)
const SKIP_REASON =
  'Electron binary not installed (node_modules/electron/dist is missing); the browser-mode e2e test covers the UI here.'

if (!hasElectron) console.warn(`[electron.e2e] skipped: ${SKIP_REASON}`)

function electronBinary(): string {
  const exe =
    process.platform === 'win32'
      ? 'electron.exe'
      : process.platform === 'darwin'
        ? 'Electron.app/Contents/MacOS/Electron'
        : 'electron'
  return path.join(ELECTRON_DIST, exe)
}

describe.skipIf(!hasElectron)(
  `desktop shell, end to end${hasElectron ? '' : ` — skipped: ${SKIP_REASON}`}`,
  () => {
    let home: string
    let ollama: FakeOllama
    let app: ElectronApplication | null = null

    async function launch(): Promise<Page> {
      app = await electron.launch({
        executablePath: electronBinary(),
        args: ['--no-sandbox', '--disable-gpu', path.join(REPO_ROOT, 'out', 'main', 'index.js')],
        env: { ...process.env, QUIRE_HOME: home },
        cwd: REPO_ROOT,
      })
      const page = await app.firstWindow()
      await page.setViewportSize({ width: 1440, height: 900 }).catch(() => {})
      await page.locator('.app').waitFor()
      return page
    }

    beforeAll(async () => {
      await ensureRendererBuilt({ withMain: true })
      home = await fsp.mkdtemp(path.join(os.tmpdir(), 'quire-electron-e2e-'))
      ollama = await startScriptedOllama()
    })

    afterAll(async () => {
      await app?.close()
      await ollama?.close()
      if (home) await fsp.rm(home, { recursive: true, force: true })
    })

    it('imports a dropped PDF, streams a cited answer, opens the cited page, and keeps the conversation', async () => {
      let page = await launch()
      // Point the app at the fake Ollama through the same API the settings dialog uses.
      await page.evaluate(
        (host) =>
          (globalThis as unknown as { quire: QuireApi }).quire.invoke('settings.set', { ollamaHost: host }),
        ollama.url,
      )
      await page.reload()
      await page.getByRole('region', { name: 'Getting started' }).waitFor()
      await step.screenshot(page, 'electron-01-first-run')

      await step.addPdfWithDrop(page, 'harbour-handbook.pdf', await harbourPdf())
      await step.waitForImport(page)
      await step.screenshot(page, 'electron-02-imported')

      await step.ask(page)
      await step.screenshot(page, 'electron-03-streaming')
      expect(await step.waitForAnswer(page)).toContain('4.2 metres')
      await step.screenshot(page, 'electron-04-answer')

      await step.openFirstCitation(page)
      await step.screenshot(page, 'electron-05-citation')

      await app!.close()
      app = null
      page = await launch()
      await step.findConversation(page)
      await step.screenshot(page, 'electron-06-after-restart')
    })
  },
)
