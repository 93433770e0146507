// Issue 27 end to end in Chromium (browser mode, real engine, scripted fake Ollama): a folder of
// mixed documents (a PDF, a Word file made here in a subfolder, Markdown notes, a text export, and
// a file Quire does not read) chosen with "Add folder…" imports, naming the file it left out; a
// question answered from the Word file cites it; the citation opens the reader view of the stored
// document at the passage, the claim marked strongly, the locator in the header; Find counts and
// steps through matches. A presentation opened from the library shows its slides as sections titled
// "Slide N" with their speaker notes; an e-book its chapters as "Chapter N: title". Screenshots in
// test-artifacts/e2e/reader-*.png.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../src/main/server/http-server.js'
import { splitTokens, startFakeOllama } from '../fake-ollama/index.js'
import { makeDocx, makeEpub, makeOdp } from '../fixtures/office-factory.js'
import { harbourPdf } from './support/sample-pdf.js'
import * as step from './support/scenario.js'
import { startE2eSession, type E2eSession } from './support/session.js'

const QUESTION = 'How long is the Halvorsen ledger archive kept?'
const CLAIM = 'The Halvorsen ledger archive is kept for seven years after the audit closes.'
const ANSWER = 'The Halvorsen ledger archive is kept for seven years after the audit closes [1].'

function memo(): Uint8Array {
  return makeDocx(
    [
      { heading: 'Records policy', level: 1 },
      { p: 'This memo sets out how the finance office keeps its records and who may read them.' },
      { heading: 'Retention', level: 2 },
      {
        p: `Ledgers are scanned before they leave the office. ${CLAIM} Copies are destroyed after that.`,
        footnote: 'The audit closes when the board signs the accounts.',
      },
      {
        table: [
          ['Record', 'Kept for'],
          ['Halvorsen ledger', 'seven years'],
          ['Visitor book', 'one year'],
        ],
      },
      { heading: 'Access', level: 2 },
      { p: 'Only the finance office may read the ledger archive; others ask the records clerk.' },
    ],
    'Records memo',
  )
}

const NOTES = [
  '# Meeting notes',
  '',
  'The harbour committee met on Tuesday to discuss the mooring fees.',
  '',
  '- Fees rise next spring',
  '- Visitors pay at the office',
].join('\n')
const EXPORT = 'Export of the visitor log.\n\nTwelve boats visited in June and nine in July.\n'

/** A case folder: a PDF, a memo in Word (in a subfolder), notes, an export, a file Quire does not read. */
async function writeCaseFolder(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-e2e-case-'))
  fs.mkdirSync(path.join(dir, 'memos'))
  fs.writeFileSync(path.join(dir, 'harbour.pdf'), await harbourPdf())
  fs.writeFileSync(path.join(dir, 'memos', 'records-memo.docx'), memo())
  fs.writeFileSync(path.join(dir, 'notes.md'), NOTES)
  fs.writeFileSync(path.join(dir, 'visitors.txt'), EXPORT)
  fs.writeFileSync(path.join(dir, 'budget.numbers'), 'not a document Quire reads')
  return dir
}

const folders: string[] = []
let session: E2eSession | undefined
let server: RunningServer
let browser: Browser
let page: Page

