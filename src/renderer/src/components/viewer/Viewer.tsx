// The viewer pane: a PDF or scan shows its pages (PdfViewer); any other document is shown from its
// stored text and structure (ReaderView). The document's format decides, from the library list,
// else from the file name the viewer was opened with.
import { formatInfo, isPagedName, type DocumentFormat } from '@shared/importable-files.js'
import { useLibrary, useViewer } from '@renderer/stores/app-stores.js'
import { PdfViewer } from './PdfViewer.js'
import { ReaderView } from './ReaderView.js'

/** Whether a document opens in the reader view rather than as pages. */
export function opensInReader(format: DocumentFormat | undefined, file: string | undefined): boolean {
  if (format) return !formatInfo(format).paged
  return file ? !isPagedName(file) : false
}

export function Viewer() {
  const target = useViewer((s) => s.target)
  const doc = useLibrary((s) => s.documents.find((d) => d.id === target?.documentId))
  if (!target) return null
  // A removed document has only its cited passage, which the PDF viewer's removed notice shows.
  if (!target.removed && opensInReader(doc?.format, target.file)) return <ReaderView />
  return <PdfViewer />
}
