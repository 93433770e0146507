// Settings › Search › Query help: before searching, the local model writes other wordings of the
// question, or a short passage that would answer it, and search looks for those too. Off by
// default; within a time budget, and each answer shows what was searched for.
import type { QueryHelpMode } from '@shared/chat-types.js'
import { useSettings, useStores } from '@renderer/stores/app-stores.js'

const CHOICES: { value: QueryHelpMode; label: string }[] = [
  { value: 'off', label: 'Off' },
  { value: 'expand', label: 'Other wordings of the question' },
  { value: 'hyde', label: 'A hypothetical answer passage' },
]

export function QueryHelpSection() {
  const { settings } = useStores()
  const mode = useSettings((s) => s.settings?.queryHelp ?? 'off')
  return (
    <div aria-label="Query help">
      <h4>Query help</h4>
      <div className="field-row">
        <label htmlFor="query-help">The model helps search</label>
        <select
          id="query-help"
          value={mode}
          onChange={(e) => void settings.getState().save({ queryHelp: e.target.value as QueryHelpMode })}
        >
          {CHOICES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
      <p className="muted small">
        Before each search the language model writes what to look for besides your question; each answer shows
        it (“Also searched for: …”). Adds up to 1.5 s per question and is skipped when the model is slower.
        Whether an answer is declined still depends on your question alone.
      </p>
    </div>
  )
}
