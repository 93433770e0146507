// Everything the person should know about an answer, each said once: retrieval-only mode or a
// broken stream with the remedy worded for the app (Settings, not CLI flags), passages left out,
// unsupported figures, a stopped answer. The engine's warnings are data; they are worded here from
// the shared table, and the ones that restate the answer's state (shown as its own notice) by kind.
import type { Message } from '@shared/chat-types.js'
import { STATE_WARNINGS, warningText } from '@shared/answer-warnings.js'
import { problemFix } from '@shared/ollama-remedies.js'

interface Notice {
  key: string
  tone: 'info' | 'warn'
  text: string
  fix?: string | null
}

type NoticeSource = Pick<Message, 'mode' | 'status' | 'warnings' | 'error' | 'declined' | 'ollama'>

export function answerNotices(message: NoticeSource, fallbackFix: string | null): Notice[] {
  const { ollama } = message
  const notices: Notice[] = []
  if (message.mode === 'retrieval-only') {
    notices.push({
      key: 'retrieval-only',
      tone: 'warn',
      text:
        ollama?.message ??
        'The language model was not available, so these are the most relevant passages, not a written answer.',
      fix: ollama ? problemFix(ollama, 'app') : fallbackFix,
    })
  }
  if (message.status === 'failed') {
    notices.push({
      key: 'failed',
      tone: 'warn',
      text: ollama?.message ?? message.error ?? 'The model stopped responding midway; what arrived is shown.',
      fix: ollama ? problemFix(ollama, 'app') : null,
    })
  }
  if (message.status === 'stopped') {
    const early = message.warnings.some((w) => w.kind === 'stopped-before-start')
    notices.push({
      key: 'stopped',
      tone: 'info',
      text: warningText({ kind: early ? 'stopped-before-start' : 'stopped' }, 'app'),
    })
  }
  const seen = new Set(notices.map((n) => n.text))
  for (const w of message.warnings) {
    // Said above by the notice for the answer's state (and a stored note restating it, if any).
    if (STATE_WARNINGS.has(w.kind)) continue
    const text = warningText(w, 'app')
    if (seen.has(text)) continue
    seen.add(text)
    notices.push({ key: `w-${text}`, tone: 'warn', text })
  }
  return notices
}

export function AnswerNotices({
  message,
  fallbackFix,
}: {
  message: NoticeSource
  fallbackFix: string | null
}) {
  const notices = answerNotices(message, fallbackFix)
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
