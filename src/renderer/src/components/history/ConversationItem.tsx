// One conversation in the sidebar: open, rename inline, export to Markdown, delete with a confirm.
import { useState } from 'react'
import type { Conversation } from '@shared/chat-types.js'
import { relativeTime } from '@renderer/lib/format.js'

export interface ConversationItemProps {
  conversation: Conversation
  active: boolean
  onOpen: () => void
  onRename: (title: string) => void
  onDelete: () => void
  onExport: () => void
}

export function ConversationItem({
  conversation,
  active,
  onOpen,
  onRename,
  onDelete,
  onExport,
}: ConversationItemProps) {
  const [mode, setMode] = useState<'view' | 'rename' | 'confirm'>('view')
  const [title, setTitle] = useState(conversation.title)

  if (mode === 'rename') {
    return (
      <li className="conv-item is-editing">
        <form
          onSubmit={(e) => {
            e.preventDefault()
            onRename(title)
            setMode('view')
          }}
        >
          <input
            autoFocus
            value={title}
            aria-label="Conversation title"
            onChange={(e) => setTitle(e.target.value)}
            onBlur={() => setMode('view')}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                // Esc here cancels the rename and must not reach the window's Esc handler.
                e.preventDefault()
                e.stopPropagation()
                setTitle(conversation.title)
                setMode('view')
              }
            }}
          />
        </form>
      </li>
    )
  }

  return (
    <li className={`conv-item ${active ? 'is-active' : ''}`}>
      <button type="button" className="conv-open" onClick={onOpen} aria-current={active ? 'true' : undefined}>
        <span className="conv-title">{conversation.title || 'Untitled'}</span>
        <span className="conv-time">{relativeTime(conversation.updatedAt)}</span>
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
            onClick={() => {
              setTitle(conversation.title)
              setMode('rename')
            }}
          >
            ✎
          </button>
          <button
            type="button"
            className="btn-icon"
            aria-label={`Export ${conversation.title} to Markdown`}
            title="Export to Markdown"
            onClick={onExport}
          >
            ⤓
          </button>
          <button
            type="button"
            className="btn-icon"
            aria-label={`Delete ${conversation.title}`}
            title="Delete"
            onClick={() => setMode('confirm')}
          >
            🗑
          </button>
        </span>
      )}
    </li>
  )
}
