import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeScanPdf, pageImages, turnPng } from '@tests/fixtures/scan-factory.js'
import { parseDocument } from '../ingest/parse-document.js'
import { OcrEngine } from './ocr-engine.js'

// OCR is slow on the shared 2-core machine: every test here recognises at most two small pages, and
// all of them share one recogniser (loading the language data once).
const LINES = [
  'The quarterly audit found seven discrepancies in the ledger.',
  'Invoices from March were reconciled by the treasury team.',
]
const TEXT_LINES = ['Appendix B lists the warehouse inventory by region.']

let engine: OcrEngine
let scan: Buffer
let blank: Buffer

beforeAll(async () => {
  engine = new OcrEngine()
  scan = (await pageImages({ pages: [{ lines: LINES.map((text) => ({ text })) }] }))[0]!
  blank = (await pageImages({ pages: [{ lines: [] }] }))[0]!
})
afterAll(() => engine.stop())

const words = (s: string) => s.toLowerCase().match(/[a-z]+/g) ?? []

function recall(expected: string[], got: string): number {
  const have = new Set(words(got))
  const want = expected.flatMap(words)
  return want.filter((w) => have.has(w)).length / want.length
}

describe('OCR stage', () => {
  it('reads a scanned page into text with word boxes and a confidence', async () => {
    const parsed = await parseDocument(await makeScanPdf([{ image: scan }]), 'scan.pdf', {
      ocrEngine: engine,
    })
    const [page] = parsed.pages
    expect(recall(LINES, page!.text)).toBeGreaterThanOrEqual(0.9)
    expect(page!.ocr?.confidence).toBeGreaterThan(70)
    // Every word has a box inside the page, on the upper part where the text was drawn.
    const audit = page!.text.indexOf('audit')
    const box = page!.items.find((i) => i.start <= audit && audit < i.end)!
    expect(box.x).toBeGreaterThan(72 + 40)
    expect(box.x).toBeLessThan(612 / 2)
    expect(box.y).toBeGreaterThan(792 - 120)
    expect(box.y).toBeLessThan(792)
    expect(parsed.chunks.length).toBeGreaterThan(0)
    expect(parsed.chunks[0]!.text).toContain('discrepancies')
  })

  it('OCRs only the scanned pages of a mixed document, and a stamped scan counts as scanned', async () => {
    const pdf = await makeScanPdf([{ text: TEXT_LINES }, { image: scan, stamp: 'ACME-000123' }])
    const ocrPages: number[] = []
    const parsed = await parseDocument(pdf, 'mixed.pdf', {
      ocrEngine: engine,
      onOcrPage: (done, total) => ocrPages.push(done, total),
    })
    expect(parsed.pages[0]!.ocr).toBeUndefined()
    expect(parsed.pages[0]!.text).toBe(TEXT_LINES[0])
    expect(parsed.pages[1]!.ocr).toBeDefined()
    expect(recall(LINES, parsed.pages[1]!.text)).toBeGreaterThanOrEqual(0.9)
    expect(ocrPages).toEqual([0, 1, 1, 1])
  })

  it('reads a page turned by /Rotate upright, and keeps a blank page as an empty page with a note', async () => {
    const pdf = await makeScanPdf([{ image: scan, rotate: 90 }, { image: blank }])
    const parsed = await parseDocument(pdf, 'rotated.pdf', { ocrEngine: engine })
    expect(recall(LINES, parsed.pages[0]!.text)).toBeGreaterThanOrEqual(0.9)
    // Boxes are in the page's own (unrotated) user space: inside the 792 x 612 MediaBox.
    for (const it of parsed.pages[0]!.items) {
      expect(it.x).toBeGreaterThanOrEqual(0)
      expect(it.x).toBeLessThanOrEqual(792)
      expect(it.y).toBeLessThanOrEqual(612)
    }
    expect(parsed.pages[1]).toMatchObject({ text: '', ocr: { confidence: null } })
  })

  it('uprights a page scanned sideways or upside down with no /Rotate, boxes on the page as stored', async () => {
    const pdf = await makeScanPdf([{ image: await turnPng(scan, 90) }, { image: await turnPng(scan, 180) }])
    const parsed = await parseDocument(pdf, 'sideways.pdf', { ocrEngine: engine })
    for (const page of parsed.pages) {
      expect(recall(LINES, page.text)).toBeGreaterThanOrEqual(0.9)
      expect(page.ocr?.confidence).toBeGreaterThan(70)
    }
    // Page 1 is landscape (792 x 612) with the text running down its right side: the image was
    // turned clockwise, so the lines' tops face right and the words sit at the right edge.
    const [sideways, upsideDown] = parsed.pages
    expect(sideways!.width).toBe(792)
    for (const it of sideways!.items) {
      expect(it.x).toBeGreaterThan(792 / 2)
      expect(it.x + it.w).toBeLessThanOrEqual(792)
      expect(it.y).toBeGreaterThanOrEqual(0)
      expect(it.y).toBeLessThanOrEqual(612)
    }
    // Upside down: the text is near the bottom of the page as stored.
    for (const it of upsideDown!.items) expect(it.y).toBeLessThan(792 / 2)
  })

  it('with OCR off, a scan fails with a message that says OCR is off (the remedy says how to turn it on)', async () => {
    await expect(
      parseDocument(await makeScanPdf([{ image: scan }]), 'scan.pdf', { ocr: false }),
    ).rejects.toMatchObject({
      code: 'PDF_NO_TEXT',
      message: expect.stringMatching(/probably scanned, and OCR is off\.$/),
    })
  })

  it('a scan with nothing readable fails as a whole with a specific message', async () => {
    await expect(
      parseDocument(await makeScanPdf([{ image: blank }]), 'blank.pdf', { ocrEngine: engine }),
    ).rejects.toMatchObject({ code: 'PDF_NO_TEXT', message: expect.stringMatching(/OCR recognised no text/) })
  })

  it('starts a recogniser per scanned page found, before rendering, and none for a text layer', async () => {
    const own = new OcrEngine('eng', { threads: 2 })
    try {
      await parseDocument(await makeScanPdf([{ text: TEXT_LINES }]), 'text.pdf', { ocrEngine: own })
      expect(own.running).toBe(0)
      const atStart: number[] = []
      const parsed = await parseDocument(
        await makeScanPdf([{ text: TEXT_LINES }, { image: scan }]),
        'mixed.pdf',
        {
          ocrEngine: own,
          // Reported before the first page renders: its recogniser is already starting, and only
          // one, since only one page waits (the second core's starts when a second page does).
          onOcrPage: (done) => done === 0 && atStart.push(own.running),
        },
      )
      expect(atStart).toEqual([1])
      expect(recall(LINES, parsed.pages[1]!.text)).toBeGreaterThanOrEqual(0.9)
    } finally {
      await own.stop()
    }
  })

  it('cancelling stops inside the page being recognised', async () => {
    const own = new OcrEngine()
    const controller = new AbortController()
    const reports: number[] = []
    const pdf = await makeScanPdf([{ image: scan }, { image: scan }])
    const parsing = parseDocument(pdf, 'scan.pdf', {
      ocrEngine: own,
      signal: controller.signal,
      onOcrPage: (done) => {
        reports.push(done)
        // Page 1 is now being rendered and recognised: cancel in the middle of it.
        if (done === 0) setTimeout(() => controller.abort(), 50)
      },
    })
    await expect(parsing).rejects.toMatchObject({ code: 'CANCELLED' })
    // No page finished: the recogniser was stopped mid-page, not at the next page boundary.
    expect(reports).toEqual([0])
    await own.stop()
  })
})
