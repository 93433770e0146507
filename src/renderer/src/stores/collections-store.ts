// Collections: named sets of documents (docs/collections.md). One of them, or "All documents"
// (null), is open: the document list shows its documents, imports go into it and a new
// conversation belongs to it.
import { createStore, type StoreApi } from 'zustand/vanilla'
import type { Collection } from '@shared/search-scope.js'
import { call, type QuireApi } from '@renderer/transport/api-types.js'

export interface CollectionsState {
  items: Collection[]
  /** The open collection; null: All documents. */
  current: number | null
  /** The open collection's documents (empty for All documents). */
  memberIds: number[]
  error: string | null
  load(): Promise<void>
  select(id: number | null): Promise<void>
  create(name: string): Promise<boolean>
  rename(id: number, name: string): Promise<boolean>
  remove(id: number): Promise<void>
  addDocuments(id: number, documentIds: number[]): Promise<void>
  removeDocuments(id: number, documentIds: number[]): Promise<void>
}

export function createCollectionsStore(api: QuireApi): StoreApi<CollectionsState> {
  return createStore<CollectionsState>((set, get) => {
    /** Runs a call; its failure is said in the panel (the message says what to do). */
    async function attempt(fn: () => Promise<void>): Promise<boolean> {
      try {
        set({ error: null })
        await fn()
        return true
      } catch (err) {
        set({ error: (err as Error).message })
        return false
      }
    }
    async function members(id: number | null): Promise<number[]> {
      return id === null ? [] : await call(api, 'collections.documentIds', { id })
    }
    return {
      items: [],
      current: null,
      memberIds: [],
      error: null,
      async load() {
        await attempt(async () => {
          const items = await call(api, 'collections.list', {})
          // The open collection was deleted elsewhere: back to All documents.
          const current = items.some((c) => c.id === get().current) ? get().current : null
          set({ items, current, memberIds: await members(current) })
        })
      },
      async select(id) {
        await attempt(async () => set({ current: id, memberIds: await members(id) }))
      },
      async create(name) {
        return attempt(async () => {
          const made = await call(api, 'collections.create', { name })
          await get().load()
          await get().select(made.id)
        })
      },
      async rename(id, name) {
        return attempt(async () => {
          await call(api, 'collections.rename', { id, name })
          await get().load()
        })
      },
      async remove(id) {
        await attempt(async () => {
          await call(api, 'collections.delete', { id })
          if (get().current === id) set({ current: null, memberIds: [] })
          await get().load()
        })
      },
      async addDocuments(id, documentIds) {
        await attempt(async () => {
          await call(api, 'collections.addDocuments', { id, documentIds })
          await get().load()
        })
      },
      async removeDocuments(id, documentIds) {
        await attempt(async () => {
          await call(api, 'collections.removeDocuments', { id, documentIds })
          await get().load()
        })
      },
    }
  })
}
