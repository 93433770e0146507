// Everything the person should know about an answer, each said once: retrieval-only mode or a
// broken stream with the remedy worded for the app (Settings, not CLI flags), passages left out,
// unsupported figures, a stopped answer. The engine's warnings are the CLI's lines; the ones that
// restate a notice shown here are not repeated.
import type { Message, OllamaProblem } from '@shared/chat-types.js'
import { problemFix } from '@shared/ollama-remedies.js'

interface Notice {
  key: string
  tone: 'info' | 'warn'
  text: string
  fix?: string | null
}

/** Warning lines that say again what a notice above already says. */
const RESTATES = {
  ollama: /^Ollama: /,
  brokeOff: /^The answer broke off: /,
  stopped: /^Stopped[:. ]/,
}

export function answerNotices(
  message: Pick<Message, 'mode' | 'status' | 'warnings' | 'error' | 'declined'>,
  ollama: OllamaProblem | null,
  fallbackFix: string | null,
): Notice[] {
  const notices: Notice[] = []
  const skip: RegExp[] = []
  if (message.mode === 'retrieval-only') {
    notices.push({
      key: 'retrieval-only',
      tone: 'warn',
      text:
        ollama?.message ??
        'The language model was not available, so these are the most relevant passages, not a written answer.',
      fix: ollama ? problemFix(ollama, 'app') : fallbackFix,
    })
    skip.push(RESTATES.ollama)
  }
  if (message.status === 'failed') {
    notices.push({
      key: 'failed',
      tone: 'warn',
      text: ollama?.message ?? message.error ?? 'The model stopped responding midway; what arrived is shown.',
      fix: ollama ? problemFix(ollama, 'app') : null,
    })
    skip.push(RESTATES.brokeOff, RESTATES.ollama)
  }
  if (message.status === 'stopped') {
    const said = message.warnings.find((w) => RESTATES.stopped.test(w))
    notices.push({ key: 'stopped', tone: 'info', text: said ?? 'Stopped. The partial answer is kept.' })
    skip.push(RESTATES.stopped)
  }
  const seen = new Set(notices.map((n) => n.text))
  for (const w of message.warnings) {
    if (seen.has(w) || skip.some((re) => re.test(w))) continue
    seen.add(w)
    notices.push({ key: `w-${w}`, tone: 'warn', text: w })
  }
  return notices
}

export function AnswerNotices({
  message,
  ollama,
  fallbackFix,
}: {
  message: Pick<Message, 'mode' | 'status' | 'warnings' | 'error' | 'declined'>
  ollama: OllamaProblem | null
  fallbackFix: string | null
}) {
  const notices = answerNotices(message, ollama, fallbackFix)
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
