// The end-to-end scenario's steps, shared by the browser and Electron tests: add a PDF, watch it
// import, ask, read the streamed cited answer, open the citation, find the conversation again.
import fs from 'node:fs/promises'
import path from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { expect } from 'vitest'
import { ARTIFACTS } from './paths.js'
import { QUESTION } from './sample-pdf.js'

export async function screenshot(page: Page, name: string): Promise<string> {
  await fs.mkdir(ARTIFACTS, { recursive: true })
  const file = path.join(ARTIFACTS, `${name}.png`)
  await page.screenshot({ path: file })
  return file
}

interface PageDom {
  DataTransfer: new () => { items: { add(file: File): void } }
  DragEvent: new (type: string, init: object) => object
  document: { body: { dispatchEvent(event: object): boolean } }
}

/** Browser mode: the hidden file input behind "Add documents…". */
export async function addPdfWithInput(page: Page, name: string, bytes: Uint8Array): Promise<void> {
  await page.setInputFiles('input[type=file]', {
    name,
    mimeType: 'application/pdf',
    buffer: Buffer.from(bytes),
  })
}

/** A synthetic drop of a PDF on the window, as the OS would deliver it. */
export function addPdfWithDrop(page: Page, name: string, bytes: Uint8Array): Promise<void> {
  return addFileWithDrop(page, name, bytes, 'application/pdf')
}

/** A synthetic drop of a File of MIME type `type` on the window, as the OS would deliver it. */
export async function addFileWithDrop(
  page: Page,
  name: string,
  bytes: Uint8Array,
  type: string,
): Promise<void> {
  await page.evaluate(
    async ({ name, type, b64 }) => {
      // Runs in the page; this file compiles against Node's lib, so the DOM is reached through a typed view.
      const dom = globalThis as unknown as PageDom
      const data = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))
      const dt = new dom.DataTransfer()
      dt.items.add(new File([data], name, { type }))
      for (const event of ['dragenter', 'dragover', 'drop']) {
        dom.document.body.dispatchEvent(
          new dom.DragEvent(event, { dataTransfer: dt, bubbles: true, cancelable: true }),
        )
      }
    },
    { name, type, b64: Buffer.from(bytes).toString('base64') },
  )
}

/** Waits for `done`; when it fails, first saves screenshot `name` to show what the page showed. */
async function screenshotOnFailure(page: Page, name: string, done: Promise<void>): Promise<void> {
  await done.catch(async (err: unknown) => {
    await screenshot(page, name)
    throw err
  })
}

/** Waits for "Import finished · N added"; when it does not come, saves `<shots>-00-import`. */
export async function waitForAdded(page: Page, added: number, shots: string, timeout: number): Promise<void> {
  await screenshotOnFailure(
    page,
    `${shots}-00-import`,
    page.getByText(new RegExp(`Import finished · ${added} added`)).waitFor({ timeout }),
  )
}

export interface ReaderCitation {
  question: string
  /** Text the streamed answer must contain. */
  answerHas: string
  /** What the first source chip's label must name (the cited document). */
  source: RegExp
  /** The reader's line saying where Source 1 is highlighted. */
  highlighted: RegExp
  /** Screenshot name prefix: `<shots>-02-answer`, and `<shots>-00-viewer` when the reader fails. */
  shots: string
}

/**
 * Asks the question, waits for the cited answer, then opens its first citation in the reader view
 * (a document that is not a PDF) and waits for the highlighted passage. Returns the reader view.
 */
export async function openCitationInReader(page: Page, c: ReaderCitation): Promise<Locator> {
  const box = page.getByRole('textbox', { name: 'Question' })
  await box.fill(c.question)
  await box.press('Enter')
  const answer = page.getByRole('article', { name: 'Answer', exact: true }).last()
  const chip = answer.getByRole('button', { name: /^Source 1:/ }).first()
  await chip.waitFor({ timeout: 60_000 })
  expect(await answer.locator('.answer-text').innerText()).toContain(c.answerHas)
  expect(await chip.getAttribute('aria-label')).toMatch(c.source)
  await screenshot(page, `${c.shots}-02-answer`)

  await chip.click()
  const reader = page.getByRole('complementary', { name: 'Reader view' })
  await screenshotOnFailure(
    page,
    `${c.shots}-00-viewer`,
    reader.getByText(c.highlighted).waitFor({ timeout: 30_000 }),
  )
  return reader
}

export async function waitForImport(page: Page): Promise<void> {
  await page.getByText(/Import finished · 1 added/).waitFor({ timeout: 90_000 })
  await page
    .getByRole('checkbox', { name: /^Search / })
    .first()
    .waitFor()
}

/** Asks the question; returns once a token has arrived (for a mid-stream screenshot). */
export async function ask(page: Page): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Question' })
  await box.fill(QUESTION)
  await box.press('Enter')
  await page
    .getByRole('article', { name: 'Answer in progress' })
    .locator('.answer-text')
    .waitFor({ timeout: 60_000 })
}

export async function waitForAnswer(page: Page): Promise<string> {
  const answer = page.getByRole('article', { name: 'Answer', exact: true }).last()
  await answer
    .getByRole('button', { name: /^Source 1:/ })
    .first()
    .waitFor({ timeout: 60_000 })
  return (await answer.locator('.answer-text').innerText()).trim()
}

export async function openFirstCitation(page: Page): Promise<void> {
  const answer = page.getByRole('article', { name: 'Answer', exact: true }).last()
  await answer
    .getByRole('button', { name: /^Source 1:/ })
    .first()
    .click()
  const viewer = page.getByRole('complementary', { name: 'PDF viewer' })
  await viewer.getByText(/Source 1 is highlighted on (?:p\. |page )\d+/).waitFor({ timeout: 30_000 })
  await viewer.locator('.mark-passage').first().waitFor()
  // The canvas is painted once the text layer has spans: both are rendered in the same pass.
  await viewer.locator('.textLayer span').first().waitFor({ timeout: 30_000 })
}

export async function findConversation(page: Page): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Conversations' })
  await nav.locator('.conv-title').first().waitFor({ timeout: 30_000 })
  await page
    .getByRole('article', { name: 'Question' })
    .filter({ hasText: QUESTION })
    .waitFor({ timeout: 30_000 })
  await page
    .getByRole('article', { name: 'Answer', exact: true })
    .getByRole('button', { name: /^Source 1:/ })
    .first()
    .waitFor()
}

/** Creates a collection in the library panel and waits for its (empty) row. */
export async function newCollection(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'New collection' }).click()
  const field = page.getByRole('textbox', { name: 'Name of the new collection' })
  await field.fill(name)
  await field.press('Enter')
  await page.getByRole('button', { name: new RegExp(`^${name} \\(0 documents\\)`) }).waitFor()
}