describe('documents that are not PDFs, read and shown (issue 27)', () => {
  beforeAll(async () => {
    session = await startE2eSession('reader', () =>
      startFakeOllama({ chat: { tokens: splitTokens(ANSWER), delayMs: 20 } }),
    )
    ;({ server, browser } = session)
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
  })

  afterAll(async () => {
    for (const f of folders) fs.rmSync(f, { recursive: true, force: true })
    await session?.close()
  })

  it('Add folder… of mixed documents → ask → the Word citation opens the reader view at the highlighted passage', async () => {
    await page.goto(server.url)
    await page.getByRole('region', { name: 'Getting started' }).waitFor()
    const folder = await writeCaseFolder()
    // Chromium reads a chosen folder's files from disk as it uploads them: removed after the test.
    folders.push(folder)
    // What "Add folder…" opens: the browser's folder picker (<input webkitdirectory>).
    expect(await page.getByRole('button', { name: 'Add a folder of documents' }).count()).toBe(1)
    await page.setInputFiles('[data-testid=folder-input]', folder)
    // The file Quire does not read is left out and named.
    await page.getByText(/budget\.numbers/).waitFor({ timeout: 30_000 })
    await step.waitForAdded(page, 4, 'reader', 180_000)
    await step.screenshot(page, 'reader-01-imported')

    const reader = await step.openCitationInReader(page, {
      question: QUESTION,
      answerHas: 'seven years',
      source: /records-memo|Records memo/,
      highlighted: /^Source 1 is highlighted at Records policy\b.*\.$/,
      shots: 'reader',
    })
    // The locator in the header; the document's structure rendered from the stored blocks.
    expect(await reader.locator('.reader-locator').innerText()).toMatch(/^Records policy( > Retention)?$/)
    expect(await reader.getByRole('heading', { name: 'Retention' }).count()).toBe(1)
    expect(await reader.getByRole('row').count()).toBe(3)
    expect(await reader.getByRole('cell', { name: 'Halvorsen ledger' }).count()).toBe(1)
    // The claim strongly, inside the faintly marked passage, scrolled into view.
    const strong = reader.locator('mark.mark-focus')
    expect(await strong.first().innerText()).toBe(CLAIM)
    expect(await reader.locator('mark.mark-passage.is-faint').count()).toBeGreaterThan(0)
    expect(await strong.first().isVisible()).toBe(true)
    // The original file is never opened: no PDF, no frame, no link, no script in the view.
    expect(await reader.locator('canvas, iframe, a, script, object, embed').count()).toBe(0)
    await step.screenshot(page, 'reader-03-highlighted-passage')

    const find = reader.getByRole('searchbox', { name: 'Find in document' })
    await find.fill('ledger')
    const status = reader.locator('.find-status')
    await expect.poll(() => status.innerText()).toBe('1 of 4')
    await find.press('Enter')
    await expect.poll(() => status.innerText()).toBe('2 of 4')
    await find.press('Shift+Enter')
    await expect.poll(() => status.innerText()).toBe('1 of 4')
    expect(await reader.locator('mark.mark-find.is-active').innerText()).toBe('Ledger')
    await step.screenshot(page, 'reader-04-find')
  })

  it('a presentation shows slides titled "Slide N" with their notes, an e-book chapters "Chapter N: title"', async () => {
    const deck = makeOdp([
      { title: 'Quarterly review', text: 'Welcome to the third quarter review.' },
      {
        title: 'Outlook',
        text: 'Revenue grows next year while costs stay flat.',
        notes: 'Pause for questions.',
      },
    ])
    const book = makeEpub('Field guide', [
      { file: 'one.xhtml', html: '<h1>Setup</h1><p>Install the package before the first trip.</p>' },
      { file: 'two.xhtml', html: '<h1>Tides</h1><p>Check the tide tables every morning.</p>' },
    ])
    await page.setInputFiles('[data-testid=file-input]', [
      {
        name: 'review.odp',
        mimeType: 'application/vnd.oasis.opendocument.presentation',
        buffer: Buffer.from(deck),
      },
      { name: 'field-guide.epub', mimeType: 'application/epub+zip', buffer: Buffer.from(book) },
    ])
    await page.getByText(/Import finished · 2 added/).waitFor({ timeout: 180_000 })

    await page
      .getByRole('button', { name: /review\.odp/ })
      .first()
      .click()
    const reader = page.getByRole('complementary', { name: 'Reader view' })
    await reader.locator('h3.reader-section-title', { hasText: 'Slide 1' }).waitFor({ timeout: 30_000 })
    expect(await reader.locator('.reader-section-name').innerText()).toBe('Slide 1 (1 of 2)')
    await reader.getByRole('button', { name: 'Next section' }).click()
    await reader.locator('h3.reader-section-title', { hasText: 'Slide 2' }).waitFor()
    expect(await reader.getByText('Revenue grows next year while costs stay flat.').count()).toBe(1)
    expect(await reader.locator('aside.reader-note').innerText()).toContain('Pause for questions.')
    await step.screenshot(page, 'reader-05-slides')

    await page
      .getByRole('button', { name: /field-guide\.epub/ })
      .first()
      .click()
    await reader
      .locator('h3.reader-section-title', { hasText: 'Chapter 1: Setup' })
      .waitFor({ timeout: 30_000 })
    await reader.getByRole('button', { name: 'Next section' }).click()
    await reader.locator('h3.reader-section-title', { hasText: 'Chapter 2: Tides' }).waitFor()
    await step.screenshot(page, 'reader-06-chapters')
  })
})
