// Cited summaries end to end in Chromium (browser mode, real engine, the fake Ollama playing a
// 4k-context model that echoes its input): the library row's Summarize action writes the summary
// into the conversation with its progress, and a summary sentence's citation opens its page.
import { type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../src/main/server/http-server.js'
import { echoSourcesReply, startFakeOllama } from '../fake-ollama/index.js'
import { makeTextPdf } from '../fixtures/pdf-factory.js'
import { HANDBOOK_FILE, handbookSpec } from '../helpers/handbook-library.js'
import * as step from './support/scenario.js'
import { startE2eSession, type E2eSession } from './support/session.js'

const MODEL = 'small:4k'
let session: E2eSession | undefined
let server: RunningServer
let browser: Browser
let page: Page

describe('a cited summary of a document', () => {
  beforeAll(async () => {
    session = await startE2eSession('summaries', () =>
      startFakeOllama({
        models: [{ name: MODEL, contextLength: 4096 }],
        // Slow enough that the progress line can be seen.
        chat: (body) => ({ ...echoSourcesReply(body), delayMs: 5 }),
      }),
    )
    ;({ server, browser } = session)
    page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage()
  })

  afterAll(async () => {
    await session?.close()
  })

  it('Summarize on the document row answers with cited sentences; a citation opens its page', async () => {
    await page.goto(server.url)
    await step.addPdfWithInput(page, HANDBOOK_FILE, await makeTextPdf(handbookSpec()))
    await step.waitForImport(page)

    // The row's actions show on hover (or focus), as a person reaches them.
    await page.locator('.doc-row').filter({ hasText: HANDBOOK_FILE }).hover()
    await page.getByRole('button', { name: `Summarize ${HANDBOOK_FILE}` }).click()
    await page
      .getByRole('article', { name: 'Question' })
      .filter({ hasText: `Summarize ${HANDBOOK_FILE}` })
      .waitFor()
    await page
      .getByText(/Summarising section \d+ of \d+…|Combining the section summaries/)
      .first()
      .waitFor()
    const answer = page.getByRole('article', { name: 'Answer', exact: true }).last()
    await answer.waitFor({ timeout: 60_000 })
    await page.getByRole('article', { name: 'Answer in progress' }).waitFor({ state: 'detached' })

    // Every sentence (a list item) carries at least one citation chip.
    const items = answer.locator('.answer-text li')
    const count = await items.count()
    expect(count).toBeGreaterThan(3)
    for (let i = 0; i < count; i++)
      expect(await items.nth(i).locator('.cite-chip').count()).toBeGreaterThan(0)
    await step.screenshot(page, 'summaries-01-summary')

    // A sentence stating page N's fact: its citation opens the viewer on page N, highlighted.
    const sentence = items.filter({ hasText: /On page ([2-9]|1\d) the/ }).first()
    const pageNo = Number(/On page (\d+) the/.exec(await sentence.innerText())![1])
    const chip = sentence.getByRole('button', { name: /^Source \d+:/ }).first()
    const n = Number(/^Source (\d+):/.exec((await chip.getAttribute('aria-label'))!)![1])
    await chip.click()
    const viewer = page.getByRole('complementary', { name: 'PDF viewer' })
    await viewer.getByText(new RegExp(`Source ${n} is highlighted on p\\. \\d+`)).waitFor({ timeout: 30_000 })
    await viewer.locator('.mark-passage').first().waitFor()
    await viewer.getByText(`On page ${pageNo} the`).first().waitFor({ timeout: 30_000 })
    const note = await viewer.getByRole('status').first().innerText()
    const shown = Number(/highlighted on p\. (\d+)/.exec(note)![1])
    // The passage opens where it starts: the page itself, or the one before when the passage runs over.
    expect([pageNo - 1, pageNo]).toContain(shown)
    await step.screenshot(page, 'summaries-02-citation-opens-page')
  })
})
