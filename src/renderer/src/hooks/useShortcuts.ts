// Window-wide shortcuts: Ctrl/Cmd+K focuses search, Ctrl/Cmd+N starts a new conversation,
// Ctrl/Cmd+B shows or hides the sidebar, Esc stops
// an answer that is streaming (or closes the topmost panel).
import { useEffect } from 'react'

export interface ShortcutHandlers {
  focusSearch(): void
  newConversation(): void
  toggleSidebar(): void
  /** Returns true when it handled Esc, so lower-priority Esc handlers are skipped. */
  escape(): boolean
}

export function useShortcuts(handlers: ShortcutHandlers): void {
  useEffect(() => {
    function onKey(e: KeyboardEvent): void {
      const mod = e.ctrlKey || e.metaKey
      const key = e.key.toLowerCase()
      if (mod && !e.shiftKey && !e.altKey && key === 'k') {
        e.preventDefault()
        handlers.focusSearch()
      } else if (mod && !e.shiftKey && !e.altKey && key === 'n') {
        e.preventDefault()
        handlers.newConversation()
      } else if (mod && !e.shiftKey && !e.altKey && key === 'b') {
        e.preventDefault()
        handlers.toggleSidebar()
      } else if (e.key === 'Escape' && !e.defaultPrevented) {
        if (handlers.escape()) e.preventDefault()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [handlers])
}
