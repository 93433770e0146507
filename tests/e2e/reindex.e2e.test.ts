// Documents an older version of Quire indexed, end to end in Chromium (browser mode, real engine):
// the library panel says how many there are and marks each one; Re-index now imports them again
// with the usual progress card, after which the note and the marks are gone. Screenshots in
// test-artifacts/e2e/reindex-*.png.
import path from 'node:path'
import Database from 'better-sqlite3'
import { type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OUTDATED_LABEL } from '../../src/shared/outdated-index.js'
import type { RunningServer } from '../../src/main/server/http-server.js'
import { DB_FILE } from '../../src/main/engine/store/db-file.js'
import { startScriptedOllama } from './support/fake-ollama-script.js'
import { harbourPdf } from './support/sample-pdf.js'
import * as step from './support/scenario.js'
import { startE2eSession, type E2eSession } from './support/session.js'

let session: E2eSession | undefined
let server: RunningServer
let browser: Browser
let page: Page

describe('re-indexing what an older version indexed', () => {
  beforeAll(async () => {
    session = await startE2eSession('reindex', startScriptedOllama)
    ;({ server, browser } = session)
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
  })

  afterAll(async () => {
    await session?.close()
  })

  it('the panel says so, Re-index now imports the document again, and the note goes', async () => {
    await page.goto(server.url)
    await page.getByRole('region', { name: 'Getting started' }).waitFor()
    await step.addPdfWithInput(page, 'harbour.pdf', await harbourPdf())
    await step.waitForImport(page)

    // The library as an older version left it (the server's import thread writes the same file).
    const db = new Database(path.join(session!.tmp, 'library', DB_FILE))
    db.prepare('UPDATE documents SET index_version = 1').run()
    db.close()
    await page.reload()

    const note = page.getByRole('note', { name: 'Documents to re-index' })
    await note.waitFor()
    expect(await note.innerText()).toContain('1 document was indexed by an older version of Quire.')
    const row = page.locator('.doc-row').first()
    expect(await row.innerText()).toContain(OUTDATED_LABEL)
    await step.screenshot(page, 'reindex-01-note')

    await note.getByRole('button', { name: 'Re-index now' }).click()
    const summary = page.getByRole('button', { name: /Import finished · 1 re-indexed/ })
    await summary.waitFor({ timeout: 90_000 })
    // A batch with nothing to act on folds into its summary line; opening it shows the file's row.
    expect(await summary.getAttribute('aria-expanded')).toBe('false')
    await summary.click()
    expect(await page.locator('.import-file-stage').first().innerText()).toBe('Re-indexed')
    await note.waitFor({ state: 'detached' })
    await page.locator('.doc-row').filter({ hasNotText: OUTDATED_LABEL }).first().waitFor()
    expect(await page.locator('.doc-row').count()).toBe(1)
    await step.screenshot(page, 'reindex-02-done')
  })
})
