// The "not found" answer: set apart from real answers, it says why (the search's decline reason,
// e.g. which words no document contains, or that the model found no answer in the passages it
// read) and points at the nearest passages with chips, so the person can judge or rephrase.
import { answerDeclineReason } from '@shared/decline-reason.js'
import type { Citation, Message } from '@shared/chat-types.js'
import { AnswerText } from './AnswerText.js'

const HEADING = 'Not found in your documents'

export function DeclinedCard({
  message,
  sources,
  onOpen,
}: {
  message: Message
  sources: Citation[]
  onOpen: (c: Citation) => void
}) {
  // Search's reason, or the model's verdict when it found no answer in the passages it read.
  const reason = answerDeclineReason(message)
  // The stored text opens with the heading's words; the card shows them once, as its heading.
  const body = message.text.replace(new RegExp(`^${HEADING}\\.?\\s*`), '')
  return (
    <div className="declined" role="note" aria-label={HEADING}>
      <strong>{HEADING}</strong>
      {reason && <p className="decline-reason">{reason}</p>}
      {body ? (
        <AnswerText text={body} sources={sources} onOpen={onOpen} />
      ) : (
        <p>None of the selected documents seem to cover this. Try other words or select more documents.</p>
      )}
    </div>
  )
}
