// The window layout: history and library on the left (collapsible, Ctrl/Cmd+B), the conversation
// in the middle, the viewer (PDF pages or the reader view) on the right when a citation or
// document is opened — a column on wide windows, a sheet over the conversation on narrow ones
// (styles/responsive.css). Wires shortcuts, drag-and-drop and the theme.
import { PanelLeft, Settings } from 'lucide-react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { ChatView } from './components/chat/ChatView.js'
import { DropOverlay } from './components/common/DropOverlay.js'
import { StatusPill } from './components/common/StatusPill.js'
import { HistorySidebar } from './components/history/HistorySidebar.js'
import { LibraryPanel } from './components/library/LibraryPanel.js'
import { SettingsDialog } from './components/settings/SettingsDialog.js'
import { Viewer } from './components/viewer/Viewer.js'
import { useFileDrop } from './hooks/useFileDrop.js'
import { useShortcuts } from './hooks/useShortcuts.js'
import { useSettings, useStores, useUi, useViewer } from './stores/app-stores.js'
import { applyTheme } from './stores/ui-store.js'

/** Must match the floating-sidebar breakpoint in styles/window.css. */
const NARROW_QUERY = '(max-width: 899px)'

export function App() {
  const stores = useStores()
  const { api, chat, library, viewer, ui } = stores
  const [settingsOpen, setSettingsOpen] = useState(false)
  const sidebarOpen = useUi((s) => s.sidebarOpen)
  const theme = useUi((s) => s.theme)
  const viewerOpen = useViewer((s) => s.target !== null)
  const desktop = useSettings((s) => s.info?.shell === 'desktop')
  const searchRef = useRef<HTMLInputElement>(null)
  const composerRef = useRef<HTMLTextAreaElement>(null)

  useEffect(() => applyTheme(theme), [theme])
  // Narrowing the window below the floating-sidebar width hides the sidebar, so the conversation is
  // what stays in view; it can be brought back over the conversation with Ctrl/Cmd+B. Widening
  // the window again brings back a sidebar the width hid.
  useEffect(() => {
    const narrow = window.matchMedia?.(NARROW_QUERY)
    if (!narrow) return
    const onChange = (e: MediaQueryListEvent) => ui.getState().onNarrowChange(e.matches)
    narrow.addEventListener('change', onChange)
    return () => narrow.removeEventListener('change', onChange)
  }, [ui])
  // The question box has focus when the window opens: typing a question is the first thing to do.
  useEffect(() => composerRef.current?.focus(), [])

  const newConversation = useMemo(
    () => () => {
      void chat
        .getState()
        .open(null)
        .then(() => composerRef.current?.focus())
    },
    [chat],
  )

  useShortcuts(
    useMemo(
      () => ({
        focusSearch: () => searchRef.current?.focus(),
        newConversation,
        toggleSidebar: () => ui.getState().toggleSidebar(),
        escape: () => {
          if (chat.getState().streaming) {
            void chat.getState().stop()
            return true
          }
          if (viewer.getState().target) {
            viewer.getState().close()
            return true
          }
          return false
        },
      }),
      [chat, viewer, ui, newConversation],
    ),
  )

  const dragging = useFileDrop(
    useMemo(
      () => ({
        onFiles: (files: File[]) => void library.getState().uploadFiles(files),
        // Desktop: the preload turns dropped Files into paths; the main process reads them.
        ...(desktop && api.pathForFile
          ? {
              pathForFile: api.pathForFile,
              onPaths: (paths: string[]) => void library.getState().importPaths(paths),
            }
          : {}),
      }),
      [api, library, desktop],
    ),
  )

  return (
    <div className={`app ${viewerOpen ? 'with-viewer' : ''} ${sidebarOpen ? '' : 'sidebar-closed'}`}>
      <header className="topbar">
        <button
          type="button"
          className="btn-icon"
          aria-label={sidebarOpen ? 'Hide sidebar' : 'Show sidebar'}
          aria-expanded={sidebarOpen}
          aria-controls="sidebar"
          title={`${sidebarOpen ? 'Hide' : 'Show'} sidebar (Ctrl+B)`}
          onClick={() => ui.getState().toggleSidebar()}
        >
          <PanelLeft size={18} aria-hidden="true" />
        </button>
        <span className="brand">Quire</span>
        <span className="topbar-spacer" />
        <StatusPill onClick={() => setSettingsOpen(true)} />
        <button
          type="button"
          className="btn-icon"
          aria-label="Open settings"
          title="Settings"
          onClick={() => setSettingsOpen(true)}
        >
          <Settings size={18} aria-hidden="true" />
        </button>
      </header>
      {sidebarOpen && (
        // Only shown (by CSS) when the sidebar floats over the conversation: a click beside it closes it.
        <div
          className="sidebar-scrim"
          aria-hidden="true"
          onClick={() => ui.getState().toggleSidebar(false)}
        />
      )}
      <aside className="sidebar" id="sidebar" hidden={!sidebarOpen}>
        <HistorySidebar searchRef={searchRef} onNew={newConversation} />
        <LibraryPanel onOpenSettings={() => setSettingsOpen(true)} />
      </aside>
      <ChatView composerRef={composerRef} />
      {viewerOpen && <Viewer />}
      {dragging && <DropOverlay />}
      {settingsOpen && <SettingsDialog onClose={() => setSettingsOpen(false)} />}
    </div>
  )
}
