// Gets a new person to their first answer: Ollama reachable → model chosen → documents added → ask.
// Shown in an empty conversation until all steps are done once; each open step says what to do.
// After that it never returns (deleting the only conversation does not make a person new again).
import { Check } from 'lucide-react'
import { useEffect } from 'react'
import { useConversations, useLibrary, useSettings, useStores, useUi } from '@renderer/stores/app-stores.js'

interface Step {
  label: string
  done: boolean
  hint: string
}

export function FirstRunChecklist() {
  const { ui } = useStores()
  const onboarded = useUi((s) => s.onboarded)
  const ollama = useSettings((s) => s.ollama)
  const documents = useLibrary((s) => s.documents)
  const conversations = useConversations((s) => s.items)
  const reachable = ollama !== null && ollama.state !== 'not-running'
  const steps: Step[] = [
    {
      label: 'Ollama is running',
      done: reachable,
      hint: ollama?.fix ?? 'Start Ollama, then check again in Settings.',
    },
    {
      label: 'A model is chosen',
      done: ollama?.state === 'ready',
      hint:
        ollama?.state === 'model-missing'
          ? (ollama.fix ?? 'Pull a model with Ollama.')
          : 'Pick a model in Settings.',
    },
    {
      label: 'Your documents are added',
      done: documents.some((d) => d.status === 'indexed'),
      hint: 'Drop documents or a folder anywhere on this window.',
    },
    {
      label: 'Ask your first question',
      done: conversations.length > 0,
      hint: 'Type it below and press Enter.',
    },
  ]
  const allDone = steps.every((s) => s.done)
  useEffect(() => {
    if (allDone && !onboarded) ui.getState().markOnboarded()
  }, [allDone, onboarded, ui])
  if (allDone || onboarded) {
    return (
      <div className="empty-chat">
        <h1>Ask your documents</h1>
        <p className="muted">Answers cite the passages they rely on. Click a number to see it on the page.</p>
      </div>
    )
  }
  const next = steps.findIndex((s) => !s.done)
  return (
    <section className="checklist" aria-label="Getting started">
      <h1>Get your first answer</h1>
      <p className="muted">Quire runs entirely on this computer. Four steps:</p>
      <ol>
        {steps.map((s, i) => (
          <li key={s.label} className={s.done ? 'is-done' : i === next ? 'is-next' : ''}>
            <span className="check" aria-hidden="true">
              {s.done ? <Check size={14} /> : i + 1}
            </span>
            <span>
              <span className="check-label">
                {s.label}
                <span className="sr-only">{s.done ? ' (done)' : ' (to do)'}</span>
              </span>
              {!s.done && i === next && <span className="check-hint">{s.hint}</span>}
            </span>
          </li>
        ))}
      </ol>
      {ollama && !reachable && (
        <p className="muted small">
          Without Ollama you still get the most relevant passages, just not a written answer.
        </p>
      )}
    </section>
  )
}
