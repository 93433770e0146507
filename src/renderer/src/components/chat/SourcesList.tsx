// The passages an answer used, numbered as in the answer; each opens its page, and each passage
// can be copied with where it comes from.
import { useState } from 'react'
import type { Citation } from '@shared/chat-types.js'
import { passagePlainText } from '@renderer/lib/answer-plain-text.js'
import { alsoInLabel, pagesLabel, sourceTitles } from '@shared/labels.js'
import { CopyButton } from './CopyButton.js'

export function SourcesList({
  sources,
  cited,
  onOpen,
  nearest = false,
}: {
  sources: Citation[]
  cited: Set<number>
  onOpen: (c: Citation) => void
  /** The nearest passages of a "not found" answer rather than the passages an answer used. */
  nearest?: boolean
}) {
  const [expanded, setExpanded] = useState(false)
  if (sources.length === 0) return null
  const noun = sources.length === 1 ? 'passage' : 'passages'
  const titles = sourceTitles(sources)
  return (
    <section className="sources" aria-label={nearest ? 'Nearest passages' : 'Sources'}>
      <button
        type="button"
        className="sources-toggle"
        aria-expanded={expanded}
        onClick={() => setExpanded((e) => !e)}
      >
        {expanded ? 'Hide' : 'Show'} {sources.length} {nearest ? `nearest ${noun}` : `${noun} used`}
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
              <span className="source-title">{titles.get(s.n) ?? s.title}</span>
              <span className="source-pages">{pagesLabel(s.pages, s.pageLabels, s.locator)}</span>
              {s.alsoIn?.length ? (
                <span className="source-also small muted">{alsoInLabel(s.alsoIn)}</span>
              ) : null}
              {s.ocr && (
                <span className="ocr-badge" title="Text read by OCR from a scanned page: check figures">
                  OCR
                </span>
              )}
            </button>
            {expanded && (
              <div className="source-body">
                <blockquote className="source-text">{s.text}</blockquote>
                <CopyButton
                  text={() => passagePlainText(s)}
                  label="Copy passage"
                  ariaLabel={`Copy passage ${s.n}`}
                />
              </div>
            )}
          </li>
        ))}
      </ol>
    </section>
  )
}
