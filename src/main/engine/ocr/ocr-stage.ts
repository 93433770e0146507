import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { QuireError } from '@shared/errors.js'
import type { RawPage } from '../ingest/extract-pdf.js'
import { needsOcr } from './needs-ocr.js'
import { OcrEngine } from './ocr-engine.js'
import { ocrPdfPage, type OcrPageInfo } from './ocr-page.js'

export interface OcrStageOptions {
  signal?: AbortSignal
  /** A long-lived engine (a parse worker's); without one, a temporary engine serves this document. */
  engine?: OcrEngine
  /** Pages recognised so far and pages that need it, for per-page progress. */
  onOcrPage?: (done: number, total: number) => void
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
  try {
    for (const p of raw) {
      if (opts.signal?.aborted) throw new QuireError('CANCELLED', 'Import cancelled.')
      const page = await doc.getPage(p.pageNo).catch(() => null)
      if (!page) continue
      try {
        if (await needsOcr(page, p)) {
          todo.push(p.pageNo)
          // A recogniser per page found, up to one per core: each starts while the remaining
          // pages are checked and the first ones render, not after its page is rendered.
          engine.prestart(todo.length)
        }
      } finally {
        page.cleanup()
      }
    }
    if (todo.length > 0) await recognizePages(doc, raw, todo, engine, found, opts)
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
  opts: OcrStageOptions,
): Promise<void> {
  // As many pages in flight as the engine has recognisers: while one page is being recognised the
  // next is rendered, and on an idle machine a single scanned document keeps every core busy.
  // Progress counts pages finished, in whatever order they finish.
  let next = 0
  let done = 0
  let failed = false
  const lane = async () => {
    while (next < todo.length && !failed) {
      if (opts.signal?.aborted) throw new QuireError('CANCELLED', 'Import cancelled.')
      const pageNo = todo[next++]!
      const page = await doc.getPage(pageNo)
      try {
        const { raw: ocrRaw, info } = await ocrPdfPage(page, engine, opts.signal)
        raw[pageNo - 1] = ocrRaw
        found.set(pageNo, info)
      } finally {
        page.cleanup()
      }
      opts.onOcrPage?.(++done, todo.length)
    }
  }
  opts.onOcrPage?.(0, todo.length)
  const lanes = Array.from({ length: Math.min(engine.threads, todo.length) }, () =>
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
