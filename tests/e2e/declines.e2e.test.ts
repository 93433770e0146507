// Two judges of "not found" end to end in Chromium (browser mode, real engine, scripted fake
// Ollama): a question search passes on goes to the model, whose marker becomes the same
// "not found" card as search's own decline, with the model's verdict as its reason and the nearest
// passages as chips; the marker never appears on the page. A question search is sure of never
// reaches the model.
import { type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../src/main/server/http-server.js'
import { startFakeOllama, type ChatRequestBody, type FakeOllama } from '../fake-ollama/index.js'
import { harbourPdf, QUESTION } from './support/sample-pdf.js'
import * as step from './support/scenario.js'
import { startE2eSession, type E2eSession } from './support/session.js'

/** Search finds passages for it, so the model judges (here: it finds no answer in them). */
const PASSED_ON = QUESTION

/** Rewrites echo the question; every answer is the marker, split as a model streams it. */
function responder() {
  return (req: ChatRequestBody) => {
    if (req.messages[0]?.content.startsWith('You rewrite')) return { tokens: [PASSED_ON] }
    return { tokens: ['NO_ANS', 'WER_IN', '_SOURCES', '.'], delayMs: 20 }
  }
}

let session: E2eSession | undefined
let ollama: FakeOllama
let server: RunningServer
let browser: Browser
let page: Page

async function askAndWait(question: string): Promise<void> {
  const answers = page.getByRole('article', { name: 'Answer', exact: true })
  const before = await answers.count()
  const box = page.getByRole('textbox', { name: 'Question' })
  await box.fill(question)
  await box.press('Enter')
  await expect.poll(() => answers.count(), { timeout: 60_000 }).toBe(before + 1)
  await page.getByRole('article', { name: 'Answer in progress' }).waitFor({ state: 'detached' })
}

describe('the model as the second judge of "not found" (issue 30)', () => {
  beforeAll(async () => {
    session = await startE2eSession('declines', () => startFakeOllama({ chat: responder() }))
    ;({ ollama, server, browser } = session)
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } })
    page = await context.newPage()
  })

  afterAll(async () => {
    await session?.close()
  })

  it('shows the model\'s marker as the "not found" card, with its reason and the nearest passages', async () => {
    await page.goto(server.url)
    await step.addPdfWithInput(page, 'harbour-handbook.pdf', await harbourPdf())
    await step.waitForImport(page)

    await askAndWait(PASSED_ON)
    const card = page.getByRole('note', { name: 'Not found in your documents' })
    await card.waitFor()
    expect(await card.locator('.decline-reason').innerText()).toBe(
      'The model read the passages below and found no answer to the question in them.',
    )
    await expect.poll(() => card.getByRole('button', { name: /^Source 1: / }).count()).toBeGreaterThan(0)
    expect(await page.locator('main').innerText()).not.toMatch(/NO_ANSWER|_SOURCES/)
    expect(ollama.chats.filter((c) => !c.body.messages[0]?.content.startsWith('You rewrite'))).toHaveLength(1)
    await step.screenshot(page, 'declines-01-model-not-found')
  })

  it('declines by search alone, without asking the model, when most of the question is not found', async () => {
    await page
      .getByRole('button', { name: /New conversation/ })
      .first()
      .click()
    const before = ollama.chats.length
    await askAndWait('What did Napoleon Bonaparte write about the Quire harbour?')
    const card = page.getByRole('note', { name: 'Not found in your documents' })
    await card.waitFor()
    expect(await card.locator('.decline-reason').innerText()).toMatch(/Napoleon|cover only/)
    expect(ollama.chats.length).toBe(before)
  })
})
