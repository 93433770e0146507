// Retrieval settings people may change: how many passages an answer may use, and how strict
// "not found" is. Each says in one sentence what it changes and gives the evaluated default.
import { useEffect, useState } from 'react'
import { RETRIEVAL_HELP, RETRIEVAL_LIMITS } from '@shared/retrieval-settings.js'
import { useSettings, useStores } from '@renderer/stores/app-stores.js'

type Key = 'answerPassages' | 'minCoverage'

function NumberSetting({ id, label, name, step }: { id: string; label: string; name: Key; step: number }) {
  const { settings } = useStores()
  const value = useSettings((s) => s.settings?.[name])
  const fallback = useSettings((s) => s.info?.retrievalDefaults?.[name])
  const [typed, setTyped] = useState(value === undefined ? '' : String(value))
  useEffect(() => setTyped(value === undefined ? '' : String(value)), [value])
  const { min, max } = RETRIEVAL_LIMITS[name]
  const save = (raw: string) => {
    const n = Number(raw)
    // An out-of-range or empty entry is put back rather than saved: the contract would refuse it.
    if (raw.trim() === '' || !Number.isFinite(n) || n < min || n > max || n === value) {
      return setTyped(value === undefined ? '' : String(value))
    }
    void settings.getState().save({ [name]: name === 'answerPassages' ? Math.round(n) : n })
  }
  return (
    <div className="setting-block">
      <div className="field-row">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          type="number"
          className="number-field"
          min={min}
          max={max}
          step={step}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onBlur={(e) => save(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && save(e.currentTarget.value)}
        />
        {fallback !== undefined && value !== fallback && (
          <button type="button" className="btn-small" onClick={() => save(String(fallback))}>
            Use default
          </button>
        )}
      </div>
      <p className="muted small">
        {RETRIEVAL_HELP[name]}
        {fallback !== undefined && ` Evaluated default: ${fallback}.`}
      </p>
    </div>
  )
}

/** Summaries built while the machine is idle (docs/summaries.md): off by default. */
function IdleSummariesSetting() {
  const { settings } = useStores()
  const on = useSettings((s) => s.settings?.summarizeWhenIdle ?? false)
  return (
    <div className="setting-block">
      <label className="field-row">
        <input
          type="checkbox"
          checked={on}
          onChange={(e) => void settings.getState().save({ summarizeWhenIdle: e.target.checked })}
        />
        Build document summaries while the computer is idle
      </label>
      <p className="muted small">
        Summarises documents section by section with your model when no question or import is running, so
        Summarize and broad questions answer at once. Stops whenever you ask something.
      </p>
    </div>
  )
}

export function AnswersSection() {
  return (
    <section className="settings-section" aria-label="Answers">
      <h3>Answers</h3>
      <NumberSetting id="answer-passages" label="Passages per answer" name="answerPassages" step={1} />
      <NumberSetting id="min-coverage" label="“Not found” threshold" name="minCoverage" step={0.05} />
      <IdleSummariesSetting />
    </section>
  )
}
