import type { Turn } from './page-turn.js'

/**
 * A greyscale page image, one byte per pixel, rows top to bottom. What the recogniser reads: it is
 * handed to tesseract as an uncompressed PGM, so no PNG is encoded here and decoded again inside
 * the wasm core (0.1 + 0.3 CPU-s per 150 dpi page, BENCHMARKS.md, "OCR").
 */
export interface GreyImage {
  width: number
  height: number
  pixels: Uint8Array
}

/** RGBA pixels (a canvas's) as grey, transparent parts as white paper (ITU-R BT.601 luma). */
export function greyFromRgba(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): GreyImage {
  const pixels = new Uint8Array(width * height)
  for (let i = 0, o = 0; o < pixels.length; i += 4, o++) {
    const luma = (rgba[i]! * 77 + rgba[i + 1]! * 150 + rgba[i + 2]! * 29) >> 8
    const a = rgba[i + 3]!
    pixels[o] = a === 255 ? luma : (luma * a + 255 * (255 - a)) / 255
  }
  return { width, height, pixels }
}

/** The image as binary PGM (P5), a format tesseract's image library reads without decompressing. */
export function pgmBytes(img: GreyImage): Buffer {
  const header = Buffer.from(`P5\n${img.width} ${img.height}\n255\n`, 'ascii')
  const out = Buffer.allocUnsafe(header.length + img.pixels.length)
  header.copy(out, 0)
  out.set(img.pixels, header.length)
  return out
}

/** The image turned clockwise by `turn` degrees. */
export function turnGrey(img: GreyImage, turn: Turn): GreyImage {
  const { width: w, height: h, pixels: src } = img
  const sideways = turn !== 180
  const W = sideways ? h : w
  const H = sideways ? w : h
  const out = new Uint8Array(src.length)
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      // Where source pixel (x, y) lands after a clockwise turn.
      const [X, Y] = turn === 90 ? [h - 1 - y, x] : turn === 180 ? [w - 1 - x, h - 1 - y] : [y, w - 1 - x]
      out[Y * W + X] = src[y * w + x]!
    }
  }
  return { width: W, height: H, pixels: out }
}

/** Share of the pixels (0–1) darker than mid-grey: ink on a page of dark-on-light text is 2–9%. */
export function darkShare(img: GreyImage): number {
  let dark = 0
  for (let i = 0; i < img.pixels.length; i++) if (img.pixels[i]! < 128) dark++
  return img.pixels.length ? dark / img.pixels.length : 0
}
