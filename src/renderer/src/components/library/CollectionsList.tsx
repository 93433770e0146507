// "All documents" and the library's collections (docs/collections.md): choose the one a new
// conversation and an import belong to, create, rename and delete them, and drop document rows on
// one to add them.
import { Check, Pencil, Plus, Trash2, X } from 'lucide-react'
import { useState, type DragEvent } from 'react'
import { countOf } from '@shared/labels.js'
import { COLLECTION_NAME_MAX } from '@shared/search-scope.js'
import { useCollections, useLibrary, useStores } from '@renderer/stores/app-stores.js'
import { DOCUMENT_DRAG_TYPE } from './DocumentRow.js'

export function CollectionsList() {
  const { collections, chat } = useStores()
  const items = useCollections((s) => s.items)
  const current = useCollections((s) => s.current)
  const error = useCollections((s) => s.error)
  const total = useLibrary((s) => s.documents.length)
  const actions = collections.getState()
  const [naming, setNaming] = useState<{ id: number | null; name: string } | null>(null)
  const [confirming, setConfirming] = useState<number | null>(null)
  const [dropTarget, setDropTarget] = useState<number | null>(null)

  /** Another collection: the conversation shown belongs elsewhere, so a new one starts there. */
  async function choose(id: number | null): Promise<void> {
    if (id === current) return
    await actions.select(id)
    if (!chat.getState().streaming) await chat.getState().open(null)
  }

  async function save(): Promise<void> {
    if (!naming) return
    const ok =
      naming.id === null ? await actions.create(naming.name) : await actions.rename(naming.id, naming.name)
    if (ok) setNaming(null)
  }

  function drop(e: DragEvent, id: number): void {
    const doc = Number(e.dataTransfer.getData(DOCUMENT_DRAG_TYPE))
    setDropTarget(null)
    if (!doc) return
    e.preventDefault()
    void actions.addDocuments(id, [doc])
  }

  const nameField = (label: string) => (
    <form
      className="collection-name"
      onSubmit={(e) => {
        e.preventDefault()
        void save()
      }}
    >
      <input
        autoFocus
        aria-label={label}
        maxLength={COLLECTION_NAME_MAX}
        value={naming?.name ?? ''}
        placeholder="Case 14"
        onChange={(e) => setNaming((n) => n && { ...n, name: e.target.value })}
        onKeyDown={(e) => e.key === 'Escape' && setNaming(null)}
      />
      <button
        type="submit"
        className="btn-icon"
        aria-label="Save collection name"
        disabled={!naming?.name.trim()}
      >
        <Check size={14} aria-hidden="true" />
      </button>
      <button type="button" className="btn-icon" aria-label="Cancel" onClick={() => setNaming(null)}>
        <X size={14} aria-hidden="true" />
      </button>
    </form>
  )

  return (
    <nav className="collections" aria-label="Collections">
      <ul className="collection-list">
        <li className={`collection-row ${current === null ? 'is-current' : ''}`}>
          <button
            type="button"
            className="collection-open"
            aria-current={current === null || undefined}
            onClick={() => void choose(null)}
          >
            All documents <span className="muted small">({total})</span>
          </button>
        </li>
        {items.map((c) =>
          naming?.id === c.id ? (
            <li key={c.id} className="collection-row">
              {nameField(`New name for ${c.name}`)}
            </li>
          ) : (
            <li
              key={c.id}
              className={`collection-row ${current === c.id ? 'is-current' : ''} ${dropTarget === c.id ? 'is-drop-target' : ''}`}
              onDragOver={(e) => {
                if (!e.dataTransfer.types.includes(DOCUMENT_DRAG_TYPE)) return
                e.preventDefault()
                setDropTarget(c.id)
              }}
              onDragLeave={() => setDropTarget(null)}
              onDrop={(e) => drop(e, c.id)}
            >
              <button
                type="button"
                className="collection-open"
                aria-current={current === c.id || undefined}
                onClick={() => void choose(c.id)}
              >
                {c.name} <span className="muted small">({countOf(c.documents, 'document')})</span>
              </button>
              {confirming === c.id ? (
                <span className="confirm-inline">
                  <button
                    type="button"
                    className="btn-small danger"
                    aria-label={`Confirm delete ${c.name}`}
                    onClick={() => {
                      setConfirming(null)
                      void actions.remove(c.id)
                    }}
                  >
                    Delete
                  </button>
                  <button type="button" className="btn-small" onClick={() => setConfirming(null)}>
                    Keep
                  </button>
                </span>
              ) : (
                <span className="row-actions">
                  <button
                    type="button"
                    className="btn-icon row-action"
                    aria-label={`Rename ${c.name}`}
                    onClick={() => setNaming({ id: c.id, name: c.name })}
                  >
                    <Pencil size={14} aria-hidden="true" />
                  </button>
                  <button
                    type="button"
                    className="btn-icon row-action"
                    aria-label={`Delete ${c.name}`}
                    title="Delete the collection (its documents stay in the library)"
                    onClick={() => setConfirming(c.id)}
                  >
                    <Trash2 size={14} aria-hidden="true" />
                  </button>
                </span>
              )}
            </li>
          ),
        )}
        <li className="collection-row">
          {naming?.id === null ? (
            nameField('Name of the new collection')
          ) : (
            <button type="button" className="link small" onClick={() => setNaming({ id: null, name: '' })}>
              <Plus size={13} aria-hidden="true" /> New collection
            </button>
          )}
        </li>
      </ul>
      {error && (
        <p className="inline-error small" role="alert">
          {error}
        </p>
      )}
    </nav>
  )
}
