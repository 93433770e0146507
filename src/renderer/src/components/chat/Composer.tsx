// The question box: Enter sends, Shift+Enter adds a line; disabled while an answer streams.
import { forwardRef, useEffect, useState } from 'react'
import { MAX_QUESTION_CHARS, questionTooLongMessage } from '@shared/question-limit.js'

export interface ComposerProps {
  busy: boolean
  disabledReason: string | null
  scopeNote: string | null
  onSend: (text: string) => void
  /** A question that could not be saved, put back in the box (ChatState.unsent). */
  restore?: { text: string } | null
}

export const Composer = forwardRef<HTMLTextAreaElement, ComposerProps>(function Composer(
  { busy, disabledReason, scopeNote, onSend, restore },
  ref,
) {
  const [text, setText] = useState('')
  useEffect(() => {
    if (restore) setText(restore.text)
  }, [restore])
  // Too long a question is kept in the box (never cut) and says so; Ask waits until it is shorter.
  const tooLong = text.trim().length > MAX_QUESTION_CHARS
  const canSend = !busy && !disabledReason && text.trim().length > 0 && !tooLong
  function send(): void {
    if (!canSend) return
    onSend(text.trim())
    setText('')
  }
  return (
    <form
      className="composer"
      onSubmit={(e) => {
        e.preventDefault()
        send()
      }}
    >
      <textarea
        ref={ref}
        value={text}
        rows={Math.min(8, Math.max(1, text.split('\n').length))}
        placeholder={disabledReason ?? 'Ask about your documents…'}
        aria-label="Question"
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault()
            send()
          }
        }}
      />
      <div className="composer-foot">
        <span className={tooLong ? 'small' : 'muted small'} role={tooLong ? 'alert' : undefined}>
          {tooLong
            ? questionTooLongMessage(text.trim().length)
            : (scopeNote ?? 'Enter to send · Shift+Enter for a new line')}
        </span>
        <button type="submit" className="btn-primary" disabled={!canSend} aria-label="Send question">
          Ask
        </button>
      </div>
    </form>
  )
})
