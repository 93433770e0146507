// The history sidebar: conversations, search, rename, delete and export. Under an open collection
// only its conversations are listed (docs/collections.md); under All documents, every one.
import { createStore, type StoreApi } from 'zustand/vanilla'
import type { Conversation } from '@shared/chat-types.js'
import { call, type QuireApi } from '../transport/api-types.js'

export interface ConversationsState {
  items: Conversation[]
  query: string
  loaded: boolean
  error: string | null
  load(): Promise<void>
  setQuery(query: string): Promise<void>
  rename(id: number, title: string): Promise<void>
  remove(id: number): Promise<void>
  exportMarkdown(id: number): Promise<{ markdown: string; fileName: string } | null>
}

export interface ConversationsStoreDeps {
  /** The open collection, whose conversations are listed (null: All documents, every conversation). */
  collectionId?: () => number | null
}

export function createConversationsStore(
  api: QuireApi,
  deps: ConversationsStoreDeps = {},
): StoreApi<ConversationsState> {
  return createStore<ConversationsState>((set, get) => ({
    items: [],
    query: '',
    loaded: false,
    error: null,

    async load() {
      const query = get().query.trim()
      const collectionId = deps.collectionId?.() ?? null
      try {
        const items = await call(api, 'conversations.list', {
          ...(query ? { query } : {}),
          ...(collectionId !== null ? { collectionId } : {}),
        })
        // A slower reply for an older query or another collection must not overwrite a newer one.
        if (get().query.trim() === query && (deps.collectionId?.() ?? null) === collectionId)
          set({ items, loaded: true, error: null })
      } catch (err) {
        set({ error: (err as Error).message, loaded: true })
      }
    },

    async setQuery(query) {
      set({ query })
      await get().load()
    },

    async rename(id, title) {
      const t = title.trim()
      if (!t) return
      try {
        const updated = await call(api, 'conversations.rename', { id, title: t })
        set((s) => ({ items: s.items.map((c) => (c.id === id ? updated : c)) }))
      } catch (err) {
        set({ error: (err as Error).message })
      }
    },

    async remove(id) {
      try {
        await call(api, 'conversations.delete', { id })
        set((s) => ({ items: s.items.filter((c) => c.id !== id) }))
      } catch (err) {
        set({ error: (err as Error).message })
      }
    },

    async exportMarkdown(id) {
      try {
        return await call(api, 'conversations.export', { id })
      } catch (err) {
        set({ error: (err as Error).message })
        return null
      }
    },
  }))
}
