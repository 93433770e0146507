// One document in the library: a checkbox for "search this one", file name (title and folder
// when they help), status, and open / show in folder / remove. The list is one Tab stop (roving
// tabindex, as the conversation list): only the current row's name is in the Tab order, and its
// other controls are reached with the arrow keys (LibraryPanel moves the focus).
import { FolderMinus, FolderOpen, ScrollText, X } from 'lucide-react'
import { useState } from 'react'
import type { ListedDocument } from '@renderer/lib/document-list.js'
import { ingestRemedy } from '@renderer/lib/error-words.js'
import { formatExtent } from '@shared/importable-files.js'
import { ocrPagesLabel } from '@shared/ocr-notes.js'
import { OUTDATED_LABEL } from '@shared/outdated-index.js'
import { otherPathsLabel, UNAVAILABLE_LABEL } from '@shared/watch-types.js'
import { OcrNotes } from './OcrNotes.js'

/** What a document row carries when dragged onto a collection (CollectionsList). */
export const DOCUMENT_DRAG_TYPE = 'application/x-quire-document'

export function DocumentRow({
  item,
  checked,
  onToggle,
  onOpen,
  onRemove,
  onShowInFolder,
  onSummarize,
  tabbable,
  onKeyNav,
  onFocusItem,
  addTargets = [],
  onAddTo,
  onTakeOut = null,
}: {
  item: ListedDocument
  checked: boolean
  onToggle: () => void
  onOpen: () => void
  onRemove: () => void
  /** Desktop only. */
  onShowInFolder: (() => void) | null
  /** The document's cited summary as the next answer (docs/summaries.md); null while one is written. */
  onSummarize: (() => void) | null
  /** Roving tabindex: only one row of the list is in the Tab order. */
  tabbable: boolean
  /** Arrow keys: up and down between rows, left and right between this row's controls. */
  onKeyNav: (e: React.KeyboardEvent) => void
  onFocusItem: () => void
  /** Collections the document can be added to (those it is not in). */
  addTargets?: { id: number; name: string }[]
  onAddTo?: (collectionId: number) => void
  /** While a collection is open: takes the document out of it (it stays in the library). */
  onTakeOut?: (() => void) | null
}) {
  const { doc, fileName, subtitle, folder } = item
  const [confirming, setConfirming] = useState(false)
  const usable = doc.status === 'indexed'
  const remedy = doc.status === 'failed' ? ingestRemedy(doc.errorCode, doc.error) : null
  const label = folder ? `${fileName} — ${folder}` : fileName
  const detail = remedy
    ? remedy.label
    : doc.status === 'indexing'
      ? 'Indexing…'
      : [
          formatExtent(doc.format, doc.pages),
          ocrPagesLabel(doc),
          doc.outdated ? OUTDATED_LABEL : '',
          doc.unavailable ? UNAVAILABLE_LABEL : '',
          otherPathsLabel(doc.otherPaths),
        ]
          .filter(Boolean)
          .join(', ')
  return (
    <li
      className={`doc-row ${doc.status === 'failed' ? 'is-failed' : ''}`}
      onKeyDown={onKeyNav}
      onFocus={onFocusItem}
      draggable
      onDragStart={(e) => {
        e.dataTransfer.setData(DOCUMENT_DRAG_TYPE, String(doc.id))
        e.dataTransfer.effectAllowed = 'copy'
      }}
    >
      <input
        type="checkbox"
        checked={checked && usable}
        disabled={!usable}
        onChange={onToggle}
        aria-label={`Search ${label}`}
        tabIndex={-1}
      />
      {/* Not disabled when it cannot open: it stays focusable, as the row's one Tab stop. */}
      <button
        type="button"
        className="doc-open"
        onClick={usable ? onOpen : undefined}
        aria-disabled={!usable || undefined}
        title={doc.path}
        tabIndex={tabbable ? 0 : -1}
        data-doc-open
      >
        <span className="doc-title">
          {fileName}
          {folder && <span className="doc-folder"> — {folder}</span>}
        </span>
        {subtitle && <span className="doc-subtitle">{subtitle}</span>}
        <span className="doc-detail">{detail}</span>
        {remedy?.remedy && <span className="doc-detail">{remedy.remedy}</span>}
        <OcrNotes doc={doc} />
      </button>
      {confirming ? (
        <span className="confirm-inline">
          <button
            type="button"
            className="btn-small danger"
            onClick={onRemove}
            aria-label={`Confirm remove ${label}`}
          >
            Remove
          </button>
          <button type="button" className="btn-small" onClick={() => setConfirming(false)}>
            Keep
          </button>
        </span>
      ) : (
        <span className="row-actions">
          {addTargets.length > 0 && onAddTo && (
            <select
              className="row-action add-to-collection"
              aria-label={`Add ${label} to a collection`}
              title="Add to a collection"
              tabIndex={-1}
              value=""
              onChange={(e) => e.target.value && onAddTo(Number(e.target.value))}
            >
              <option value="">Add to…</option>
              {addTargets.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
          {onTakeOut && (
            <button
              type="button"
              className="btn-icon row-action"
              aria-label={`Take ${label} out of this collection`}
              title="Take out of this collection (it stays in the library)"
              tabIndex={-1}
              onClick={onTakeOut}
            >
              <FolderMinus size={15} aria-hidden="true" />
            </button>
          )}
          {usable && onSummarize && (
            <button
              type="button"
              className="btn-icon row-action"
              aria-label={`Summarize ${label}`}
              title="Summarize (a cited summary in the conversation)"
              tabIndex={-1}
              onClick={onSummarize}
            >
              <ScrollText size={15} aria-hidden="true" />
            </button>
          )}
          {onShowInFolder && (
            <button
              type="button"
              className="btn-icon row-action"
              aria-label={`Show ${label} in folder`}
              title="Show in folder"
              tabIndex={-1}
              onClick={onShowInFolder}
            >
              <FolderOpen size={15} aria-hidden="true" />
            </button>
          )}
          <button
            type="button"
            className="btn-icon row-action"
            aria-label={`Remove ${label}`}
            title="Remove from library"
            tabIndex={-1}
            onClick={() => setConfirming(true)}
          >
            <X size={15} aria-hidden="true" />
          </button>
        </span>
      )}
    </li>
  )
}
