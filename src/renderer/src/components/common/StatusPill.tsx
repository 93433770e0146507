// A compact Ollama connection indicator in the top bar; opens settings where the fix is. It follows
// every answer's outcome (see settings-store noteAnswer) and a light periodic check.
import type { OllamaStatus } from '@shared/chat-types.js'
import { useOllamaHeartbeat } from '@renderer/hooks/useOllamaHeartbeat.js'
import { useSettings, useStores } from '@renderer/stores/app-stores.js'

/** The pill's words. "No models installed" only when Ollama answered with an empty list. */
export function statusPillText(ollama: OllamaStatus | null, checking: boolean): string {
  if (!ollama) return checking ? 'Checking Ollama…' : 'Ollama'
  switch (ollama.state) {
    case 'ready':
      return ollama.model ?? 'Ready'
    case 'model-missing':
      return ollama.models.length === 0 ? 'No models installed' : 'Model not installed'
    case 'not-running':
      return 'Ollama not reachable'
    case 'error':
      return 'Ollama error'
  }
}

export function StatusPill({ onClick }: { onClick: () => void }) {
  const { settings } = useStores()
  useOllamaHeartbeat(settings)
  const ollama = useSettings((s) => s.ollama)
  const checking = useSettings((s) => s.checking)
  const state = ollama?.state
  const tone = state === 'ready' ? 'ok' : state ? 'bad' : 'idle'
  const text = statusPillText(ollama, checking)
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
