// Issue 10 end to end in Chromium (browser mode, real engine with OCR, scripted fake Ollama): a
// scanned PDF (pages rendered to images, no text layer) is dropped on the window, imports with
// per-page OCR progress, a question gets a cited answer whose chip carries the OCR badge, and the
// chip opens the scanned page in the viewer with the recognised passage highlighted where the
// words are on the image. Screenshots in test-artifacts/e2e/scanned-*.png.
import { type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../src/main/server/http-server.js'
import { makeScanPdf, pageImages } from '../fixtures/scan-factory.js'
import { SCRIPTED_ANSWER, startScriptedOllama } from './support/fake-ollama-script.js'
import { harbourSpec } from './support/sample-pdf.js'
import * as step from './support/scenario.js'
import { startE2eSession, type E2eSession } from './support/session.js'

let session: E2eSession | undefined
let server: RunningServer
let browser: Browser
let page: Page

describe('a scanned PDF, end to end (issue 10)', () => {
  beforeAll(async () => {
    session = await startE2eSession('scan', startScriptedOllama)
    ;({ server, browser } = session)
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
  })

  afterAll(async () => {
    await session?.close()
  })

  it('drop a scan → per-page OCR progress → cited answer with the OCR badge → the scanned page highlighted', async () => {
    const images = await pageImages(harbourSpec())
    const scan = await makeScanPdf(images.map((image) => ({ image })))
    await page.goto(server.url)
    // The window listens for drops once the app has started.
    await page.getByRole('region', { name: 'Getting started' }).waitFor()
    await step.addPdfWithDrop(page, 'harbour-scan.pdf', scan)

    // Per-page progress while the pages are read, with the file's name beside it: read in the page
    // in one go the first time the stage shows, since the row goes once both pages are read (on an
    // idle machine that can be between two separate reads of it).
    const progress = await page
      .waitForFunction(
        () => {
          type El = {
            innerText: string
            textContent: string | null
            getBoundingClientRect(): { width: number }
          }
          const doc = (globalThis as unknown as { document: { querySelectorAll(s: string): Iterable<El> } })
            .document
          const stage = [...doc.querySelectorAll('.import-file-stage')].find((e) =>
            /^OCR · page/.test(e.textContent ?? ''),
          )
          const [name] = [...doc.querySelectorAll('.import-file-name')]
          if (!stage || !name) return null
          return { stage: stage.innerText, name: name.innerText, width: name.getBoundingClientRect().width }
        },
        undefined,
        { timeout: 90_000 },
      )
      .then(async (h) => (await h.jsonValue())!)
      .catch(async (err: unknown) => {
        await step.screenshot(page, 'scanned-00-no-ocr-stage')
        throw err
      })
    expect(progress.stage).toMatch(/^OCR · page [0-2]\/2$/)
    // The count fits beside the file's name (a long stage once squeezed the name to nothing).
    expect(progress.name).toBe('harbour-scan.pdf')
    expect(progress.width).toBeGreaterThan(60)
    await step.screenshot(page, 'scanned-01-ocr-progress')
    // OCR takes seconds of CPU per page: on a busy machine far longer than a text PDF's import.
    await page.getByText(/Import finished · 1 added/).waitFor({ timeout: 240_000 })
    await step.waitForImport(page)
    await page.getByText('2 pages, scanned, read by OCR').waitFor()

    await step.ask(page)
    const answer = await step.waitForAnswer(page)
    expect(answer).toContain('4.2 metres')
    expect(SCRIPTED_ANSWER).toContain('[1]')
    const chip = page
      .getByRole('article', { name: 'Answer', exact: true })
      .last()
      .getByRole('button', { name: /^Source 1: .*\(scanned page, OCR text\)$/ })
      .first()
    expect(await chip.locator('.ocr-badge').innerText()).toBe('OCR')
    await step.screenshot(page, 'scanned-02-answer-ocr-badge')

    // The citation opens the scanned page: the image drawn on the canvas, no text layer of its own
    // in the file, the recognised passage highlighted from the stored OCR word boxes.
    await chip.click()
    const viewer = page.getByRole('complementary', { name: 'PDF viewer' })
    await viewer
      .getByText(/Source 1 is highlighted on (?:p\. |page )2/)
      .waitFor({ timeout: 30_000 })
      .catch(async (err: unknown) => {
        await step.screenshot(page, 'scanned-00-viewer')
        throw err
      })
    const pageDiv = viewer.locator('.pdf-page[data-page="2"]')
    const mark = pageDiv.locator('.mark-passage').first()
    await mark.waitFor()
    await mark.scrollIntoViewIfNeeded()
    const canvas = await pageDiv.locator('canvas').boundingBox()
    const marks = await pageDiv.locator('.mark-passage').evaluateAll((els) =>
      els.map((e) => {
        const r = (
          e as unknown as { getBoundingClientRect(): { x: number; y: number; width: number; height: number } }
        ).getBoundingClientRect()
        return { x: r.x, y: r.y, width: r.width, height: r.height }
      }),
    )
    expect(canvas).not.toBeNull()
    expect(marks.length).toBeGreaterThan(0)
    // Every box lies on the page image, and the passage sits in its upper half, where the tides
    // paragraph was printed (under the "Tides" heading at the top of page 2).
    for (const m of marks) {
      expect(m.width).toBeGreaterThan(0)
      expect(m.x).toBeGreaterThanOrEqual(canvas!.x - 1)
      expect(m.x + m.width).toBeLessThanOrEqual(canvas!.x + canvas!.width + 1)
      expect(m.y).toBeGreaterThanOrEqual(canvas!.y - 1)
      expect(m.y + m.height).toBeLessThanOrEqual(canvas!.y + canvas!.height + 1)
    }
    expect(Math.min(...marks.map((m) => m.y))).toBeLessThan(canvas!.y + canvas!.height / 2)
    await step.screenshot(page, 'scanned-03-viewer-highlight')
  })
})
