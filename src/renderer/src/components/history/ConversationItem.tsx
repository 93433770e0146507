// One conversation in the sidebar: open, rename inline (saved on Enter or when focus leaves,
// Esc discards), export to Markdown, delete with a confirm.
import { Download, Pencil, Trash2 } from 'lucide-react'
import { useState } from 'react'
import type { Conversation } from '@shared/chat-types.js'
import { relativeTime } from '@renderer/lib/format.js'

export interface ConversationItemProps {
  conversation: Conversation
  /**
   * Under All documents: the name of the collection the conversation belongs to (and searches),
   * shown as a small tag; null for one outside any collection, or under an open collection.
   */
  collectionName?: string | null
  active: boolean
  onOpen: () => void
  onRename: (title: string) => void
  onDelete: () => void
  onExport: () => void
  /** Roving tabindex: only one conversation of the list is in the Tab order. */
  tabbable: boolean
  /** Arrow keys on the list move between conversations. */
  onKeyNav: (e: React.KeyboardEvent) => void
  onFocusItem: () => void
}

/** A search hit's matching line, its matched words (between [[ and ]]) marked. */
function MatchSnippet({ text }: { text: string }) {
  const parts = text.split(/\[\[|\]\]/)
  return (
    <span className="conv-snippet">
      {parts.map((part, i) => (i % 2 === 1 ? <mark key={i}>{part}</mark> : part))}
    </span>
  )
}

export function ConversationItem({
  conversation,
  collectionName = null,
  active,
  onOpen,
  onRename,
  onDelete,
  onExport,
  tabbable,
  onKeyNav,
  onFocusItem,
}: ConversationItemProps) {
  const [mode, setMode] = useState<'view' | 'rename' | 'confirm'>('view')
  const [title, setTitle] = useState(conversation.title)
  const tabIndex = tabbable ? 0 : -1
  function saveRename(): void {
    const next = title.trim()
    if (next && next !== conversation.title) onRename(next)
    setMode('view')
  }

  if (mode === 'rename') {
    return (
      <li className="conv-item is-editing">
        <form
          onSubmit={(e) => {
            e.preventDefault()
            saveRename()
          }}
        >
          <input
            autoFocus
            value={title}
            aria-label="Conversation title"
            onChange={(e) => setTitle(e.target.value)}
            onBlur={saveRename}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                // Esc here cancels the rename and must not reach the window's Esc handler.
                e.preventDefault()
                e.stopPropagation()
                setTitle(conversation.title)
                setMode('view')
                return
              }
            }}
          />
        </form>
      </li>
    )
  }

  return (
    <li className={`conv-item ${active ? 'is-active' : ''}`} onKeyDown={onKeyNav} onFocus={onFocusItem}>
      <button
        type="button"
        className="conv-open"
        onClick={onOpen}
        aria-current={active ? 'true' : undefined}
        tabIndex={tabIndex}
        data-conv-open
      >
        <span className="conv-title">{conversation.title || 'Untitled'}</span>
        {collectionName !== null && (
          <span
            className="conv-collection"
            title={`In ${collectionName}`}
            data-testid="conversation-collection"
          >
            {collectionName}
          </span>
        )}
        <span className="conv-time">{relativeTime(conversation.updatedAt)}</span>
        {conversation.snippet && <MatchSnippet text={conversation.snippet} />}
      </button>
      {mode === 'confirm' ? (
        <span className="confirm-inline">
          <button
            type="button"
            className="btn-small danger"
            onClick={onDelete}
            aria-label={`Confirm delete ${conversation.title}`}
          >
            Delete
          </button>
          <button type="button" className="btn-small" onClick={() => setMode('view')}>
            Keep
          </button>
        </span>
      ) : (
        <span className="conv-actions">
          <button
            type="button"
            className="btn-icon"
            aria-label={`Rename ${conversation.title}`}
            title="Rename"
            tabIndex={tabIndex}
            onClick={() => {
              setTitle(conversation.title)
              setMode('rename')
            }}
          >
            <Pencil size={14} aria-hidden="true" />
          </button>
          <button
            type="button"
            className="btn-icon"
            aria-label={`Export ${conversation.title} to Markdown`}
            title="Export to Markdown"
            tabIndex={tabIndex}
            onClick={onExport}
          >
            <Download size={14} aria-hidden="true" />
          </button>
          <button
            type="button"
            className="btn-icon"
            aria-label={`Delete ${conversation.title}`}
            title="Delete"
            tabIndex={tabIndex}
            onClick={() => setMode('confirm')}
          >
            <Trash2 size={14} aria-hidden="true" />
          </button>
        </span>
      )}
    </li>
  )
}
