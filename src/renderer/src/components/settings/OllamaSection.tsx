// Ollama host, connection status with the fix when it fails, and the model picker.
import { useEffect, useState } from 'react'
import { ollamaHostNote } from '@shared/ollama-host.js'
import { useSettings, useStores } from '@renderer/stores/app-stores.js'

export function OllamaSection() {
  const { settings } = useStores()
  const current = useSettings((s) => s.settings)
  const ollama = useSettings((s) => s.ollama)
  const checking = useSettings((s) => s.checking)
  const [host, setHost] = useState(current?.ollamaHost ?? '')
  /** What the last save did to the typed address ("has no scheme: using http://…"), or why it was refused. */
  const [hostNote, setHostNote] = useState<string | null>(null)
  const saveError = useSettings((s) => s.error)
  useEffect(() => setHost(current?.ollamaHost ?? ''), [current?.ollamaHost])
  const ready = ollama?.state === 'ready'
  const models = ollama?.models ?? []
  const selected = current?.model ?? ollama?.model ?? ''

  return (
    <section className="settings-section" aria-label="Language model">
      <h3>Language model (Ollama)</h3>
      <form
        className="field-row"
        onSubmit={(e) => {
          e.preventDefault()
          const typed = host.trim()
          void settings
            .getState()
            .save({ ollamaHost: typed })
            .then(() => {
              const st = settings.getState()
              if (st.error) return setHostNote(st.error)
              setHostNote(st.settings ? ollamaHostNote(typed, st.settings.ollamaHost) : null)
            })
        }}
      >
        <label htmlFor="ollama-host">Host</label>
        <input id="ollama-host" value={host} onChange={(e) => setHost(e.target.value)} spellCheck={false} />
        <button type="submit" className="btn-small" disabled={checking}>
          {host.trim() === current?.ollamaHost ? 'Check again' : 'Save'}
        </button>
      </form>
      {hostNote && (
        <p className={`small ${saveError ? 'inline-error' : 'muted'}`} role="status">
          {hostNote}
        </p>
      )}
      <div className={`status-box ${ready ? 'is-ok' : 'is-bad'}`} role="status">
        <strong>{checking ? 'Checking…' : (ollama?.message ?? 'Not checked yet')}</strong>
        {!ready && ollama?.fix && <code className="fix-line">{ollama.fix}</code>}
        {ollama?.version && <span className="muted small">Ollama {ollama.version}</span>}
      </div>
      <div className="field-row">
        <label htmlFor="ollama-model">Model</label>
        <select
          id="ollama-model"
          value={selected}
          disabled={models.length === 0}
          onChange={(e) => void settings.getState().save({ model: e.target.value || null })}
        >
          {models.length === 0 && <option value="">No models installed</option>}
          {selected && !models.includes(selected) && (
            <option value={selected}>{selected} (not installed)</option>
          )}
          {models.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      </div>
    </section>
  )
}
