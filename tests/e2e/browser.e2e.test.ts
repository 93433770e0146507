// Browser mode end to end: the built UI in Chromium, served by startServer in-process with the real
// engine and a fake Ollama. Import a PDF, ask, open the citation, restart, find the conversation.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestModel } from '../../scripts/build-test-model.js'
import { startServer, type RunningServer } from '../../src/main/server/http-server.js'
import type { FakeOllama } from '../fake-ollama/index.js'
import { TEST_MODEL_DIR } from '../test-model.js'
import { ensureRendererBuilt } from './support/build-renderer.js'
import { startScriptedOllama } from './support/fake-ollama-script.js'
import { CHROMIUM, RENDERER_OUT } from './support/paths.js'
import { harbourPdf } from './support/sample-pdf.js'
import * as step from './support/scenario.js'
import { computedFontFamily } from './support/page-style.js'

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

let tmp: string
let ollama: FakeOllama
let server: RunningServer | null = null
let browser: Browser
let page: Page
const consoleErrors: string[] = []

async function start(): Promise<RunningServer> {
  return startServer({
    libraryDir: path.join(tmp, 'library'),
    dataDir: path.join(tmp, 'data'),
    rendererDir: RENDERER_OUT,
    modelDir: TEST_MODEL_DIR,
    ollamaHost: ollama.url,
  })
}

describe('browser mode, end to end', () => {
  beforeAll(async () => {
    await Promise.all([ensureRendererBuilt(), buildTestModel(TEST_MODEL_DIR)])
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'quire-e2e-'))
    ollama = await startScriptedOllama()
    server = await start()
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()))
    page.on('pageerror', (e) => consoleErrors.push(e.message))
  })

  afterAll(async () => {
    await browser?.close()
    await server?.close()
    await ollama?.close()
    if (tmp) await fs.rm(tmp, { recursive: true, force: true })
  })

  it('imports a PDF, streams a cited answer, opens the cited page, and keeps the conversation', async () => {
    await page.goto(server!.url)
    await page.getByRole('region', { name: 'Getting started' }).waitFor()
    await page
      .getByText(/llama3\.2:3b/)
      .first()
      .waitFor()
    await step.screenshot(page, 'browser-01-first-run')
    // The next step's hint is a sentence to read: the body font, not monospace.
    const hintFont = await page.locator('.check-hint').first().evaluate(computedFontFamily)
    expect(hintFont).not.toMatch(/mono|Menlo|Consolas/i)

    await step.addPdfWithInput(page, 'harbour-handbook.pdf', await harbourPdf())
    await step.waitForImport(page)
    await step.screenshot(page, 'browser-02-imported')

    await step.ask(page)
    await step.screenshot(page, 'browser-03-streaming')
    const answer = await step.waitForAnswer(page)
    expect(answer).toContain('4.2 metres')
    expect(ollama.chats.length).toBeGreaterThan(0)
    await step.screenshot(page, 'browser-04-answer')

    await step.openFirstCitation(page)
    const marked = await page.locator('.mark-passage').count()
    expect(marked).toBeGreaterThan(0)
    expect(await page.locator('.page-input').inputValue()).toBe('2')
    await step.screenshot(page, 'browser-05-citation')

    // Restart: a new server (new port, new token) on the same library and data. The page leaves
    // first, as it does when the app quits: a poll of the closed server in flight would otherwise
    // log ERR_CONNECTION_REFUSED, which is the test's doing, not the app's (seen under load).
    await page.goto('about:blank')
    await server!.close()
    server = null
    server = await start()
    await page.goto(server.url)
    await step.findConversation(page)
    await step.screenshot(page, 'browser-06-after-restart')
    // The theme follows the OS: the same screen with a dark preference.
    await page.emulateMedia({ colorScheme: 'dark' })
    await step.screenshot(page, 'browser-07-dark')
    expect(await page.getByRole('article', { name: 'Question' }).first().innerText()).toContain(
      'harbour tide',
    )
    // CSP violations and uncaught errors show up as console errors.
    expect(consoleErrors.filter((e) => !/favicon/.test(e))).toEqual([])
  })
})
