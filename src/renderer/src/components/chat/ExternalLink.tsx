// A link inside an answer. Quire works offline and answers come from a model, so a link never
// navigates on its own: clicking asks first, showing the full address, and only then opens it
// outside Quire (the desktop shell hands http(s) links to the system browser).
import { useState, type ReactNode } from 'react'

const OPENABLE = /^https?:\/\//i

export function ExternalLink({ href, children }: { href: string | undefined; children: ReactNode }) {
  const [asking, setAsking] = useState(false)
  if (!href || !OPENABLE.test(href)) {
    // Anything but a web address (file:, javascript:, relative) is shown as plain text.
    return (
      <span className="md-link is-inert" title={href ? `Not opened: ${href}` : undefined}>
        {children}
      </span>
    )
  }
  return (
    <span className="md-link-wrap">
      <button
        type="button"
        className="md-link"
        title={href}
        aria-expanded={asking}
        onClick={() => setAsking((a) => !a)}
      >
        {children}
      </button>
      {asking && (
        <span className="md-link-confirm" role="group" aria-label="Open link?">
          <span className="small">
            Open <code>{href}</code> in your browser? It leaves Quire.
          </span>
          <button
            type="button"
            className="btn-small"
            onClick={() => {
              setAsking(false)
              window.open(href, '_blank', 'noopener,noreferrer')
            }}
          >
            Open
          </button>
          <button type="button" className="btn-small" onClick={() => setAsking(false)}>
            Cancel
          </button>
        </span>
      )}
    </span>
  )
}
