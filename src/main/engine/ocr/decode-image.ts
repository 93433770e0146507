import { createRequire } from 'node:module'
import type { Canvas } from '@napi-rs/canvas'
import { QuireError } from '@shared/errors.js'
import { greyFromRgba, type GreyImage } from './grey-image.js'

/**
 * One page of an image file: its grey pixels for the recogniser, its size in pixels, and PNG
 * bytes on demand (for the viewer's PDF; an import never encodes them).
 */
export interface ImagePage {
  image: GreyImage
  width: number
  height: number
  png: () => Promise<Buffer>
}

function imagePage(canvas: Canvas): ImagePage {
  const { width, height } = canvas
  const { data } = canvas.getContext('2d').getImageData(0, 0, width, height)
  return { image: greyFromRgba(data, width, height), width, height, png: () => canvas.encode('png') }
}

export type ImageKind = 'png' | 'jpeg' | 'tiff'

export { isImageName } from '@shared/importable-files.js'

/** The image format from the file's first bytes (its name can lie), or null for anything else. */
export function imageKind(bytes: Uint8Array): ImageKind | null {
  const b = bytes
  if (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return 'png'
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg'
  if (
    (b[0] === 0x49 && b[1] === 0x49 && b[2] === 42 && b[3] === 0) ||
    (b[0] === 0x4d && b[1] === 0x4d && b[2] === 0 && b[3] === 42)
  )
    return 'tiff'
  return null
}

const localRequire = createRequire(import.meta.url)

/**
 * Decodes an image file into its pages: PNG and JPEG are one page (decoded by @napi-rs/canvas,
 * pdf.js's canvas); TIFF may hold many (decoded by utif2, drawn on a canvas).
 */
export async function decodeImage(bytes: Uint8Array, file: string): Promise<ImagePage[]> {
  const kind = imageKind(bytes)
  const { createCanvas, loadImage } = await import('@napi-rs/canvas')
  const unreadable = (why: string) =>
    new QuireError(
      'FILE_UNREADABLE',
      `${file} could not be read as an image (${why}). Save it again as PNG, JPEG or TIFF and import it again.`,
    )
  if (kind === 'png' || kind === 'jpeg') {
    try {
      const img = await loadImage(Buffer.from(bytes))
      const canvas = createCanvas(img.width, img.height)
      const ctx = canvas.getContext('2d')
      ctx.fillStyle = '#ffffff'
      ctx.fillRect(0, 0, img.width, img.height)
      ctx.drawImage(img, 0, 0)
      return [imagePage(canvas)]
    } catch (err) {
      throw unreadable((err as Error).message)
    }
  }
  if (kind === 'tiff') {
    const UTIF = localRequire('utif2') as typeof import('utif2')
    const buf = Buffer.from(bytes)
    let ifds
    try {
      ifds = UTIF.decode(buf)
    } catch (err) {
      throw unreadable((err as Error).message)
    }
    const pages: ImagePage[] = []
    for (const ifd of ifds) {
      try {
        UTIF.decodeImage(buf, ifd)
      } catch {
        continue // a thumbnail or an unsupported sub-image; the real pages decode
      }
      if (!ifd.width || !ifd.height) continue
      const rgba = UTIF.toRGBA8(ifd)
      const canvas = createCanvas(ifd.width, ifd.height)
      const ctx = canvas.getContext('2d')
      const data = ctx.createImageData(ifd.width, ifd.height)
      data.data.set(rgba)
      ctx.putImageData(data, 0, 0)
      pages.push(imagePage(canvas))
    }
    if (pages.length === 0) throw unreadable('no page of the TIFF could be decoded')
    return pages
  }
  throw unreadable('it is not a PNG, JPEG or TIFF file')
}
