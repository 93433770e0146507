// Window preferences that belong to this computer, not the library: the theme, whether the sidebar
// is open, and whether the person has finished onboarding. Kept in localStorage.
import { createStore, type StoreApi } from 'zustand/vanilla'

export type ThemeChoice = 'system' | 'light' | 'dark'

export interface UiState {
  theme: ThemeChoice
  sidebarOpen: boolean
  /** The window became too narrow for the sidebar and hid it: widening brings it back. */
  hiddenByWidth: boolean
  /** Set once every first-run step was done: the checklist never comes back after that. */
  onboarded: boolean
  setTheme(theme: ThemeChoice): void
  toggleSidebar(open?: boolean): void
  /** The window narrowed below the floating-sidebar width (true) or widened past it (false). */
  onNarrowChange(narrow: boolean): void
  markOnboarded(): void
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>

const KEYS = { theme: 'quire.theme', sidebar: 'quire.sidebarOpen', onboarded: 'quire.onboarded' }

/** Applies a theme to the page: light or dark palette, or the OS's when "system". */
export function applyTheme(theme: ThemeChoice, root: HTMLElement = document.documentElement): void {
  if (theme === 'system') root.removeAttribute('data-theme')
  else root.setAttribute('data-theme', theme)
}

export function createUiStore(storage: Storage | null, initialWidth = 1280): StoreApi<UiState> {
  const read = (k: string) => {
    try {
      return storage?.getItem(k) ?? null
    } catch {
      return null
    }
  }
  const write = (k: string, v: string) => {
    try {
      storage?.setItem(k, v)
    } catch {
      // Private windows may refuse storage: the choice then lasts for this session only.
    }
  }
  const stored = read(KEYS.theme)
  const theme: ThemeChoice = stored === 'light' || stored === 'dark' ? stored : 'system'
  const sidebar = read(KEYS.sidebar)
  return createStore<UiState>((set) => ({
    theme,
    // Narrow windows start with the conversation, not the sidebar, unless the person chose.
    sidebarOpen: sidebar === null ? initialWidth >= 900 : sidebar === 'true',
    hiddenByWidth: false,
    onboarded: read(KEYS.onboarded) === 'true',
    setTheme(next) {
      write(KEYS.theme, next)
      set({ theme: next })
    },
    toggleSidebar(open) {
      set((s) => {
        const next = open ?? !s.sidebarOpen
        write(KEYS.sidebar, String(next))
        return { sidebarOpen: next, hiddenByWidth: false }
      })
    },
    onNarrowChange(narrow) {
      // Hidden by the width, not by the person: not remembered, and undone when the room returns.
      set((s) =>
        narrow
          ? s.sidebarOpen
            ? { sidebarOpen: false, hiddenByWidth: true }
            : {}
          : s.hiddenByWidth
            ? { sidebarOpen: true, hiddenByWidth: false }
            : {},
      )
    },
    markOnboarded() {
      write(KEYS.onboarded, 'true')
      set({ onboarded: true })
    },
  }))
}
