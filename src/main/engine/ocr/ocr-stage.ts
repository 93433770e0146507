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
  for (const p of raw) {
    if (opts.signal?.aborted) throw new QuireError('CANCELLED', 'Import cancelled.')
    const page = await doc.getPage(p.pageNo).catch(() => null)
    if (!page) continue
    try {
      if (await needsOcr(page, p)) todo.push(p.pageNo)
    } finally {
      page.cleanup()
    }
  }
  const found = new Map<number, OcrPageInfo>()
  if (todo.length === 0) return found
  const engine = opts.engine ?? new OcrEngine()
  try {
    opts.onOcrPage?.(0, todo.length)
    for (const [k, pageNo] of todo.entries()) {
      if (opts.signal?.aborted) throw new QuireError('CANCELLED', 'Import cancelled.')
      const page = await doc.getPage(pageNo)
      try {
        const { raw: ocrRaw, info } = await ocrPdfPage(page, engine, opts.signal)
        raw[pageNo - 1] = ocrRaw
        found.set(pageNo, info)
      } finally {
        page.cleanup()
      }
      opts.onOcrPage?.(k + 1, todo.length)
    }
  } finally {
    if (!opts.engine) await engine.stop()
  }
  return found
}
