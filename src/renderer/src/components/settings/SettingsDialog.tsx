// Settings as a modal panel: focus moves in on open and back out on close; Esc closes it from
// anywhere — also after Save, when the pressed button is disabled and focus has left the panel.
import { X } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { useSettings } from '@renderer/stores/app-stores.js'
import { AnswersSection } from './AnswersSection.js'
import { AppearanceSection } from './AppearanceSection.js'
import { EmbeddingSection } from './EmbeddingSection.js'
import { LibrarySection } from './LibrarySection.js'
import { OcrSection } from './OcrSection.js'
import { OllamaSection } from './OllamaSection.js'

export function SettingsDialog({ onClose }: { onClose: () => void }) {
  const panel = useRef<HTMLDivElement>(null)
  const version = useSettings((s) => s.info?.version)
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null
    panel.current?.focus()
    return () => before?.focus()
  }, [])
  useEffect(() => {
    function onKey(e: KeyboardEvent): void {
      if (e.key !== 'Escape') return
      // Capture phase: the dialog is topmost, so the window's own Esc handling must not run.
      e.preventDefault()
      e.stopPropagation()
      onClose()
    }
    window.addEventListener('keydown', onKey, true)
    return () => window.removeEventListener('keydown', onKey, true)
  }, [onClose])
  return (
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={panel}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby="settings-title"
        tabIndex={-1}
      >
        <header className="modal-head">
          <h2 id="settings-title">Settings</h2>
          <button type="button" className="btn-icon" aria-label="Close settings" onClick={onClose}>
            <X size={18} aria-hidden="true" />
          </button>
        </header>
        <OllamaSection />
        <AnswersSection />
        <AppearanceSection />
        <EmbeddingSection />
        <LibrarySection />
        <OcrSection />
        {version && <p className="muted small">Quire {version}</p>}
      </div>
    </div>
  )
}
