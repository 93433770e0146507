// Loads pdf.js lazily (only when a PDF is opened) and points it at its bundled worker.
import type { PDFDocumentProxy } from 'pdfjs-dist'

export interface OpenedPdf {
  doc: PDFDocumentProxy
  /** Frees the document and its worker-side state. */
  close(): Promise<void>
}

let pdfjsPromise: Promise<typeof import('pdfjs-dist')> | null = null

export function loadPdfjs(): Promise<typeof import('pdfjs-dist')> {
  pdfjsPromise ??= Promise.all([
    import('pdfjs-dist'),
    import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
  ]).then(([pdfjs, worker]) => {
    pdfjs.GlobalWorkerOptions.workerSrc = worker.default
    return pdfjs
  })
  return pdfjsPromise
}

/**
 * Fetches the bytes ourselves and hands pdf.js data: works the same for the desktop's quire-pdf:
 * protocol and the browser server's /api/pdf URL, without pdf.js range requests.
 */
export async function openPdf(url: string): Promise<OpenedPdf> {
  const [pdfjs, res] = await Promise.all([loadPdfjs(), fetch(url)])
  if (!res.ok) throw new Error(`Could not load the PDF (HTTP ${res.status}).`)
  const data = new Uint8Array(await res.arrayBuffer())
  const task = pdfjs.getDocument({
    data,
    // Eval-free font loading (the CSP forbids eval); pdf.js 6 dropped the option, older builds need it.
    ...({ isEvalSupported: false } as object),
  })
  return { doc: await task.promise, close: () => task.destroy() }
}
