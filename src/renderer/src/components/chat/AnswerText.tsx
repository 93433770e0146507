// Answer text with its [n] markers turned into citation chips, keeping paragraphs.
import { Fragment } from 'react'
import type { Citation } from '../../../../shared/chat-types.js'
import { answerSegments } from '../../lib/answer-segments.js'
import { CitationChip } from './CitationChip.js'

export function AnswerText({
  text,
  sources,
  onOpen,
}: {
  text: string
  sources: Citation[]
  onOpen: (c: Citation) => void
}) {
  const paragraphs = text.split(/\n{2,}/)
  return (
    <div className="answer-text">
      {paragraphs.map((para, i) => (
        <p key={i}>
          {answerSegments(para).map((seg, j) =>
            seg.kind === 'text' ? (
              <Fragment key={j}>{seg.text}</Fragment>
            ) : (
              <CitationChip key={j} n={seg.n} citation={sources.find((s) => s.n === seg.n)} onOpen={onOpen} />
            ),
          )}
        </p>
      ))}
    </div>
  )
}
