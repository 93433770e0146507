import { createHash } from 'node:crypto'
import path from 'node:path'
import { QuireError } from '@shared/errors.js'
import { stripImportableExtension } from '@shared/importable-files.js'
import { buildPages } from '../build-pages.js'
import { chunkPages, DEFAULT_CHUNK_OPTIONS } from '../chunk-pages.js'
import { DraftChunks } from '../draft-chunks.js'
import { extractPage, openPdf, type RawPage } from '../extract-pdf.js'
import { noTextLayer, noWords } from '../pdf-errors.js'
import type { ParseOptions, ParsedDocument } from '../parse-types.js'
import { recognizeScannedPages } from '../../ocr/ocr-stage.js'
import { documentTables } from '../pdf-tables/document-tables.js'
import type { Table } from '../tables/table-model.js'

const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/** Below this many letters on every page together, a PDF is treated as having no text layer. */
const MIN_LETTERS = 20

/** PDF bytes → cleaned pages and chunks. Throws QuireError with a specific code for bad input. */
export async function readPdf(
  bytes: Uint8Array,
  file: string,
  opts: ParseOptions = {},
): Promise<ParsedDocument> {
  const name = path.basename(file)
  const doc = await openPdf(bytes, name)
  try {
    const raw: RawPage[] = []
    const drafts = opts.onDraftTexts
      ? new DraftChunks(doc.numPages, opts.onDraftTexts, opts.chunking ?? DEFAULT_CHUNK_OPTIONS, {
          tables: opts.tables !== false,
        })
      : null
    const failedPages: number[] = []
    for (let n = 1; n <= doc.numPages; n++) {
      if (opts.signal?.aborted) throw new QuireError('CANCELLED', 'Import cancelled.')
      try {
        raw.push(await extractPage(doc, n, { rulings: opts.tables !== false }))
      } catch {
        // A damaged page should not cost the rest of the document; it is kept empty.
        failedPages.push(n)
        raw.push({ pageNo: n, width: 0, height: 0, lines: [] })
      }
      drafts?.addPage(raw.at(-1)!)
      opts.onPage?.(n, doc.numPages)
    }
    if (failedPages.length === doc.numPages) {
      throw new QuireError(
        'PDF_CORRUPT',
        `${name} is damaged: none of its ${doc.numPages} pages could be read.`,
      )
    }
    // Counted before OCR adds anything: digits or symbols in the PDF's own text layer (page numbers)
    // mean the file has text, just no words, which is not a scan.
    const layerChars = raw.reduce(
      (n, p) => n + p.lines.reduce((m, l) => m + l.items.reduce((k, i) => k + i.str.trim().length, 0), 0),
      0,
    )
    const ocr =
      opts.ocr === false
        ? new Map()
        : await recognizeScannedPages(doc, raw, {
            signal: opts.signal,
            engine: opts.ocrEngine,
            onOcrPage: opts.onOcrPage,
            ...(opts.resumeOcrIn
              ? { keepIn: { libraryDir: opts.resumeOcrIn, fileSha256: sha256Of(bytes) } }
              : {}),
          })
    const pages = buildPages(raw).map((p) => ({
      ...p,
      ...(ocr.has(p.pageNo) ? { ocr: ocr.get(p.pageNo)! } : {}),
      ...(failedPages.includes(p.pageNo) ? { unreadable: true } : {}),
    }))
    const letters = pages.reduce((n, p) => n + (p.text.match(/\p{L}/gu)?.length ?? 0), 0)
    if (letters < MIN_LETTERS) {
      const ocrTried = opts.ocr !== false
      throw layerChars > 0 ? noWords(name, doc.numPages, ocrTried) : noTextLayer(name, doc.numPages, ocrTried)
    }
    const tables =
      opts.tables === false ? new Map<number, Table[]>() : documentTables(pages, raw, drafts?.draftedTables)
    const tablesOn = (pageNo: number) => tables.get(pageNo) ?? []
    const title = await documentTitle(doc, name)
    // Page labels are optional and sometimes malformed: a document without them is still fine.
    const labels = await doc.getPageLabels().catch(() => null)
    if (labels) for (const p of pages) p.label = labels[p.pageNo - 1]?.trim() || null
    return {
      title,
      format: 'pdf',
      pages,
      chunks: chunkPages(pages, opts.chunking ?? DEFAULT_CHUNK_OPTIONS, tablesOn),
      ...(failedPages.length > 0 ? { unreadable: { pages: failedPages, endsEarly: false } } : {}),
    }
  } finally {
    await doc.loadingTask.destroy()
  }
}

async function documentTitle(doc: Awaited<ReturnType<typeof openPdf>>, name: string): Promise<string> {
  try {
    const meta = await doc.getMetadata()
    const t = (meta.info as { Title?: unknown } | undefined)?.Title
    // Many generators write junk titles ("untitled", "Microsoft Word - x.doc"); prefer the file name then.
    if (typeof t === 'string' && t.trim().length > 2 && !/^(untitled|microsoft word)/i.test(t.trim()))
      return t.trim()
  } catch {
    // Metadata is optional.
  }
  return stripImportableExtension(name)
}
