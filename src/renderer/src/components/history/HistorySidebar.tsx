// Conversations: new, search (Ctrl/Cmd+K), open, rename, delete, export. Under an open collection,
// its conversations only, with a way back to every one (All documents); docs/collections.md.
import { Plus } from 'lucide-react'
import { useRef, useState, type KeyboardEvent, type RefObject } from 'react'
import { downloadText } from '@renderer/lib/download.js'
import { rovingTarget } from '@renderer/lib/roving-focus.js'
import { useChat, useCollections, useConversations, useStores } from '@renderer/stores/app-stores.js'
import { ConversationItem } from './ConversationItem.js'
import { InlineError } from '../common/InlineError.js'

export function HistorySidebar({
  searchRef,
  onNew,
}: {
  searchRef: RefObject<HTMLInputElement | null>
  onNew: () => void
}) {
  const { conversations, chat, collections } = useStores()
  // The open collection's name; null under All documents (every conversation is listed).
  const collectionName = useCollections((s) =>
    s.current === null ? null : (s.items.find((c) => c.id === s.current)?.name ?? null),
  )
  // Under All documents each conversation is tagged with its collection's name.
  const collectionItems = useCollections((s) => s.items)
  const tagOf = (c: { collectionId?: number | null }): string | null =>
    collectionName !== null || c.collectionId == null
      ? null
      : (collectionItems.find((k) => k.id === c.collectionId)?.name ?? null)
  const items = useConversations((s) => s.items)
  const query = useConversations((s) => s.query)
  const error = useConversations((s) => s.error)
  const activeId = useChat((s) => s.conversationId)
  const actions = conversations.getState()
  const list = useRef<HTMLUListElement>(null)
  const [focusId, setFocusId] = useState<number | null>(null)
  // The one conversation in the Tab order: the last one focused, else the open one, else the first.
  const rovingId = items.some((c) => c.id === focusId)
    ? focusId
    : items.some((c) => c.id === activeId)
      ? activeId
      : (items[0]?.id ?? null)

  function navigate(e: KeyboardEvent, index: number): void {
    if ((e.target as HTMLElement).tagName === 'INPUT') return
    const to = rovingTarget(e.key, index, items.length)
    if (to === null) return
    e.preventDefault()
    setFocusId(items[to]!.id)
    list.current?.querySelectorAll<HTMLButtonElement>('[data-conv-open]')[to]?.focus()
  }

  return (
    <nav className="history" aria-label="Conversations">
      <header className="section-head">
        <h2>Conversations</h2>
        <button
          type="button"
          className="btn-small"
          // Also while an answer streams: it goes on, and is saved, in its own conversation.
          onClick={onNew}
          aria-label="New conversation"
          title="New conversation (Ctrl+N)"
        >
          <Plus size={14} aria-hidden="true" /> New
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
      {collectionName !== null && (
        <p className="history-scope">
          <span>
            In <strong>{collectionName}</strong>
          </span>
          <button
            type="button"
            className="btn-small"
            onClick={() => void collections.getState().select(null)}
            title="Opens All documents: every conversation, of every collection"
          >
            Show all
          </button>
        </p>
      )}
      <InlineError error={error} />
      <ul className="conv-list" ref={list}>
        {items.map((c, i) => (
          <ConversationItem
            key={c.id}
            conversation={c}
            collectionName={tagOf(c)}
            active={c.id === activeId}
            tabbable={c.id === rovingId}
            onKeyNav={(e) => navigate(e, i)}
            onFocusItem={() => setFocusId(c.id)}
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
          {query
            ? 'No conversations match.'
            : collectionName !== null
              ? `No conversations in ${collectionName} yet: a question asked now starts one there.`
              : 'Your conversations will appear here.'}
        </p>
      )}
    </nav>
  )
}
