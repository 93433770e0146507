// One document in the library: a checkbox for "search this one", status, open and remove.
import { useState } from 'react'
import type { LibraryDocument } from '@shared/library-types.js'
import { errorInWords } from '@renderer/lib/error-words.js'

export function DocumentRow({
  doc,
  checked,
  onToggle,
  onOpen,
  onRemove,
}: {
  doc: LibraryDocument
  checked: boolean
  onToggle: () => void
  onOpen: () => void
  onRemove: () => void
}) {
  const [confirming, setConfirming] = useState(false)
  const usable = doc.status === 'indexed'
  const detail =
    doc.status === 'failed'
      ? errorInWords(doc.errorCode, doc.error)
      : doc.status === 'indexing'
        ? 'Indexing…'
        : `${doc.pages} ${doc.pages === 1 ? 'page' : 'pages'}`
  return (
    <li className={`doc-row ${doc.status === 'failed' ? 'is-failed' : ''}`}>
      <input
        type="checkbox"
        checked={checked && usable}
        disabled={!usable}
        onChange={onToggle}
        aria-label={`Search ${doc.title}`}
      />
      <button type="button" className="doc-open" onClick={onOpen} disabled={!usable} title={doc.path}>
        <span className="doc-title">{doc.title}</span>
        <span className="doc-detail">{detail}</span>
      </button>
      {confirming ? (
        <span className="confirm-inline">
          <button
            type="button"
            className="btn-small danger"
            onClick={onRemove}
            aria-label={`Confirm remove ${doc.title}`}
          >
            Remove
          </button>
          <button type="button" className="btn-small" onClick={() => setConfirming(false)}>
            Keep
          </button>
        </span>
      ) : (
        <button
          type="button"
          className="btn-icon row-action"
          aria-label={`Remove ${doc.title}`}
          title="Remove from library"
          onClick={() => setConfirming(true)}
        >
          ×
        </button>
      )}
    </li>
  )
}
