// A small button that copies text and says so for a moment ("Copied"), or says why it could not.
import { useEffect, useState } from 'react'

type State = 'idle' | 'copied' | 'failed'

export function CopyButton({
  text,
  label,
  ariaLabel,
}: {
  /** Built on click, so a long answer is only flattened when someone copies it. */
  text: () => string
  label: string
  ariaLabel: string
}) {
  const [state, setState] = useState<State>('idle')
  useEffect(() => {
    if (state === 'idle') return
    const t = setTimeout(() => setState('idle'), 2000)
    return () => clearTimeout(t)
  }, [state])
  return (
    <button
      type="button"
      className="btn-small"
      aria-label={ariaLabel}
      onClick={() => {
        navigator.clipboard.writeText(text()).then(
          () => setState('copied'),
          () => setState('failed'),
        )
      }}
    >
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed: clipboard blocked' : label}
    </button>
  )
}
