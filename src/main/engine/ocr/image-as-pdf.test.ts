import { describe, expect, it } from 'vitest'
import { makeTiff, pageImages } from '@tests/fixtures/scan-factory.js'
import { openPdf } from '../ingest/extract-pdf.js'
import { imageAsPdf } from './image-as-pdf.js'
import { IMAGE_DPI } from './parse-image.js'

describe('imageAsPdf', () => {
  it('gives the viewer a PDF whose pages have the sizes the import stored', async () => {
    const [a, b] = await pageImages(
      { pages: [{ lines: [{ text: 'one' }] }, { lines: [{ text: 'two' }] }] },
      100,
    )
    const doc = await openPdf(await imageAsPdf(await makeTiff([a!, b!]), 'fax.tiff'), 'fax.pdf')
    expect(doc.numPages).toBe(2)
    const vp = (await doc.getPage(2)).getViewport({ scale: 1 })
    // 612 pt at 100 dpi = 850 px, shown at the import's assumed IMAGE_DPI.
    expect(vp.width).toBeCloseTo((850 * 72) / IMAGE_DPI, 0)
    await doc.loadingTask.destroy()
  })
})
