// The answer while it streams: a status line until the first token, then text with live chips.
import type { Citation } from '@shared/chat-types.js'
import type { StreamingAnswer as Streaming } from '@renderer/stores/chat-store.js'
import { answerWaitLabel, summaryWaitLabel } from '@shared/answer-wait.js'
import { AnswerText } from './AnswerText.js'

export function StreamingAnswer({
  streaming,
  onOpen,
  onStop,
}: {
  streaming: Streaming
  onOpen: (c: Citation) => void
  onStop: () => void
}) {
  const status = streaming.stopRequested
    ? 'Stopping…'
    : streaming.text
      ? 'Writing…'
      : streaming.progress
        ? summaryWaitLabel(streaming.progress)
        : answerWaitLabel({
            followUp: streaming.followUp,
            retrieved: streaming.retrieved ? streaming.sources.length : null,
          })
  return (
    <article className="msg msg-assistant is-streaming" aria-label="Answer in progress" aria-busy="true">
      {streaming.text && <AnswerText text={streaming.text} sources={streaming.sources} onOpen={onOpen} />}
      <footer className="msg-actions">
        <span className="muted small" role="status">
          <span className="pulse" aria-hidden="true" /> {status}
        </span>
        <button
          type="button"
          className="btn-small"
          onClick={onStop}
          aria-label="Stop answer"
          disabled={streaming.stopRequested}
        >
          Stop <kbd>Esc</kbd>
        </button>
      </footer>
    </article>
  )
}
