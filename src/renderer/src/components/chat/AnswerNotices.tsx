// Everything the person should know about an answer, shown rather than hidden: retrieval-only
// mode with the fix, passages left out, unsupported figures, stopped or broken streams.
import type { Message, OllamaProblem, UnsupportedFigure } from '@shared/chat-types.js'

export function AnswerNotices({
  message,
  ollama,
  unsupportedFigures,
  fallbackFix,
}: {
  message: Pick<Message, 'mode' | 'status' | 'warnings' | 'error' | 'declined'>
  ollama: OllamaProblem | null
  unsupportedFigures: UnsupportedFigure[]
  fallbackFix: string | null
}) {
  const notices: { key: string; tone: 'info' | 'warn'; text: string; fix?: string | null }[] = []
  if (message.mode === 'retrieval-only') {
    notices.push({
      key: 'retrieval-only',
      tone: 'warn',
      text:
        ollama?.message ??
        'The language model was not available, so these are the most relevant passages, not a written answer.',
      fix: ollama?.fix ?? fallbackFix,
    })
  }
  if (message.status === 'stopped')
    notices.push({ key: 'stopped', tone: 'info', text: 'Stopped. The partial answer is kept.' })
  if (message.status === 'failed')
    notices.push({
      key: 'failed',
      tone: 'warn',
      text: message.error ?? 'The model stopped responding midway; what arrived is shown.',
      fix: ollama?.fix ?? null,
    })
  for (const f of unsupportedFigures) {
    notices.push({
      key: `fig-${f.figure}-${f.sentence}`,
      tone: 'warn',
      text: `“${f.figure}” does not appear in the cited passages — check it before relying on it.`,
    })
  }
  const shown = new Set(notices.map((n) => n.text))
  for (const w of message.warnings) {
    if (!shown.has(w)) notices.push({ key: `w-${w}`, tone: 'warn', text: w })
  }
  if (notices.length === 0) return null
  return (
    <ul className="notices" aria-label="Notes about this answer">
      {notices.map((n) => (
        <li key={n.key} className={`notice notice-${n.tone}`}>
          <span>{n.text}</span>
          {n.fix && <span className="notice-fix">{n.fix}</span>}
        </li>
      ))}
    </ul>
  )
}
