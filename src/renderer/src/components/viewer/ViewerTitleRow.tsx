// The title and the close button heading both viewers (PDF pages and the reader view). Close sits
// with the title so a wrapping toolbar can never push it out of reach.
import { X } from 'lucide-react'

export function ViewerTitleRow({ title, onClose }: { title: string; onClose: () => void }) {
  return (
    <div className="viewer-title-row">
      <div className="viewer-title" title={title}>
        {title}
      </div>
      <button type="button" className="btn-icon" aria-label="Close viewer" onClick={onClose}>
        <X size={16} aria-hidden="true" />
      </button>
    </div>
  )
}
