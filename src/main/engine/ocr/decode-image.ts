import { createRequire } from 'node:module'
import { QuireError } from '@shared/errors.js'
import { greyFromRgba, type GreyImage } from './grey-image.js'
import { jpegSize, pngSize } from './image-header.js'
import { checkPixelBudget } from './pixel-budget.js'
import { readTiffDirectory, type TiffPage } from './tiff-directory.js'

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

/**
 * An image file opened for reading: its pages are counted and sized from the headers, and each is
 * decoded only when asked for, so a multi-page TIFF holds one decoded page at a time, never all.
 */
export interface ImagePages {
  count: number
  /** The chain of TIFF pages is cut off: pages after the last counted one may be lost. */
  endsEarly: boolean
  /** Page `pageNo` (1-based) decoded, or null when its pixels cannot be read (a cut-off or damaged file). */
  page: (pageNo: number) => Promise<ImagePage | null>
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
 * Opens an image file: PNG and JPEG are one page (decoded by @napi-rs/canvas, pdf.js's canvas);
 * TIFF may hold many (decoded by utif2 one page at a time). Every page's size is read from the
 * headers first and checked against the pixel budget: IMAGE_TOO_LARGE before anything is decoded.
 */
export function openImage(bytes: Uint8Array, file: string): ImagePages {
  const kind = imageKind(bytes)
  const unreadable = (why: string) =>
    new QuireError('DOC_CORRUPT', `${file} could not be read as an image (${why}).`)
  if (kind === 'png' || kind === 'jpeg') {
    const size = kind === 'png' ? pngSize(bytes) : jpegSize(bytes)
    if (!size || !size.width || !size.height) throw unreadable('its header gives no size')
    checkPixelBudget(file, size.width, size.height)
    return { count: 1, endsEarly: false, page: () => decodeSingle(bytes, unreadable) }
  }
  if (kind === 'tiff') {
    const dir = readTiffDirectory(bytes)
    // Reduced-resolution copies (thumbnails, NewSubfileType bit 0) and entries without a size are not pages.
    const pages = dir.pages.filter((p) => p.width > 0 && p.height > 0 && !(first(p, 254) & 1))
    if (pages.length === 0) throw unreadable('no page of the TIFF could be found')
    for (const [i, p] of pages.entries())
      checkPixelBudget(file, p.width, p.height, pages.length > 1 ? i + 1 : undefined)
    return {
      count: pages.length,
      endsEarly: dir.endsEarly,
      page: async (pageNo) => decodeTiffPage(bytes, pages[pageNo - 1]!),
    }
  }
  throw unreadable('it is not a PNG, JPEG or TIFF file')
}

const first = (p: TiffPage, tag: number) => (p.tags[`t${tag}`] as number[] | undefined)?.[0] ?? 0

async function decodeSingle(bytes: Uint8Array, unreadable: (why: string) => QuireError): Promise<ImagePage> {
  const { createCanvas, loadImage } = await import('@napi-rs/canvas')
  try {
    const img = await loadImage(Buffer.from(bytes))
    const canvas = createCanvas(img.width, img.height)
    const ctx = canvas.getContext('2d')
    ctx.fillStyle = '#ffffff'
    ctx.fillRect(0, 0, img.width, img.height)
    ctx.drawImage(img, 0, 0)
    const { width, height } = canvas
    const { data } = ctx.getImageData(0, 0, width, height)
    return { image: greyFromRgba(data, width, height), width, height, png: () => canvas.encode('png') }
  } catch (err) {
    throw unreadable((err as Error).message)
  }
}

/**
 * One TIFF page, decoded from its own copy of the directory's tags (utif2 hangs the decoded pixels
 * on the object it is given; the copy goes when the page does). Null when its pixel data runs past
 * the end of the file or does not decode.
 */
async function decodeTiffPage(bytes: Uint8Array, page: TiffPage): Promise<ImagePage | null> {
  if (!page.complete || !supportedSamples(page)) return null
  const UTIF = localRequire('utif2') as typeof import('utif2')
  const ifd = { ...page.tags } as unknown as import('utif2').IFD
  let rgba: Uint8Array
  try {
    UTIF.decodeImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), ifd)
    if (!ifd.data || ifd.width !== page.width || ifd.height !== page.height) return null
    rgba = UTIF.toRGBA8(ifd)
  } catch {
    return null
  }
  const { width, height } = page
  return {
    image: greyFromRgba(rgba, width, height),
    width,
    height,
    png: async () => {
      const { createCanvas } = await import('@napi-rs/canvas')
      const canvas = createCanvas(width, height)
      const ctx = canvas.getContext('2d')
      const data = ctx.createImageData(width, height)
      data.data.set(rgba)
      ctx.putImageData(data, 0, 0)
      return canvas.encode('png')
    },
  }
}

/**
 * Samples per pixel and bits per sample of any real scan (grey, RGB, CMYK, with alpha; 1 to 16
 * bits): a directory declaring more would make utif2 allocate rows of that width, so it is not read.
 */
function supportedSamples(page: TiffPage): boolean {
  const spp = first(page, 277) || 1
  const bps = first(page, 258) || 1
  return spp <= 5 && bps <= 16
}
