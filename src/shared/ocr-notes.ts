import type { LibraryDocument } from './library-types.js'

/** "3 by OCR" beside a document's page count, or '' when no page was scanned. One wording for UI and CLI. */
export function ocrPagesLabel(doc: Pick<LibraryDocument, 'ocrPages' | 'pages'>): string {
  if (!doc.ocrPages) return ''
  return doc.ocrPages === doc.pages ? 'scanned, read by OCR' : `${doc.ocrPages} by OCR`
}

/**
 * Per-page notes: "page 7: low OCR confidence", "page 9: no text found (blank page?)", "page 12:
 * could not be read (damaged or cut-off file)".
 */
export function ocrPageNotes(
  doc: Pick<LibraryDocument, 'lowConfidencePages' | 'blankPages' | 'unreadablePages'>,
): string[] {
  const notes = [
    ...(doc.unreadablePages ?? []).map((p) => ({
      p,
      note: `page ${p}: could not be read (damaged or cut-off file)`,
    })),
    ...doc.lowConfidencePages.map((p) => ({ p, note: `page ${p}: low OCR confidence` })),
    ...doc.blankPages.map((p) => ({ p, note: `page ${p}: no text found (blank page?)` })),
  ]
  return notes.sort((a, b) => a.p - b.p).map((n) => n.note)
}
