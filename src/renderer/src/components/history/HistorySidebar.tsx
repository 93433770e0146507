// Conversations: new, search (Ctrl/Cmd+K), open, rename, delete, export.
import type { RefObject } from 'react'
import { downloadText } from '@renderer/lib/download.js'
import { useChat, useConversations, useStores } from '@renderer/stores/app-stores.js'
import { ConversationItem } from './ConversationItem.js'

export function HistorySidebar({
  searchRef,
  onNew,
}: {
  searchRef: RefObject<HTMLInputElement | null>
  onNew: () => void
}) {
  const { conversations, chat } = useStores()
  const items = useConversations((s) => s.items)
  const query = useConversations((s) => s.query)
  const error = useConversations((s) => s.error)
  const activeId = useChat((s) => s.conversationId)
  const busy = useChat((s) => s.streaming !== null)
  const actions = conversations.getState()

  return (
    <nav className="history" aria-label="Conversations">
      <header className="section-head">
        <h2>Conversations</h2>
        <button
          type="button"
          className="btn-small"
          onClick={onNew}
          disabled={busy}
          aria-label="New conversation"
          title="New conversation (Ctrl+N)"
        >
          + New
        </button>
      </header>
      <input
        ref={searchRef}
        type="search"
        className="search"
        placeholder="Search conversations  (Ctrl+K)"
        aria-label="Search conversations"
        value={query}
        onChange={(e) => void actions.setQuery(e.target.value)}
      />
      {error && (
        <p className="inline-error" role="alert">
          {error}
        </p>
      )}
      <ul className="conv-list">
        {items.map((c) => (
          <ConversationItem
            key={c.id}
            conversation={c}
            active={c.id === activeId}
            onOpen={() => void chat.getState().open(c.id)}
            onRename={(t) => void actions.rename(c.id, t)}
            onDelete={() => {
              void actions.remove(c.id).then(() => {
                if (chat.getState().conversationId === c.id) void chat.getState().open(null)
              })
            }}
            onExport={() =>
              void actions.exportMarkdown(c.id).then((res) => res && downloadText(res.fileName, res.markdown))
            }
          />
        ))}
      </ul>
      {items.length === 0 && (
        <p className="empty-hint">
          {query ? 'No conversations match.' : 'Your conversations will appear here.'}
        </p>
      )}
    </nav>
  )
}
