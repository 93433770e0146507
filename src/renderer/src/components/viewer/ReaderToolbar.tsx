// The reader view's header: title and close, where the cited passage is (its locator), the
// section shown (slide, chapter or part) with previous/next, and find with its count.
import { ChevronDown, ChevronLeft, ChevronRight, ChevronUp, X } from 'lucide-react'
import type { RefObject } from 'react'

export interface ReaderToolbarProps {
  title: string
  /** Where the cited passage is ("3.2 Remotes > Fetching", "Slide 4"), when a citation is open. */
  locator: string | null
  section: number
  sectionCount: number
  /** What the section shown is ("Slide 4"), null for flowing text. */
  sectionTitle: string | null
  findTerm: string
  findStatus: string
  findRef: RefObject<HTMLInputElement | null>
  onSection: (n: number) => void
  onFind: (term: string) => void
  onFindNext: (backwards: boolean) => void
  onClose: () => void
}

export function ReaderToolbar(p: ReaderToolbarProps) {
  const name = p.sectionTitle ?? `Part ${p.section}`
  return (
    <header className="viewer-bar">
      <div className="viewer-title-row">
        <div className="viewer-title" title={p.title}>
          {p.title}
        </div>
        <button type="button" className="btn-icon" aria-label="Close viewer" onClick={p.onClose}>
          <X size={16} aria-hidden="true" />
        </button>
      </div>
      {p.locator && (
        <div className="reader-locator small" title="Where the cited passage is">
          {p.locator}
        </div>
      )}
      <div className="viewer-controls">
        {p.sectionCount > 1 && (
          <>
            <button
              type="button"
              className="btn-icon"
              aria-label="Previous section"
              disabled={p.section <= 1}
              onClick={() => p.onSection(p.section - 1)}
            >
              <ChevronLeft size={16} aria-hidden="true" />
            </button>
            <span className="small reader-section-name" aria-live="polite">
              {name}{' '}
              <span className="muted">
                ({p.section} of {p.sectionCount})
              </span>
            </span>
            <button
              type="button"
              className="btn-icon"
              aria-label="Next section"
              disabled={p.section >= p.sectionCount}
              onClick={() => p.onSection(p.section + 1)}
            >
              <ChevronRight size={16} aria-hidden="true" />
            </button>
            <span className="divider" />
          </>
        )}
        <input
          ref={p.findRef}
          type="search"
          className="find-input"
          placeholder="Find in document"
          aria-label="Find in document"
          value={p.findTerm}
          onChange={(e) => p.onFind(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault()
              p.onFindNext(e.shiftKey)
            }
          }}
        />
        {p.findTerm.trim() && (
          <>
            <span className="muted small find-status" role="status">
              {p.findStatus}
            </span>
            <button
              type="button"
              className="btn-icon"
              aria-label="Previous match"
              onClick={() => p.onFindNext(true)}
            >
              <ChevronUp size={16} aria-hidden="true" />
            </button>
            <button
              type="button"
              className="btn-icon"
              aria-label="Next match"
              onClick={() => p.onFindNext(false)}
            >
              <ChevronDown size={16} aria-hidden="true" />
            </button>
          </>
        )}
      </div>
    </header>
  )
}
