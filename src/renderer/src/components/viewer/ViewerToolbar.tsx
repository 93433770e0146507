// Viewer controls: previous/next page, page number, zoom, find in document, close.
import { ChevronLeft, ChevronRight, ZoomIn, ZoomOut } from 'lucide-react'
import { useEffect, useState, type RefObject } from 'react'
import { FindBox } from './FindBox.js'
import { ViewerTitleRow } from './ViewerTitleRow.js'

export interface ViewerToolbarProps {
  title: string
  page: number
  /** The label printed on this page, shown when it differs from the PDF page number. */
  pageLabel?: string | null
  pageCount: number
  zoom: number
  findTerm: string
  findStatus: string
  findRef: RefObject<HTMLInputElement | null>
  onPage: (page: number) => void
  onZoom: (factor: number) => void
  onResetZoom: () => void
  onFind: (term: string) => void
  onFindNext: (backwards: boolean) => void
  onClose: () => void
}

export function ViewerToolbar(p: ViewerToolbarProps) {
  const [pageInput, setPageInput] = useState(String(p.page))
  useEffect(() => setPageInput(String(p.page)), [p.page])
  return (
    <header className="viewer-bar">
      <ViewerTitleRow title={p.title} onClose={p.onClose} />
      <div className="viewer-controls">
        <button
          type="button"
          className="btn-icon"
          aria-label="Previous page"
          disabled={p.page <= 1}
          onClick={() => p.onPage(p.page - 1)}
        >
          <ChevronLeft size={16} aria-hidden="true" />
        </button>
        <form
          className="page-form"
          onSubmit={(e) => {
            e.preventDefault()
            const n = Number(pageInput)
            if (Number.isInteger(n)) p.onPage(n)
          }}
        >
          <input
            className="page-input"
            inputMode="numeric"
            aria-label="Page number"
            value={pageInput}
            onChange={(e) => setPageInput(e.target.value)}
          />
          <span className="muted small">/ {p.pageCount || '…'}</span>
          {p.pageLabel && p.pageLabel !== String(p.page) && (
            <span className="small page-label" title="The page number printed on the page">
              (p. {p.pageLabel})
            </span>
          )}
        </form>
        <button
          type="button"
          className="btn-icon"
          aria-label="Next page"
          disabled={p.pageCount > 0 && p.page >= p.pageCount}
          onClick={() => p.onPage(p.page + 1)}
        >
          <ChevronRight size={16} aria-hidden="true" />
        </button>
        <span className="divider" />
        <button type="button" className="btn-icon" aria-label="Zoom out" onClick={() => p.onZoom(1 / 1.2)}>
          <ZoomOut size={16} aria-hidden="true" />
        </button>
        <button
          type="button"
          className="btn-small zoom-label"
          aria-label="Reset zoom"
          onClick={p.onResetZoom}
        >
          {Math.round(p.zoom * 100)}%
        </button>
        <button type="button" className="btn-icon" aria-label="Zoom in" onClick={() => p.onZoom(1.2)}>
          <ZoomIn size={16} aria-hidden="true" />
        </button>
        <span className="divider" />
        <FindBox
          findTerm={p.findTerm}
          findStatus={p.findStatus}
          findRef={p.findRef}
          onFind={p.onFind}
          onFindNext={p.onFindNext}
        />
      </div>
    </header>
  )
}
