// A compact Ollama connection indicator in the top bar; opens settings where the fix is.
import { useSettings } from '../../stores/app-stores.js'

export function StatusPill({ onClick }: { onClick: () => void }) {
  const ollama = useSettings((s) => s.ollama)
  const checking = useSettings((s) => s.checking)
  const state = ollama?.state
  const tone = state === 'ready' ? 'ok' : state ? 'bad' : 'idle'
  const text =
    checking && !ollama
      ? 'Checking Ollama…'
      : state === 'ready'
        ? (ollama?.model ?? 'Ready')
        : state === 'model-missing'
          ? 'No model'
          : state === 'not-running'
            ? 'Ollama not running'
            : state === 'error'
              ? 'Ollama error'
              : 'Ollama'
  return (
    <button
      type="button"
      className={`status-pill tone-${tone}`}
      onClick={onClick}
      aria-label={`Language model status: ${ollama?.message ?? text}. Open settings`}
      title={ollama?.message ?? text}
    >
      <span className="dot" aria-hidden="true" />
      {text}
    </button>
  )
}
