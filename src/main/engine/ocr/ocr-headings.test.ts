import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeTextPdf, type TextLineSpec } from '@tests/fixtures/pdf-factory.js'
import { makeScanPdf, pageImages } from '@tests/fixtures/scan-factory.js'
import { bodyFontSize, headingLines } from '../ingest/chunk-pages.js'
import { parseDocument } from '../ingest/parse-document.js'
import { OcrEngine } from './ocr-engine.js'

// A manual-like page: a section heading, prose, a code listing in Courier full of brackets and
// operators, and a table row of numbers — the lines that became headings on scans when a line's
// size was its tallest word box — and a heading whose letters reach neither below the baseline nor
// above cap height, which that rule missed. The same page is read from its text layer and, rasterised,
// by OCR.
const PAGE: TextLineSpec[] = [
  { text: 'Model fitting', size: 16 },
  { text: 'The counts are modelled with a Poisson regression on the prose below.' },
  { text: 'R> fm <- glm(art ~ ., data = bioChemists, family = poisson)', font: 'mono' },
  { text: 'R> summary(fm)$coefficients[1:3, ]', font: 'mono' },
  { text: '(Intercept)  0.3046  0.1029  2.96  0.0031' },
  { text: 'Every estimate is printed with its standard error and a p value.' },
  // No descender and no bracket: its ink is no taller than a body line's that has both.
  { text: 'Standard errors', size: 14 },
  { text: 'Counting the articles of each student gives the response variable.' },
]

let engine: OcrEngine
let scanPdf: Uint8Array
let textPdf: Uint8Array

beforeAll(async () => {
  engine = new OcrEngine('eng', { threads: 1 })
  const spec = { pages: [{ lines: PAGE }] }
  textPdf = await makeTextPdf(spec)
  scanPdf = await makeScanPdf([{ image: (await pageImages(spec))[0]! }])
})
afterAll(() => engine.stop())

describe('headings on OCR pages', () => {
  it('finds the heading the text layer has, and no code or table line, from estimated line sizes', async () => {
    const text = await parseDocument(textPdf, 'text.pdf', { ocr: false })
    const scan = await parseDocument(scanPdf, 'scan.pdf', { ocrEngine: engine })
    const headings = ['Model fitting', 'Standard errors']
    expect(headingLines(text.pages).map((h) => h.text)).toEqual(headings)
    expect(headingLines(scan.pages).map((h) => h.text)).toEqual(headings)

    // Estimated sizes are in points, like the text layer's (body 11 pt), within what faces differ
    // by (Helvetica's x-height is 0.52 em, the estimate assumes a book face's 0.45).
    const page = scan.pages[0]!
    const size = (needle: string) => page.lines.find((l) => page.text.slice(l.start, l.end).includes(needle))!
    const body = bodyFontSize(scan.pages)
    expect(body).toBeGreaterThanOrEqual(11 * 0.85)
    expect(body).toBeLessThanOrEqual(11 * 1.2)
    expect(size('Model').fontSize / body).toBeGreaterThan(1.3)
    expect(size('Standard errors').fontSize / body).toBeGreaterThan(1.15)
    for (const needle of ['glm', 'summary', 'Intercept', 'Counting'])
      expect(size(needle).fontSize / body).toBeLessThan(1.12)
  })
})
