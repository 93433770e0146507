// The passages an answer used, numbered as in the answer; each opens its page.
import { useState } from 'react'
import type { Citation } from '../../../../shared/chat-types.js'
import { pagesLabel } from '../../lib/format.js'

export function SourcesList({
  sources,
  cited,
  onOpen,
}: {
  sources: Citation[]
  cited: Set<number>
  onOpen: (c: Citation) => void
}) {
  const [expanded, setExpanded] = useState(false)
  if (sources.length === 0) return null
  return (
    <section className="sources" aria-label="Sources">
      <button
        type="button"
        className="sources-toggle"
        aria-expanded={expanded}
        onClick={() => setExpanded((e) => !e)}
      >
        {expanded ? 'Hide' : 'Show'} {sources.length} {sources.length === 1 ? 'passage' : 'passages'} used
      </button>
      <ol className="source-list">
        {sources.map((s) => (
          <li key={s.n} className={cited.has(s.n) ? 'is-cited' : ''}>
            <button
              type="button"
              className="source-head"
              onClick={() => onOpen(s)}
              aria-label={`Open source ${s.n}`}
            >
              <span className="source-n">{s.n}</span>
              <span className="source-title">{s.title}</span>
              <span className="source-pages">{pagesLabel(s.pages)}</span>
            </button>
            {expanded && <blockquote className="source-text">{s.text}</blockquote>}
          </li>
        ))}
      </ol>
    </section>
  )
}
