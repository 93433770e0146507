// Settings as a modal panel: focus moves in on open and back out on close; Esc closes it.
import { useEffect, useRef } from 'react'
import { useSettings } from '@renderer/stores/app-stores.js'
import { EmbeddingSection } from './EmbeddingSection.js'
import { OllamaSection } from './OllamaSection.js'

export function SettingsDialog({ onClose }: { onClose: () => void }) {
  const panel = useRef<HTMLDivElement>(null)
  const version = useSettings((s) => s.info?.version)
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null
    panel.current?.focus()
    return () => before?.focus()
  }, [])
  return (
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={panel}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby="settings-title"
        tabIndex={-1}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation()
            onClose()
          }
        }}
      >
        <header className="modal-head">
          <h2 id="settings-title">Settings</h2>
          <button type="button" className="btn-icon" aria-label="Close settings" onClick={onClose}>
            ×
          </button>
        </header>
        <OllamaSection />
        <EmbeddingSection />
        {version && <p className="muted small">Quire {version}</p>}
      </div>
    </div>
  )
}
