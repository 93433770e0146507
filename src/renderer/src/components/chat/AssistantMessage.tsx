// One answer: text with citation chips (or a distinct "not found" card), notices, sources, actions.
import type { Citation, Message } from '@shared/chat-types.js'
import { answerPlainText } from '@renderer/lib/answer-plain-text.js'
import { answerSegments } from '@shared/citation-markers.js'
import { AnswerNotices } from './AnswerNotices.js'
import { AnswerText } from './AnswerText.js'
import { CopyButton } from './CopyButton.js'
import { DeclinedCard } from './DeclinedCard.js'
import { SourcesList } from './SourcesList.js'
import { VersionPager } from './VersionPager.js'
import { scopeLine } from '@shared/search-scope.js'

export interface AssistantMessageProps {
  message: Message
  fallbackFix: string | null
  /** Which version of the turn's answer this is, and how to show another. */
  version?: { index: number; count: number; onPick: (index: number) => void }
  canRegenerate: boolean
  onRegenerate: () => void
  onOpen: (c: Citation) => void
  /** The question named a document several share: ask it again of the one chosen. */
  onChooseDocument?: (documentId: number) => void
}

export function AssistantMessage({
  message,
  fallbackFix,
  version,
  canRegenerate,
  onRegenerate,
  onOpen,
  onChooseDocument,
}: AssistantMessageProps) {
  const scope = message.trace?.scope ?? null
  // Every passage the answer was given (stored with it), else the cited ones of older answers.
  const sources = message.sources.length ? message.sources : message.citations
  const cited = new Set(answerSegments(message.text).flatMap((s) => (s.kind === 'cite' ? [s.n] : [])))
  return (
    <article className={`msg msg-assistant ${message.declined ? 'is-declined' : ''}`} aria-label="Answer">
      {message.declined ? (
        <DeclinedCard message={message} sources={sources} onOpen={onOpen} />
      ) : (
        <AnswerText text={message.text} sources={sources} onOpen={onOpen} />
      )}
      {scope?.kind === 'ambiguous' && onChooseDocument && (
        <p className="scope-choices" role="group" aria-label="Which document">
          {scope.candidates.map((c) => (
            <button
              key={c.documentId}
              type="button"
              className="btn-small"
              onClick={() => onChooseDocument(c.documentId)}
            >
              {c.name}
            </button>
          ))}
        </p>
      )}
      <AnswerNotices message={message} fallbackFix={fallbackFix} />
      <SourcesList sources={sources} cited={cited} onOpen={onOpen} nearest={message.declined} />
      {scope && scope.kind !== 'ambiguous' && (
        <p className="answer-scope muted small" data-testid="answer-scope">
          {scopeLine(scope)}
        </p>
      )}
      <footer className="msg-actions">
        {message.model && <span className="muted small">{message.model}</span>}
        {version && <VersionPager {...version} />}
        {!message.declined && message.text && (
          <CopyButton
            text={() => answerPlainText(message.text, sources)}
            label="Copy"
            ariaLabel="Copy answer with sources"
          />
        )}
        {canRegenerate && (
          <button type="button" className="btn-small" onClick={onRegenerate} aria-label="Regenerate answer">
            Regenerate
          </button>
        )}
      </footer>
    </article>
  )
}
