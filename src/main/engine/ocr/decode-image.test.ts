import { describe, expect, it } from 'vitest'
import { bombJpegHeader, bombPng, greyTiff } from '@tests/fixtures/image-bombs.js'
import { parseDocument } from '../ingest/parse-document.js'
import { openImage } from './decode-image.js'
import { imageAsPdf } from './image-as-pdf.js'
import { IMAGE_PIXEL_BUDGET } from './pixel-budget.js'

describe('image bombs are refused from their headers, before decoding', () => {
  it('a 30000 × 30000 PNG of under 1 MB: IMAGE_TOO_LARGE with its size, the page it makes and what to do', async () => {
    const png = bombPng(30000, 30000)
    expect(png.length).toBeLessThan(1_000_000)
    const err = await parseDocument(png, '/scans/poster.png').catch((e: unknown) => e)
    expect(err).toMatchObject({
      code: 'IMAGE_TOO_LARGE',
      message: expect.stringMatching(/poster\.png is 30000 × 30000 pixels \(900 megapixels\)/),
    })
    const message = (err as Error).message
    expect(message).toMatch(/at 300 dpi that is a page of 254 × 254 cm \(100 × 100 in\)/)
    expect(message).toMatch(/40-megapixel limit/)
    expect(message).toMatch(/limit for one page\.$/)
    // Decoding it would take 3.6 GB for its colour pixels alone; refused, the process stays small.
    expect(process.resourceUsage().maxRSS * 1024).toBeLessThan(1.5 * 1024 ** 3)
  })

  it('the viewer refuses it too, and a JPEG and a TIFF page are sized from their headers alike', async () => {
    await expect(imageAsPdf(bombPng(30000, 30000), 'poster.png')).rejects.toMatchObject({
      code: 'IMAGE_TOO_LARGE',
    })
    expect(() => openImage(bombJpegHeader(20000, 65000), 'photo.jpg')).toThrow(
      expect.objectContaining({
        code: 'IMAGE_TOO_LARGE',
        message: expect.stringMatching(/20000 × 65000 pixels/),
      }),
    )
    const tiff = greyTiff([
      { width: 50, height: 50 },
      { width: 50, height: 50, declared: [30000, 30000] },
    ])
    expect(() => openImage(tiff, 'fax.tiff')).toThrow(
      expect.objectContaining({
        code: 'IMAGE_TOO_LARGE',
        message: expect.stringMatching(/^Page 2 of fax\.tiff is 30000 × 30000 pixels/),
      }),
    )
  })

  it('a page at the budget is accepted; a header without a size is unreadable', () => {
    const side = Math.floor(Math.sqrt(IMAGE_PIXEL_BUDGET))
    expect(openImage(bombPng(side, side), 'big.png').count).toBe(1)
    expect(() => openImage(bombPng(side + 1, side + 1), 'big.png')).toThrow(
      expect.objectContaining({ code: 'IMAGE_TOO_LARGE' }),
    )
    const noFrame = Buffer.from([0xff, 0xd8, 0xff, 0xd9])
    expect(() => openImage(noFrame, 'x.jpg')).toThrow(expect.objectContaining({ code: 'DOC_CORRUPT' }))
  })
})

describe('multi-page TIFF', () => {
  it('is decoded one page at a time: asking for the first page decodes only that page', async () => {
    const side = 1000
    const tiff = greyTiff(Array.from({ length: 20 }, () => ({ width: side, height: side })))
    const before = process.memoryUsage().arrayBuffers
    const images = openImage(tiff, 'fax.tiff')
    expect(images.count).toBe(20)
    const first = await images.page(1)
    expect(first).toMatchObject({ width: side, height: side })
    expect(first!.image.pixels[0]).toBe(255)
    // One page decoded is its packed strip, its RGBA (4 bytes a pixel) and its grey copy: about
    // 6 MB. All 20 decoded at once, as before, would be 20 times that.
    const grown = process.memoryUsage().arrayBuffers - before
    expect(grown).toBeLessThan(3 * 4 * side * side)
  })

  it('cut to half its bytes: the pages before the cut are read, the rest named as lost', async () => {
    const tiff = greyTiff(Array.from({ length: 6 }, (_, i) => ({ width: 200, height: 100, grey: 200 + i })))
    const cut = tiff.subarray(0, tiff.length / 2)
    const images = openImage(cut, 'fax.tiff')
    // Each page's pixels come before its directory: the cut leaves 2 of 6 directories, the chain broken.
    expect(images).toMatchObject({ count: 2, endsEarly: true })
    for (let n = 1; n <= 2; n++) expect((await images.page(n))!.image.pixels[0]).toBe(199 + n)
  })

  it('a page whose pixels lie past the end of the file is unreadable, its neighbours are read', async () => {
    const tiff = greyTiff([
      { width: 200, height: 100 },
      { width: 200, height: 100 },
    ])
    // The first page's strip says it runs on past the end of the file.
    const damaged = Buffer.from(tiff)
    const images = openImage(damaged, 'fax.tiff')
    expect(await images.page(1)).not.toBeNull()
    const stripBytes = damaged.indexOf(Buffer.from([0x11, 0x01, 0x04, 0x00]), 8) // tag 273's entry
    expect(stripBytes).toBeGreaterThan(0)
    damaged.writeUInt32LE(damaged.length, stripBytes + 8) // strip 1 now starts at the very end
    const again = openImage(damaged, 'fax.tiff')
    expect(await again.page(1)).toBeNull()
    expect(await again.page(2)).not.toBeNull()
  })
})
