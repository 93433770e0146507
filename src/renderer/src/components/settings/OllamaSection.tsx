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
  // "No models installed" only when Ollama answered with an empty list; unreachable is said as such.
  const listed = ollama?.state === 'ready' || ollama?.state === 'model-missing'
  const emptyChoice = !ollama
    ? 'Not checked yet'
    : ollama.state === 'not-running'
      ? 'Ollama cannot be reached'
      : listed
        ? 'No models installed'
        : 'Ollama did not list its models'
  // Without a list from Ollama, whether the chosen model is installed is unknown: not said.
  const selected = listed ? (current?.model ?? ollama?.model ?? '') : ''
  // The ready message already names the version ("Ollama 0.5.7 is ready…"): print it once.
  const versionLine =
    ollama?.version && !ollama.message.includes(ollama.version) ? `Ollama ${ollama.version}` : null

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
        {!ready && ollama?.fix && <span className="fix-line">{ollama.fix}</span>}
        {versionLine && <span className="muted small">{versionLine}</span>}
      </div>
      <div className="field-row">
        <label htmlFor="ollama-model">Model</label>
        <select
          id="ollama-model"
          value={selected}
          disabled={models.length === 0}
          onChange={(e) => void settings.getState().save({ model: e.target.value || null })}
        >
          {models.length === 0 && <option value="">{emptyChoice}</option>}
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
