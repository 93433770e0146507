// The viewer (PDF pages, or the reader view of a document without pages): which document and
// page (section) are open, zoom, the highlighted passage, find.
import { createStore, type StoreApi } from 'zustand/vanilla'

export interface ViewerTarget {
  documentId: number
  title: string
  page: number
  /** Passage text to highlight on the page (a citation), if any. */
  passage: string | null
  /** Pages the passage spans, so it is highlighted on each of them. */
  passagePages: number[]
  /** Sentences of the passage that carry the claim: marked strongly, the rest of the passage faintly. */
  focus?: string[]
  citationN: number | null
  /** The document's file name, which says its format when the library list does not (yet). */
  file?: string
  /** The cited chunk: the reader view asks where it lies in the stored text. */
  chunkId?: number
  /** The cited document left the library: the stored passage is shown instead of the PDF. */
  removed?: { file: string; at: string | null }
}

export interface ViewerState {
  target: ViewerTarget | null
  /** Counts openAt calls: opening the same citation again is a new opening (back to its passage). */
  opened: number
  pageCount: number
  zoom: number
  findTerm: string
  openAt(target: ViewerTarget): void
  close(): void
  setPage(page: number): void
  setPageCount(n: number): void
  zoomBy(factor: number): void
  resetZoom(): void
  setFindTerm(term: string): void
}

export const MIN_ZOOM = 0.5
export const MAX_ZOOM = 3

export function createViewerStore(): StoreApi<ViewerState> {
  return createStore<ViewerState>((set, get) => ({
    target: null,
    opened: 0,
    pageCount: 0,
    zoom: 1,
    findTerm: '',
    openAt(target) {
      const same = get().target?.documentId === target.documentId
      set((s) => ({ target, opened: s.opened + 1, findTerm: '', ...(same ? {} : { pageCount: 0 }) }))
    },
    close() {
      set({ target: null, findTerm: '' })
    },
    setPage(page) {
      const t = get().target
      const count = get().pageCount
      if (!t) return
      const clamped = Math.max(1, count > 0 ? Math.min(count, page) : page)
      set({ target: { ...t, page: clamped } })
    },
    setPageCount(n) {
      set({ pageCount: n })
    },
    zoomBy(factor) {
      set((s) => ({ zoom: Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Math.round(s.zoom * factor * 100) / 100)) }))
    },
    resetZoom() {
      set({ zoom: 1 })
    },
    setFindTerm(term) {
      set({ findTerm: term })
    },
  }))
}
