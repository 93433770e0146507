// Per-page OCR notes under a document in the library: pages whose recognised text may misread
// (low confidence) and scanned pages where nothing was recognised. Long lists are cut to the first few.
import type { LibraryDocument } from '@shared/library-types.js'
import { ocrPageNotes } from '@shared/ocr-notes.js'

const SHOWN = 3

export function OcrNotes({ doc }: { doc: LibraryDocument }) {
  const notes = ocrPageNotes(doc)
  if (notes.length === 0) return null
  const more = notes.length - SHOWN
  return (
    <span className="doc-ocr-note is-warning" title={notes.join('\n')}>
      {notes.slice(0, SHOWN).join('; ')}
      {more > 0 ? `; and ${more} more` : ''}
    </span>
  )
}
