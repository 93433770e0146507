import { afterAll, describe, expect, it } from 'vitest'
import { pageImages } from '@tests/fixtures/scan-factory.js'
import { openImage } from './decode-image.js'
import { darkShare } from './grey-image.js'
import { MAY_HOLD_INVERTED_TEXT, OcrEngine } from './ocr-engine.js'

const engine = new OcrEngine('eng', { threads: 1 })
afterAll(() => engine.stop())

const text = (r: Awaited<ReturnType<OcrEngine['recognize']>>) =>
  r.lines.map((l) => l.words.map((w) => w.text).join(' ')).join('\n')

describe("tesseract's inverted-line pass", () => {
  it('is skipped on dark-on-light text and kept for a light-on-dark page, which still reads', async () => {
    const [png] = await pageImages({
      pages: [{ lines: [{ text: 'Negative scans of the harbour survey, volume two.' }] }],
    })
    const { image } = (await openImage(png!, 'page.png').page(1))!
    expect(darkShare(image)).toBeLessThan(MAY_HOLD_INVERTED_TEXT)
    expect(text(await engine.recognize(image, 150))).toMatch(/harbour survey/)
    const negative = { ...image, pixels: image.pixels.map((v) => 255 - v) }
    expect(darkShare(negative)).toBeGreaterThanOrEqual(MAY_HOLD_INVERTED_TEXT)
    expect(text(await engine.recognize(negative, 150))).toMatch(/harbour survey/)
    // ...which it reads only thanks to the pass: with the pass forced off it is noise.
    const off = new OcrEngine('eng', { threads: 1, parameters: { tessedit_do_invert: '0' } })
    try {
      expect(text(await off.recognize(negative, 150))).not.toMatch(/harbour survey/)
    } finally {
      await off.stop()
    }
  })
})
