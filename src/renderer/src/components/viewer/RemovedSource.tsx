// What a citation opens when its document has left the library: says so in words, with when, and
// shows the passage as it was cited (stored with the answer), instead of a stuck "Opening…".
import type { ViewerTarget } from '@renderer/stores/viewer-store.js'
import { baseName, pagesLabel } from '@shared/labels.js'

export function removedSentence(file: string, at: string | null): string {
  const when = at
    ? ` on ${new Date(at).toLocaleDateString([], { day: 'numeric', month: 'long', year: 'numeric' })}`
    : ''
  return `${baseName(file)} was removed from the library${when}. Add the same file again to open it here.`
}

export function RemovedSource({ target, onClose }: { target: ViewerTarget; onClose: () => void }) {
  const removed = target.removed!
  return (
    <aside className="viewer" aria-label="PDF viewer">
      <header className="viewer-bar">
        <div className="viewer-title" title={target.title}>
          {target.title}
        </div>
        <div className="viewer-controls">
          <button type="button" className="btn-icon" aria-label="Close viewer" onClick={onClose}>
            ×
          </button>
        </div>
      </header>
      <div className="viewer-scroll removed-source">
        <p role="status">{removedSentence(removed.file, removed.at)}</p>
        {target.passage && (
          <figure>
            <figcaption className="muted small">
              Source {target.citationN}, {pagesLabel(target.passagePages)}, as cited:
            </figcaption>
            <blockquote className="source-text">{target.passage}</blockquote>
          </figure>
        )}
      </div>
    </aside>
  )
}
