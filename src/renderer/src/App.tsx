// The window layout: history and library on the left, the conversation in the middle, the PDF
// viewer on the right when a citation or document is opened. Wires shortcuts and drag-and-drop.
import { useMemo, useRef, useState } from 'react'
import { ChatView } from './components/chat/ChatView.js'
import { DropOverlay } from './components/common/DropOverlay.js'
import { StatusPill } from './components/common/StatusPill.js'
import { HistorySidebar } from './components/history/HistorySidebar.js'
import { LibraryPanel } from './components/library/LibraryPanel.js'
import { SettingsDialog } from './components/settings/SettingsDialog.js'
import { PdfViewer } from './components/viewer/PdfViewer.js'
import { useFileDrop } from './hooks/useFileDrop.js'
import { useShortcuts } from './hooks/useShortcuts.js'
import { useSettings, useStores, useViewer } from './stores/app-stores.js'

export function App() {
  const stores = useStores()
  const { api, chat, library, viewer } = stores
  const [settingsOpen, setSettingsOpen] = useState(false)
  const viewerOpen = useViewer((s) => s.target !== null)
  const desktop = useSettings((s) => s.info?.shell === 'desktop')
  const searchRef = useRef<HTMLInputElement>(null)
  const composerRef = useRef<HTMLTextAreaElement>(null)

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
      [chat, viewer, newConversation],
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
    <div className={`app ${viewerOpen ? 'with-viewer' : ''}`}>
      <header className="topbar">
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
          ⚙
        </button>
      </header>
      <aside className="sidebar">
        <HistorySidebar searchRef={searchRef} onNew={newConversation} />
        <LibraryPanel />
      </aside>
      <ChatView composerRef={composerRef} />
      {viewerOpen && <PdfViewer />}
      {dragging && <DropOverlay />}
      {settingsOpen && <SettingsDialog onClose={() => setSettingsOpen(false)} />}
    </div>
  )
}
