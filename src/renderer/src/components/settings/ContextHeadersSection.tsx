// Settings › Search › Contextual chunk headers: after each import the language model writes a
// one-line context for each new passage (its document and section), which search then also
// matches. Off by default: one model call per passage makes imports slower (docs/query-help.md).
import { useSettings, useStores } from '@renderer/stores/app-stores.js'

export function ContextHeadersSection() {
  const { settings } = useStores()
  const on = useSettings((s) => s.settings?.contextHeaders ?? false)
  return (
    <div aria-label="Contextual chunk headers">
      <h4>Contextual chunk headers</h4>
      <label className="field-row">
        <input
          type="checkbox"
          checked={on}
          onChange={(e) => void settings.getState().save({ contextHeaders: e.target.checked })}
        />
        After each import, the model writes a one-line context for each passage
      </label>
      <p className="muted small">
        Search then also finds a passage by its document and section. One model call per passage: a large
        import takes much longer. An interrupted run goes on at the next import.
      </p>
    </div>
  )
}
