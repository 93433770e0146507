// Find in document, the same control in the PDF viewer and the reader view: the search field
// (Enter: next match, Shift+Enter: previous), the "n of m" count, and previous/next buttons.
import { ChevronDown, ChevronUp } from 'lucide-react'
import type { RefObject } from 'react'

export interface FindBoxProps {
  findTerm: string
  /** "3 of 12", "Not found", … as the viewer counts it across the whole document. */
  findStatus: string
  findRef: RefObject<HTMLInputElement | null>
  onFind: (term: string) => void
  onFindNext: (backwards: boolean) => void
}

export function FindBox(p: FindBoxProps) {
  return (
    <>
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
    </>
  )
}
