// The composition root of the renderer: every store built from one injected API object, and the
// event wiring between the transport and the stores. Nothing here runs at import time.
import { createContext, useContext } from 'react'
import { useStore, type StoreApi } from 'zustand'
import { call, type QuireApi } from '@renderer/transport/api-types.js'
import { createChatStore, type ChatState } from './chat-store.js'
import { createCollectionsStore, type CollectionsState } from './collections-store.js'
import { createConversationsStore, type ConversationsState } from './conversations-store.js'
import { createLibraryStore, type LibraryState } from './library-store.js'
import { createSettingsStore, type SettingsState } from './settings-store.js'
import { createUiStore, type UiState } from './ui-store.js'
import { createViewerStore, type ViewerState } from './viewer-store.js'

export interface AppStores {
  api: QuireApi
  library: StoreApi<LibraryState>
  collections: StoreApi<CollectionsState>
  chat: StoreApi<ChatState>
  conversations: StoreApi<ConversationsState>
  settings: StoreApi<SettingsState>
  viewer: StoreApi<ViewerState>
  ui: StoreApi<UiState>
}

const LAST_CONVERSATION_KEY = 'quire.lastConversationId'

export function createAppStores(
  api: QuireApi,
  storage: Pick<Storage, 'getItem' | 'setItem'> | null = null,
  initialWidth = typeof window === 'undefined' ? 1280 : window.innerWidth,
): AppStores {
  const settings = createSettingsStore(api)
  const collections = createCollectionsStore(api)
  // The open collection: imports go into it, a new conversation belongs to it, the history lists its own.
  const openCollection = () => collections.getState().current
  const conversations = createConversationsStore(api, { collectionId: openCollection })
  const chat = createChatStore(api, {
    collectionId: openCollection,
    onAnswer: (result) => settings.getState().noteAnswer(result),
    onHistoryChanged: () => void conversations.getState().load(),
    onConversationChanged(id) {
      storage?.setItem(LAST_CONVERSATION_KEY, String(id))
      void conversations.getState().load()
    },
  })
  collections.subscribe((s, prev) => {
    if (s.current !== prev.current) void showCollection(api, conversations, chat, s.current)
  })
  return {
    api,
    library: createLibraryStore(api, { collectionId: openCollection }),
    collections,
    chat,
    conversations,
    settings,
    viewer: createViewerStore(),
    ui: createUiStore(storage, initialWidth),
  }
}

/**
 * Another collection opened: the history lists its conversations, and the open conversation stays
 * only when it belongs there (All documents keeps any); otherwise the collection's latest
 * conversation opens, or a new one in it when it has none. An answer streaming in the conversation
 * left goes on and is saved there (chat-store.ts): coming back to its collection shows it.
 */
async function showCollection(
  api: QuireApi,
  conversations: StoreApi<ConversationsState>,
  chat: StoreApi<ChatState>,
  collectionId: number | null,
): Promise<void> {
  await conversations.getState().load()
  const open = chat.getState().conversationId
  if (collectionId === null) return
  // The list shown may be a search's hits: its members are asked for without the query.
  // (Unknown when that fails: the conversation stays open.)
  const members = conversations.getState().query.trim()
    ? await call(api, 'conversations.list', { collectionId }).catch(() => null)
    : conversations.getState().items
  if (!members || chat.getState().conversationId !== open) return
  if (open === null || !members.some((c) => c.id === open)) await chat.getState().open(members[0]?.id ?? null)
}

/** Subscribes the stores to the transport's events; returns the unsubscribe. */
export function connectEvents(stores: AppStores): () => void {
  const { api, library, chat, collections } = stores
  const offs = [
    api.on('library.progress', (e) => library.getState().onProgress(e)),
    api.on('library.importDone', (e) => {
      library.getState().onImportDone(e)
      void collections.getState().load()
    }),
    api.on('library.changed', () => {
      void library.getState().load()
      void collections.getState().load()
    }),
    api.on('chat.event', (e) => chat.getState().onChatEvent(e)),
  ]
  return () => offs.forEach((off) => off())
}

/** First load: settings, library, history, and the conversation that was open last time. */
export async function startApp(
  stores: AppStores,
  storage: Pick<Storage, 'getItem'> | null = null,
): Promise<void> {
  await Promise.all([
    stores.settings.getState().load(),
    stores.library.getState().load(),
    stores.collections.getState().load(),
    stores.library.getState().refreshStatus(),
    stores.conversations.getState().load(),
  ])
  const last = Number(storage?.getItem(LAST_CONVERSATION_KEY))
  const items = stores.conversations.getState().items
  // The conversation open when the app closed, else the most recent one.
  const restore = items.find((c) => c.id === last) ?? items[0] ?? null
  if (restore) await stores.chat.getState().open(restore.id)
}

export const StoresContext = createContext<AppStores | null>(null)

export function useStores(): AppStores {
  const stores = useContext(StoresContext)
  if (!stores) throw new Error('useStores must be used inside <StoresContext.Provider>')
  return stores
}

export function useLibrary<T>(selector: (s: LibraryState) => T): T {
  return useStore(useStores().library, selector)
}
export function useCollections<T>(selector: (s: CollectionsState) => T): T {
  return useStore(useStores().collections, selector)
}
export function useChat<T>(selector: (s: ChatState) => T): T {
  return useStore(useStores().chat, selector)
}
export function useConversations<T>(selector: (s: ConversationsState) => T): T {
  return useStore(useStores().conversations, selector)
}
export function useSettings<T>(selector: (s: SettingsState) => T): T {
  return useStore(useStores().settings, selector)
}
export function useUi<T>(selector: (s: UiState) => T): T {
  return useStore(useStores().ui, selector)
}
export function useViewer<T>(selector: (s: ViewerState) => T): T {
  return useStore(useStores().viewer, selector)
}
