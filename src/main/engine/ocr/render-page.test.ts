import { PDFDocument } from 'pdf-lib'
import { afterAll, describe, expect, it } from 'vitest'
import { imageBombPdf } from '@tests/fixtures/pdf-bombs.js'
import { openPdf } from '../ingest/extract-pdf.js'
import { parseDocument } from '../ingest/parse-document.js'
import { OcrEngine } from './ocr-engine.js'
import { IMAGE_PIXEL_BUDGET } from './pixel-budget.js'
import { dpiWithinBudget, OCR_DPI, renderPage } from './render-page.js'

const engine = new OcrEngine()
afterAll(() => engine.stop())

async function blankPdf(sizes: [number, number][]): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  for (const size of sizes) doc.addPage(size)
  return doc.save()
}

describe('pages rendered for OCR stay within the pixel budget', () => {
  it('a 200 × 200 inch page is rendered at a lower dpi; an A4 page keeps 150 dpi', async () => {
    const doc = await openPdf(
      await blankPdf([
        [14400, 14400],
        [595, 842],
      ]),
      'giant.pdf',
    )
    try {
      const giant = await doc.getPage(1)
      expect(dpiWithinBudget(giant, OCR_DPI)).toBeLessThan(OCR_DPI)
      const { image } = await renderPage(giant)
      // At 150 dpi it would be 30000 × 30000 pixels (900 Mpx).
      expect(image.width * image.height).toBeLessThanOrEqual(IMAGE_PIXEL_BUDGET)
      expect(dpiWithinBudget(await doc.getPage(2), OCR_DPI)).toBe(OCR_DPI)
    } finally {
      await doc.loadingTask.destroy()
    }
  })

  it('an embedded image declaring 60000 × 60000 pixels is not decoded: the scan reads as blank, in little memory', async () => {
    // About 440 KB on disk; rendered, pdf.js's decoding of it takes a process past 1.6 GB.
    const pdf = imageBombPdf(60000, 60000)
    expect(pdf.length).toBeLessThan(1_000_000)
    await expect(parseDocument(pdf, 'scan.pdf', { ocrEngine: engine })).rejects.toMatchObject({
      code: 'PDF_NO_TEXT',
    })
    expect(process.resourceUsage().maxRSS * 1024).toBeLessThan(1.5 * 1024 ** 3)
  })
})
