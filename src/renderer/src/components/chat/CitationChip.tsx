// An inline [n] chip: opens the cited page with the passage highlighted.
import type { Citation } from '@shared/chat-types.js'
import { alsoInLabel, pagesLabel } from '@shared/labels.js'

export function CitationChip({
  n,
  citation,
  title,
  onOpen,
}: {
  n: number
  citation: Citation | undefined
  /** The name the sources list shows the citation under (labels.ts sourceTitles); default its title. */
  title?: string
  onOpen: (c: Citation) => void
}) {
  if (!citation) {
    // A number with no passage behind it is shown plainly rather than as a link to nowhere.
    return (
      <span className="cite-chip is-missing" title="No passage with this number">
        {n}
      </span>
    )
  }
  const also = alsoInLabel(citation.alsoIn)
  const where = `${title ?? citation.title}, ${pagesLabel(citation.pages, citation.pageLabels, citation.locator)}${also ? ` (${also})` : ''}${citation.ocr ? ' (scanned page, OCR text)' : ''}${citation.removed ? ' (removed from the library)' : ''}`
  return (
    <button
      type="button"
      className={`cite-chip${citation.removed ? ' is-removed' : ''}`}
      aria-label={`Source ${n}: ${where}`}
      title={where}
      onClick={() => onOpen(citation)}
    >
      {n}
      {citation.ocr && <span className="ocr-badge">OCR</span>}
    </button>
  )
}
