// Collections end to end in Chromium (browser mode, real engine, scripted fake Ollama): two
// collections made in the library panel, a PDF imported while one is open goes into it, a question
// asked there starts that collection's conversation, and the answer says what it searched
// ("Searched Case 14: 1 document"); the history lists the open collection's conversations and every
// one under All documents, each tagged with its collection. Another collection opened while an
// answer streams: the answer goes on in its own conversation and shows finished on coming back.
// Screenshots in test-artifacts/e2e/collections-*.png.
import { type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../src/main/server/http-server.js'
import { splitTokens } from '../fake-ollama/index.js'
import { SCRIPTED_ANSWER, startScriptedOllama } from './support/fake-ollama-script.js'
import { harbourPdf, QUESTION } from './support/sample-pdf.js'
import * as step from './support/scenario.js'
import { startE2eSession, type E2eSession } from './support/session.js'

let session: E2eSession | undefined
let server: RunningServer
let browser: Browser
let page: Page

describe('collections', () => {
  beforeAll(async () => {
    session = await startE2eSession('collections', startScriptedOllama)
    ;({ server, browser } = session)
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  })

  afterAll(async () => {
    await session?.close()
  })

  it('imports into the open collection and answers in its conversation, saying what it searched', async () => {
    await page.goto(server.url)
    const collections = page.getByRole('navigation', { name: 'Collections' })
    await collections.waitFor()
    await step.newCollection(page, 'Case 14')
    await step.newCollection(page, 'Case 15')

    // Open Case 14 and import while it is open: the document goes into it, not into Case 15.
    await collections.getByRole('button', { name: /^Case 14/ }).click()
    await expect
      .poll(() => collections.getByRole('button', { name: /^Case 14/ }).getAttribute('aria-current'))
      .toBe('true')
    await step.addPdfWithInput(page, 'harbour-handbook.pdf', await harbourPdf())
    await step.waitForImport(page)
    await collections.getByRole('button', { name: 'Case 14 (1 document)' }).waitFor({ timeout: 30_000 })
    await collections.getByRole('button', { name: 'Case 15 (0 documents)' }).waitFor()

    // A question asked here starts Case 14's conversation; the answer says what it searched.
    const box = page.getByRole('textbox', { name: 'Question' })
    await box.fill(QUESTION)
    await box.press('Enter')
    await step.waitForAnswer(page)
    const answer = page.getByRole('article', { name: 'Answer', exact: true }).last()
    await expect
      .poll(() => answer.getByTestId('answer-scope').innerText())
      .toBe('Searched Case 14: 1 document')
    await step.screenshot(page, 'collections-answer')

    // The history lists Case 14's conversation under Case 14.
    const history = page.getByRole('navigation', { name: 'Conversations' })
    const conversationRows = history.locator('.conv-list > li')
    await history.getByText('In Case 14').waitFor()
    await expect.poll(() => conversationRows.count()).toBe(1)

    // Case 15 is empty: its list says how to fill it, its history has no conversation yet, and the
    // conversation of Case 14 gives way to a new one (the next question would start it in Case 15).
    await collections.getByRole('button', { name: /^Case 15/ }).click()
    await page.getByText(/No documents in this collection yet/).waitFor()
    await history.getByText('No conversations in Case 15 yet', { exact: false }).waitFor()
    await expect.poll(() => conversationRows.count()).toBe(0)
    await expect.poll(() => page.getByRole('article', { name: 'Answer', exact: true }).count()).toBe(0)
    await step.screenshot(page, 'collections-history')

    // "Show all" opens All documents: the PDF, and every conversation (Case 14's) in the history.
    await history.getByRole('button', { name: 'Show all' }).click()
    await page.locator('.doc-row').filter({ hasText: 'harbour-handbook.pdf' }).waitFor()
    await expect.poll(() => conversationRows.count()).toBe(1)
    await expect
      .poll(() => collections.getByRole('button', { name: /^All documents/ }).getAttribute('aria-current'))
      .toBe('true')
    // Under All documents each conversation is tagged with its collection's name.
    const tag = conversationRows.first().getByTestId('conversation-collection')
    await expect.poll(() => tag.innerText()).toBe('Case 14')
    expect(await tag.getAttribute('title')).toBe('In Case 14')
    await step.screenshot(page, 'collections-all-documents')
  })

  it('keeps an answer streaming when another collection opens, and shows it finished on coming back', async () => {
    // Slow enough that the collection is switched while the answer is still being written.
    session!.ollama.setScript({ chat: { tokens: splitTokens(SCRIPTED_ANSWER), delayMs: 300 } })
    const collections = page.getByRole('navigation', { name: 'Collections' })
    const history = page.getByRole('navigation', { name: 'Conversations' })
    const conversationRows = history.locator('.conv-list > li')
    const answers = page.getByRole('article', { name: 'Answer', exact: true })
    const inProgress = page.getByRole('article', { name: 'Answer in progress' })

    // Case 14 opens on its latest conversation; a new one is started there and asked.
    await collections.getByRole('button', { name: /^Case 14/ }).click()
    await answers.first().waitFor()
    await history.getByRole('button', { name: 'New conversation' }).click()
    await expect.poll(() => answers.count()).toBe(0)
    const box = page.getByRole('textbox', { name: 'Question' })
    await box.fill(QUESTION)
    await box.press('Enter')
    await inProgress.getByText('spring tide', { exact: false }).waitFor({ timeout: 60_000 })

    // Case 15 opens mid-answer: its own (new) conversation, nothing of Case 14's answer in view.
    await collections.getByRole('button', { name: /^Case 15/ }).click()
    await history.getByText('No conversations in Case 15 yet', { exact: false }).waitFor()
    await expect.poll(() => inProgress.count()).toBe(0)
    expect(await answers.count()).toBe(0)
    await step.screenshot(page, 'collections-switched-mid-answer')

    // The answer goes on to its end meanwhile, and is saved in its own conversation.
    await expect.poll(() => server.services.chat.busy, { timeout: 60_000 }).toBe(false)

    // Back in Case 14: its latest conversation, the one asked in, with the whole answer.
    await collections.getByRole('button', { name: /^Case 14/ }).click()
    const text = await step.waitForAnswer(page)
    expect(text).toContain('rises twice a day')
    await expect.poll(() => conversationRows.count()).toBe(2)
    expect(await conversationRows.first().getByRole('button').first().getAttribute('aria-current')).toBe(
      'true',
    )
    await expect
      .poll(() => answers.last().getByTestId('answer-scope').innerText())
      .toBe('Searched Case 14: 1 document')
    expect(await answers.count()).toBe(1)
  })
})
