// The reader view's header: title and close, where the cited passage is (its locator), the
// section shown (slide, chapter or part) with previous/next, and find with its count.
import { ChevronLeft, ChevronRight } from 'lucide-react'
import type { RefObject } from 'react'
import { FindBox } from './FindBox.js'
import { ViewerTitleRow } from './ViewerTitleRow.js'

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
      <ViewerTitleRow title={p.title} onClose={p.onClose} />
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
