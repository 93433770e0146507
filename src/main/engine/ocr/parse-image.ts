import path from 'node:path'
import { QuireError } from '@shared/errors.js'
import { stripImportableExtension } from '@shared/importable-files.js'
import { buildPages } from '../ingest/build-pages.js'
import { chunkPages, DEFAULT_CHUNK_OPTIONS } from '../ingest/chunk-pages.js'
import type { RawPage } from '../ingest/extract-pdf.js'
import type { ParseOptions, ParsedDocument } from '../ingest/parse-types.js'
import { openImage, type ImagePage } from './decode-image.js'
import { KeptOcrPages, type KeptPage } from './kept-pages.js'
import { OcrEngine } from './ocr-engine.js'
import { keptPageSettings, ocrLines, type OcrPageInfo } from './ocr-page.js'
import { recognizeUpright } from './orientation.js'

/**
 * Resolution assumed for image files: scanners and phones rarely record a trustworthy one, and it
 * only sets the page's size in points (1 px = 72/300 pt), not what is recognised.
 */
export const IMAGE_DPI = 300

/** An image file (PNG, JPEG, TIFF with one or more pages) → OCR'd pages and chunks, like a scanned PDF. */
export async function parseImage(
  bytes: Uint8Array,
  file: string,
  opts: ParseOptions = {},
): Promise<ParsedDocument> {
  const name = path.basename(file)
  if (opts.ocr === false)
    throw new QuireError(
      'PDF_NO_TEXT',
      `${name} is an image: its text can only be read with OCR, and OCR is off.`,
    )
  const images = openImage(bytes, name)
  const engine = opts.ocrEngine ?? new OcrEngine()
  // Pages of a multi-page TIFF an interrupted import recognised are taken as kept (kept-pages.ts).
  const kept = KeptOcrPages.of(opts.resumeOcrIn, bytes, keptPageSettings(engine, IMAGE_DPI))
  const raw: RawPage[] = []
  const info = new Map<number, OcrPageInfo>()
  const unreadablePages: number[] = []
  const total = images.count
  try {
    opts.onPage?.(total, total)
    opts.onOcrPage?.(0, total)
    // One page decoded at a time: a many-page TIFF never holds more than one page's pixels.
    for (let pageNo = 1; pageNo <= total; pageNo++) {
      if (opts.signal?.aborted) throw new QuireError('CANCELLED', 'Import cancelled.')
      // Kept by an interrupted import of this file: neither decoded nor recognised again.
      let page = kept?.get(pageNo)
      if (!page) {
        const img = await images.page(pageNo)
        if (!img) {
          // Kept empty, as a damaged PDF page is (parse-document.ts), and named in the report.
          unreadablePages.push(pageNo)
          raw.push({ pageNo, width: 0, height: 0, lines: [] })
          opts.onOcrPage?.(pageNo, total)
          continue
        }
        page = await recognizeImage(engine, img, pageNo, opts.signal)
        kept?.put(pageNo, page)
      }
      raw.push(page.raw)
      info.set(pageNo, page.info)
      opts.onOcrPage?.(pageNo, total)
    }
  } finally {
    if (!opts.ocrEngine) await engine.stop()
  }
  if (unreadablePages.length === total)
    throw new QuireError('DOC_CORRUPT', `${name} is damaged: none of its ${total} pages could be read.`)
  const pages = buildPages(raw).map((p) => ({
    ...p,
    ...(info.has(p.pageNo) ? { ocr: info.get(p.pageNo)! } : {}),
    ...(unreadablePages.includes(p.pageNo) ? { unreadable: true } : {}),
  }))
  if (!pages.some((p) => /\p{L}/u.test(p.text)))
    throw new QuireError(
      'PDF_NO_TEXT',
      `OCR recognised no text in ${name}: the image looks blank or unreadable.`,
    )
  return {
    title: stripImportableExtension(name),
    format: 'image',
    pages,
    chunks: chunkPages(pages, opts.chunking ?? DEFAULT_CHUNK_OPTIONS),
    ...(unreadablePages.length > 0 || images.endsEarly
      ? { unreadable: { pages: unreadablePages, endsEarly: images.endsEarly } }
      : {}),
  }
}

/** Recognises one decoded image as a page in points (1 px = 72/IMAGE_DPI pt). */
async function recognizeImage(
  engine: OcrEngine,
  img: ImagePage,
  pageNo: number,
  signal?: AbortSignal,
): Promise<KeptPage> {
  const scale = 72 / IMAGE_DPI
  const result = await recognizeUpright(engine, img.image, IMAGE_DPI, signal)
  const height = img.height * scale
  return {
    raw: {
      pageNo,
      width: img.width * scale,
      height,
      lines: ocrLines(result, (x, y) => [x * scale, height - y * scale]),
    },
    info: { confidence: result.confidence },
  }
}
