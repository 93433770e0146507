import { PDFDocument, PDFName } from 'pdf-lib'
import { describe, expect, it } from 'vitest'
import { pagesLabel } from '@shared/labels.js'
import { makeTextPdf, sampleTextSpec } from '@tests/fixtures/pdf-factory.js'
import { parseDocument } from './parse-document.js'

/** The sample PDF with front matter numbered i, ii and the body from 1 (a /PageLabels tree). */
async function labelledPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.load(await makeTextPdf(sampleTextSpec('glaciers', 3)))
  const nums = doc.context.obj([0, { S: PDFName.of('r') }, 2, { S: PDFName.of('D'), St: 1 }])
  doc.catalog.set(PDFName.of('PageLabels'), doc.context.obj({ Nums: nums }))
  return doc.save()
}

describe('page labels', () => {
  it('keeps the label printed on each page (pdf.js getPageLabels) with the page', async () => {
    const parsed = await parseDocument(await labelledPdf(), 'glaciers.pdf', { ocr: false })
    expect(parsed.pages.map((p) => p.label)).toEqual(['i', 'ii', '1'])
    // Cited, the printed label comes first and the PDF index after it, where they differ.
    expect(pagesLabel([2], [parsed.pages[1]!.label!])).toBe('p. ii (PDF p. 2)')
    expect(pagesLabel([3], [parsed.pages[2]!.label!])).toBe('p. 1 (PDF p. 3)')
  })

  it('leaves labels empty for a PDF without them', async () => {
    const parsed = await parseDocument(await makeTextPdf(sampleTextSpec('glaciers', 2)), 'g.pdf', {
      ocr: false,
    })
    expect(
      parsed.pages.every((p) => p.label === undefined || p.label === null || p.label === String(p.pageNo)),
    ).toBe(true)
  })
})
