import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { makeTiff, pageImages } from '@tests/fixtures/scan-factory.js'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import { unreadablePagesNote } from '@shared/unreadable-pages.js'
import { discoverFiles } from '../ingest/discover-files.js'
import { parseDocument } from '../ingest/parse-document.js'
import { OcrEngine } from './ocr-engine.js'

const tempDir = useTempDirs()
const engine = new OcrEngine()
afterAll(() => engine.stop())

describe('image files', () => {
  it('imports a PNG as a one-page OCR document with boxes inside the page', async () => {
    const [png] = await pageImages({
      pages: [{ lines: [{ text: 'Minutes of the board meeting held in April.' }] }],
    })
    const parsed = await parseDocument(png!, '/scans/minutes.png', { ocrEngine: engine })
    expect(parsed.title).toBe('minutes')
    expect(parsed.pages).toHaveLength(1)
    expect(parsed.pages[0]!.text).toMatch(/board meeting/)
    expect(parsed.pages[0]!.ocr?.confidence).toBeGreaterThan(60)
    const { width, height } = parsed.pages[0]!
    for (const it of parsed.pages[0]!.items) {
      expect(it.x).toBeGreaterThanOrEqual(0)
      expect(it.x + it.w).toBeLessThanOrEqual(width)
      expect(it.y).toBeGreaterThan(height / 2)
      expect(it.y).toBeLessThanOrEqual(height)
    }
  })

  it('imports a JPEG (lossy, as cameras and many scanners write) as a one-page OCR document', async () => {
    const [png] = await pageImages({
      pages: [{ lines: [{ text: 'Receipt for the replacement boiler installed on Friday.' }] }],
    })
    const { createCanvas, loadImage } = await import('@napi-rs/canvas')
    const img = await loadImage(png!)
    const canvas = createCanvas(img.width, img.height)
    canvas.getContext('2d').drawImage(img, 0, 0)
    const jpeg = await canvas.encode('jpeg', 60)
    expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff])
    // Named .jpeg: the format comes from the bytes, the title from the name without its extension.
    const parsed = await parseDocument(jpeg, '/photos/receipt.jpeg', { ocrEngine: engine })
    expect(parsed.title).toBe('receipt')
    expect(parsed.pages).toHaveLength(1)
    expect(parsed.pages[0]!.text).toMatch(/replacement boiler installed/)
    expect(parsed.pages[0]!.ocr?.confidence).toBeGreaterThan(60)
    expect(parsed.chunks[0]!.text).toContain('boiler')
  })

  it('imports a multi-page TIFF page by page, a blank page kept with its note', async () => {
    const [text, blank] = await pageImages({
      pages: [{ lines: [{ text: 'Second shipment arrived damaged at the dock.' }] }, { lines: [] }],
    })
    const ocrPages: number[] = []
    const parsed = await parseDocument(await makeTiff([text!, blank!]), 'fax.tiff', {
      ocrEngine: engine,
      onOcrPage: (done) => ocrPages.push(done),
    })
    expect(parsed.pages.map((p) => p.pageNo)).toEqual([1, 2])
    expect(parsed.pages[0]!.text).toMatch(/shipment arrived damaged/)
    expect(parsed.pages[1]).toMatchObject({ text: '', ocr: { confidence: null } })
    expect(ocrPages).toEqual([0, 1, 2])
  })

  it('a TIFF cut to half its bytes keeps the pages it holds and names those it lost', async () => {
    const texts = [
      'Invoice one for the garden chairs.',
      'Invoice two for the kitchen table.',
      'Three',
      'Four',
    ]
    const images = await pageImages({ pages: texts.map((text) => ({ lines: [{ text }] })) }, 100)
    const tiff = await makeTiff(images)
    // Directories first, then each page's pixels: the cut keeps every directory and page 1's pixels.
    const parsed = await parseDocument(tiff.subarray(0, tiff.length / 2), 'invoices.tiff', {
      ocrEngine: engine,
    })
    expect(parsed.pages.map((p) => p.pageNo)).toEqual([1, 2, 3, 4])
    expect(parsed.pages[0]!.text).toMatch(/garden chairs/)
    expect(parsed.pages.slice(1).map((p) => p.text)).toEqual(['', '', ''])
    expect(parsed.unreadable).toEqual({ pages: [2, 3, 4], endsEarly: false })
    expect(unreadablePagesNote(parsed.unreadable!)).toBe(
      'pages 2–4 could not be read and are kept empty: the file is damaged or incomplete. Copy it again from its source to import every page.',
    )
    // Every page cut off: the file is unreadable as a whole.
    await expect(
      parseDocument(tiff.subarray(0, 4200), 'invoices.tiff', { ocrEngine: engine }),
    ).rejects.toMatchObject({
      code: 'DOC_CORRUPT',
      message: expect.stringMatching(/none of its 4 pages could be read/),
    })
  })

  it('with OCR off an image is refused with what to do; folders pick up images, not other files', async () => {
    const [png] = await pageImages({ pages: [{ lines: [{ text: 'x' }] }] })
    await expect(parseDocument(png!, 'a.png', { ocr: false })).rejects.toMatchObject({
      code: 'PDF_NO_TEXT',
      message: expect.stringMatching(/can only be read with OCR, and OCR is off\.$/),
    })
    await expect(parseDocument(Buffer.from('not an image'), 'b.png')).rejects.toMatchObject({
      code: 'DOC_CORRUPT',
      message: expect.stringMatching(/not a PNG, JPEG or TIFF/),
    })
    const dir = tempDir()
    for (const f of ['a.png', 'b.JPG', 'c.tif', 'd.bin', 'e.pdf']) fs.writeFileSync(path.join(dir, f), 'x')
    expect((await discoverFiles([dir])).map((f) => path.basename(f.path))).toEqual([
      'a.png',
      'b.JPG',
      'c.tif',
      'e.pdf',
    ])
  })
})
