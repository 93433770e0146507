import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { QuireError } from '@shared/errors.js'
import type { RawPage } from '../ingest/extract-pdf.js'
import { needsOcr } from './needs-ocr.js'
import { OcrEngine } from './ocr-engine.js'
import { KeptOcrPages } from './kept-pages.js'
import { keptPageSettings, ocrPdfPage, type OcrPageInfo } from './ocr-page.js'
import { OCR_DPI } from './render-page.js'

export interface OcrStageOptions {
  signal?: AbortSignal
  /** A long-lived engine (a parse worker's); without one, a temporary engine serves this document. */
  engine?: OcrEngine
  /** Pages recognised so far and pages that need it, for per-page progress. */
  onOcrPage?: (done: number, total: number) => void
  /** Where recognised pages of this file are kept, so an interrupted import resumes (kept-pages.ts). */
  keepIn?: { libraryDir: string; fileSha256: string }
}

/**
 * The OCR stage of parsing: finds the pages whose text layer is missing or negligible and replaces
 * their lines with recognised words. Returns what OCR found per page (page number → info); pages
 * with a real text layer are not in it.
 */
export async function recognizeScannedPages(
  doc: PDFDocumentProxy,
  raw: RawPage[],
  opts: OcrStageOptions = {},
): Promise<Map<number, OcrPageInfo>> {
  const todo: number[] = []
  const engine = opts.engine ?? new OcrEngine()
  const found = new Map<number, OcrPageInfo>()
  const kept = opts.keepIn
    ? new KeptOcrPages(opts.keepIn.libraryDir, opts.keepIn.fileSha256, keptPageSettings(engine, OCR_DPI))
    : null
  let toRead = 0
  try {
    for (const p of raw) {
      if (opts.signal?.aborted) throw new QuireError('CANCELLED', 'Import cancelled.')
      const page = await doc.getPage(p.pageNo).catch(() => null)
      if (!page) continue
      try {
        if (await needsOcr(page, p)) {
          todo.push(p.pageNo)
          // A recogniser per page found, up to one per core: each starts while the remaining
          // pages are checked and the first ones render, not after its page is rendered. Pages an
          // interrupted import already read need none.
          if (!kept?.has(p.pageNo)) engine.prestart(++toRead)
        }
      } finally {
        page.cleanup()
      }
    }
    if (todo.length > 0) await recognizePages(doc, raw, todo, engine, found, kept, opts)
  } finally {
    if (!opts.engine) await engine.stop()
  }
  return found
}

/** Renders and recognises the `todo` pages, as many at once as the engine has recognisers. */
async function recognizePages(
  doc: PDFDocumentProxy,
  raw: RawPage[],
  todo: number[],
  engine: OcrEngine,
  found: Map<number, OcrPageInfo>,
  kept: KeptOcrPages | null,
  opts: OcrStageOptions,
): Promise<void> {
  // As many pages in flight as the engine has recognisers: while one page is being recognised the
  // next is rendered, and on an idle machine a single scanned document keeps every core busy.
  // Progress counts pages finished, in whatever order they finish.
  // Pages an interrupted import of this file recognised are taken as they were kept.
  let done = 0
  const left = todo.filter((pageNo) => {
    const page = kept?.get(pageNo)
    if (!page) return true
    raw[pageNo - 1] = page.raw
    found.set(pageNo, page.info)
    done++
    return false
  })
  let next = 0
  let failed = false
  const lane = async () => {
    while (next < left.length && !failed) {
      if (opts.signal?.aborted) throw new QuireError('CANCELLED', 'Import cancelled.')
      const pageNo = left[next++]!
      const page = await doc.getPage(pageNo)
      try {
        const { raw: ocrRaw, info } = await ocrPdfPage(page, engine, opts.signal)
        raw[pageNo - 1] = ocrRaw
        found.set(pageNo, info)
        // Kept before it counts as done: a page reported recognised is never read again.
        kept?.put(pageNo, { raw: ocrRaw, info })
      } finally {
        page.cleanup()
      }
      opts.onOcrPage?.(++done, todo.length)
    }
  }
  opts.onOcrPage?.(done, todo.length)
  const lanes = Array.from({ length: Math.min(engine.threads, left.length) }, () =>
    lane().catch((err: unknown) => {
      failed = true // the other lanes stop at their next page
      throw err
    }),
  )
  // Settled, not all(): no lane is left running (or rejecting unheard) after the stage returns.
  const ended = await Promise.allSettled(lanes)
  const err = ended.find((r) => r.status === 'rejected')
  if (err) throw err.reason
}
