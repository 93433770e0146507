// Issue 11 end to end in Chromium (browser mode, real engine, scripted fake Ollama): Markdown
// answers with chips in a table, Copy, the claim's sentences highlighted strongly, regenerate as
// versions, a follow-up's "Searched for", the "not found" card with its reason, and Ollama going
// away (one notice, worded for the app, the header pill red at once). Screenshots for each.
import { type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../src/main/server/http-server.js'
import { splitTokens, startFakeOllama, type ChatRequestBody, type FakeOllama } from '../fake-ollama/index.js'
import { harbourPdf, QUESTION } from './support/sample-pdf.js'
import * as step from './support/scenario.js'
import { startE2eSession, type E2eSession } from './support/session.js'
import { computedFontFamily } from './support/page-style.js'

const MARKDOWN_ANSWER = [
  '**At spring tide** the harbour tide reaches 4.2 metres [1].',
  '',
  '| Tide | Range |',
  '| --- | --- |',
  '| spring | 4.2 metres [1] |',
  '| neap | 2.1 metres [1] |',
  '',
  'Tide tables are `posted daily` at the harbour office [1].',
].join('\n')
const SECOND_VERSION = 'It reaches **4.2 metres** at spring tide [1].'
const FOLLOW_UP = 'And at neap tide?'
const STANDALONE = 'How high does the harbour tide rise at neap tide?'

/** Rewrite requests get the standalone question; answers come in order: Markdown, then plain. */
function responder() {
  let answers = 0
  return (req: ChatRequestBody) => {
    if (req.messages[0]?.content.startsWith('You rewrite')) return { tokens: [STANDALONE] }
    answers++
    const text = answers === 1 ? MARKDOWN_ANSWER : answers === 2 ? SECOND_VERSION : 'About 2.1 metres [1].'
    return { tokens: splitTokens(text), delayMs: 20 }
  }
}

let session: E2eSession | undefined
let ollama: FakeOllama
let server: RunningServer
let browser: Browser
let context: BrowserContext
let page: Page

const lastAnswer = () => page.getByRole('article', { name: 'Answer', exact: true }).last()

async function askAndWait(question: string): Promise<void> {
  const before = await page.getByRole('article', { name: 'Answer', exact: true }).count()
  const box = page.getByRole('textbox', { name: 'Question' })
  await box.fill(question)
  await box.press('Enter')
  await expect
    .poll(() => page.getByRole('article', { name: 'Answer', exact: true }).count(), { timeout: 60_000 })
    .toBe(before + 1)
  await page.getByRole('article', { name: 'Answer in progress' }).waitFor({ state: 'detached' })
}

describe('answers an analyst can trust at a glance (issue 11)', () => {
  beforeAll(async () => {
    session = await startE2eSession('answers', () => startFakeOllama({ chat: responder() }))
    ;({ ollama, server, browser } = session)
    context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url })
    page = await context.newPage()
  })

  afterAll(async () => {
    await session?.close()
  })

  it('renders Markdown with chips, copies, highlights the claim, keeps versions, and says what it searched', async () => {
    await page.goto(server.url)
    await step.addPdfWithInput(page, 'harbour-handbook.pdf', await harbourPdf())
    await step.waitForImport(page)

    // 2. Markdown: bold, a table with chips in its cells, inline code; no raw marks.
    await askAndWait(QUESTION)
    const answer = lastAnswer()
    await expect.poll(() => answer.locator('.answer-text strong').first().innerText()).toBe('At spring tide')
    expect(await answer.locator('.answer-text table td .cite-chip').count()).toBe(2)
    expect(await answer.locator('.answer-text code').first().innerText()).toBe('posted daily')
    expect(await answer.locator('.answer-text').innerText()).not.toMatch(/\*\*|\| ---/)
    await step.screenshot(page, 'answers-01-markdown')

    // Copy: plain text with [n] and the source list.
    await answer.getByRole('button', { name: 'Copy answer with sources' }).click()
    // Runs in the page; this file compiles against Node's lib, so the DOM is reached through a typed view.
    const copied = await page.evaluate(() =>
      (
        globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
      ).navigator.clipboard.readText(),
    )
    expect(copied).toContain('At spring tide the harbour tide reaches 4.2 metres [1].')
    expect(copied).toMatch(/\nSources\n\[1\] Harbour Handbook \(harbour-handbook\.pdf\), p\. 2\n$/)

    // 7. The claim's sentence strongly, the rest of the passage faintly.
    await step.openFirstCitation(page)
    const viewer = page.getByRole('complementary', { name: 'PDF viewer' })
    await viewer.locator('.mark-focus').first().waitFor()
    expect(await viewer.locator('.mark-passage.is-faint').count()).toBeGreaterThan(0)
    await step.screenshot(page, 'answers-02-claim-highlight')
    await viewer.getByRole('button', { name: 'Close viewer' }).click()

    // 8. Regenerate keeps both versions on the same turn.
    await answer.getByRole('button', { name: 'Regenerate answer' }).click()
    const pager = lastAnswer().getByRole('group', { name: 'Answer versions' })
    await pager.waitFor({ timeout: 60_000 })
    expect(await pager.innerText()).toContain('2/2')
    expect(await page.getByRole('article', { name: 'Question' }).count()).toBe(1)
    expect(await lastAnswer().locator('.answer-text').innerText()).toContain('It reaches 4.2 metres')
    await step.screenshot(page, 'answers-03-versions')
    await pager.getByRole('button', { name: 'Previous version' }).click()
    expect(await lastAnswer().locator('.answer-text').innerText()).toContain('At spring tide')

    // 1. A follow-up is rewritten; the question shows what was searched for.
    await askAndWait(FOLLOW_UP)
    const followUp = page.getByRole('article', { name: 'Question' }).last()
    await followUp.getByText(`Searched for: ${STANDALONE}`).waitFor()
    await step.screenshot(page, 'answers-04-follow-up')
  })

  it('shows the "not found" card with its reason and nearest passages', async () => {
    await page
      .getByRole('button', { name: /New conversation/ })
      .first()
      .click()
    await askAndWait('What did Napoleon Bonaparte write about the Quire harbour?')
    const card = page.getByRole('note', { name: 'Not found in your documents' })
    await card.waitFor()
    expect(await card.locator('.decline-reason').innerText()).toMatch(/Napoleon|cover only/)
    await step.screenshot(page, 'answers-05-not-found')
  })

  it('when Ollama goes away: one notice worded for the app, and the pill turns red at once', async () => {
    await ollama.close()
    await askAndWait(QUESTION)
    const answer = lastAnswer()
    const notices = answer.getByRole('list', { name: 'Notes about this answer' })
    await notices.waitFor()
    const text = await notices.innerText()
    expect(text.match(/is not reachable/g)).toHaveLength(1)
    expect(text).toContain('Settings → Language model → Host')
    expect(text).not.toMatch(/--ollama-url|ECONNREFUSED/)
    // The remedy is a sentence to read, set in the body font, not in monospace.
    const fixFont = await answer.locator('.notice-fix').first().evaluate(computedFontFamily)
    expect(fixFont).not.toMatch(/mono|Menlo|Consolas/i)
    expect(await answer.locator('.answer-text').innerText()).not.toContain('not reachable')
    await expect
      .poll(() => page.getByRole('button', { name: /Language model status/ }).innerText())
      .toContain('Ollama not reachable')
    await step.screenshot(page, 'answers-06-ollama-down')
  })

  it('a citation to a removed document says so and keeps the passage; re-adding the file heals it', async () => {
    // Row actions show on hover, as a person reaches for them.
    await page.locator('.doc-row').first().hover()
    await page.getByRole('button', { name: /^Remove harbour-handbook\.pdf/ }).click()
    await page.getByRole('button', { name: /^Confirm remove harbour-handbook\.pdf/ }).click()
    await page.getByRole('checkbox', { name: /^Search / }).waitFor({ state: 'detached' })
    // Reopen the conversation so its citations are read against today's library.
    await page.reload()
    const chip = lastAnswer()
      .getByRole('button', { name: /\(removed from the library\)$/ })
      .first()
    await chip.waitFor({ timeout: 30_000 })
    await chip.click()
    const viewer = page.getByRole('complementary', { name: 'PDF viewer' })
    await viewer.getByText(/^harbour-handbook\.pdf was removed from the library on /).waitFor()
    expect(await viewer.locator('blockquote').innerText()).toContain('4.2 metres')
    await step.screenshot(page, 'answers-07-removed-source')
    await viewer.getByRole('button', { name: 'Close viewer' }).click()

    await step.addPdfWithInput(page, 'harbour-handbook.pdf', await harbourPdf())
    await page
      .getByRole('checkbox', { name: /^Search / })
      .first()
      .waitFor({ timeout: 90_000 })
    await page.reload()
    await lastAnswer()
      .getByRole('button', { name: /^Source 1: Harbour Handbook, p\. 2$/ })
      .first()
      .waitFor()
  })
})
