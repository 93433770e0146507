// Watched folders and duplicates, end to end in Chromium (browser mode, real engine): with two
// collections made and Case 14 open, the library panel watches a folder by its path into Case 14;
// a PDF saved into it is imported without a click; a re-saved copy of it (other bytes, same text)
// is not added and the folder's row says "Same text as …"; one added by hand says so on its import
// row, whose Add anyway adds it after all; a new PDF saved into the folder is then asked about in
// Case 14's conversation, cited, and the answer says what it searched. Screenshots in
// test-artifacts/e2e/watch-*.png.
import fs from 'node:fs/promises'
import path from 'node:path'
import { type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../src/main/server/http-server.js'
import { makeTextPdf, paragraphLines, type TextPdfSpec } from '../fixtures/pdf-factory.js'
import { startScriptedOllama } from './support/fake-ollama-script.js'
import { harbourPdf } from './support/sample-pdf.js'
import * as step from './support/scenario.js'
import { startE2eSession, type E2eSession } from './support/session.js'

let session: E2eSession | undefined
let server: RunningServer
let browser: Browser
let page: Page

/** A lighthouse log; `width` moves its line breaks (a re-saved copy), `title` its metadata. */
function lighthouse(width = 80, title = 'Lighthouse log'): TextPdfSpec {
  return {
    title,
    pages: [
      {
        lines: [
          { text: 'Lighthouse log', size: 18 },
          ...paragraphLines(
            [
              'The lighthouse keeper lit the lamp at dusk and trimmed the wick every four hours.',
              'Fog signals sounded through the night whenever the far buoy was lost from sight.',
              'Supplies of oil, bread and coal came by the supply boat on the first of each month.',
              'The logbook records every ship that passed the point, with its flag and its course.',
            ],
            width,
          ),
        ],
      },
    ],
  }
}

describe('watched folders and duplicates', () => {
  beforeAll(async () => {
    session = await startE2eSession('watch', startScriptedOllama)
    ;({ server, browser } = session)
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  })

  afterAll(async () => {
    await session?.close()
  })

  it('watches a folder, tells a re-saved copy as the same text, and answers from a PDF saved into the folder', async () => {
    const folder = path.join(session!.tmp, 'case-14')
    await fs.mkdir(folder)
    await page.goto(server.url)
    await page.getByRole('region', { name: 'Getting started' }).waitFor()
    // Two collections; the folder is watched into Case 14, opened.
    const collections = page.getByRole('navigation', { name: 'Collections' })
    await step.newCollection(page, 'Case 14')
    await step.newCollection(page, 'Case 15')
    await collections.getByRole('button', { name: /^Case 14/ }).click()
    await expect
      .poll(() => collections.getByRole('button', { name: /^Case 14/ }).getAttribute('aria-current'))
      .toBe('true')

    await page.getByRole('textbox', { name: 'Folder to watch' }).fill(folder)
    await page.getByRole('button', { name: 'Watch folder' }).click()
    const row = page.locator('.watch-row').filter({ hasText: 'case-14' })
    await row.getByText(/^Into Case 14 · Watching/).waitFor({ timeout: 30_000 })

    await fs.writeFile(path.join(folder, 'lighthouse.pdf'), await makeTextPdf(lighthouse()))
    await page.locator('.doc-row').filter({ hasText: 'Lighthouse log' }).waitFor({ timeout: 90_000 })

    // A re-saved copy: other bytes, other line breaks, the same text.
    await fs.writeFile(
      path.join(folder, 'lighthouse-resaved.pdf'),
      await makeTextPdf(lighthouse(60, 'Lighthouse log (exported)')),
    )
    await row
      .getByText('lighthouse-resaved.pdf: Same text as lighthouse.pdf, already in the library.')
      .waitFor({ timeout: 90_000 })
    expect(await page.locator('.doc-row').count()).toBe(1)
    await step.screenshot(page, 'watch-01-same-text')

    // Added by hand, a re-saved copy is said to be the same text too; Add anyway is the choice.
    await step.addPdfWithInput(page, 'lighthouse-copy.pdf', await makeTextPdf(lighthouse(70, 'Copy')))
    await page
      .locator('.import-file-stage')
      .filter({ hasText: 'Same text as lighthouse.pdf' })
      .waitFor({ timeout: 90_000 })
    await step.screenshot(page, 'watch-02-add-anyway')
    await page.getByRole('button', { name: 'Add lighthouse-copy.pdf anyway' }).click()
    await page.locator('.doc-row').nth(1).waitFor({ timeout: 90_000 })
    expect(await page.locator('.doc-row').count()).toBe(2)

    await fs.writeFile(path.join(folder, 'harbour.pdf'), await harbourPdf())
    await page.locator('.doc-row').filter({ hasText: 'Harbour Handbook' }).waitFor({ timeout: 90_000 })
    expect(await page.locator('.doc-row').count()).toBe(3)
    await collections.getByRole('button', { name: 'Case 14 (3 documents)' }).waitFor({ timeout: 30_000 })
    await collections.getByRole('button', { name: 'Case 15 (0 documents)' }).waitFor()
    await step.ask(page)
    await step.waitForAnswer(page)
    const answer = page.getByRole('article', { name: 'Answer', exact: true }).last()
    await expect
      .poll(() => answer.getByTestId('answer-scope').innerText())
      .toBe('Searched Case 14: 3 documents')
    expect(
      await answer
        .getByRole('button', { name: /^Source 1:/ })
        .first()
        .getAttribute('aria-label'),
    ).toMatch(/Harbour Handbook/)
    await step.screenshot(page, 'watch-03-answer')

    await row.getByRole('button', { name: 'Pause watching case-14' }).click()
    await row.getByText(/Paused/).waitFor()
    await row.getByRole('button', { name: 'Stop watching case-14' }).click()
    await row.waitFor({ state: 'detached' })
    expect(await page.locator('.doc-row').count()).toBe(3)
  })
})
