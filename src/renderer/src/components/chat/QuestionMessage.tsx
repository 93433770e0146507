// The person's question, with what search actually ran on underneath when that differs: a
// follow-up rewritten into a standalone question ("Searched for: …"), or read together with the
// earlier questions when no rewrite could be trusted. The last question can be edited and asked
// again: its answer becomes a new version of the turn, as Regenerate makes.
import { Pencil } from 'lucide-react'
import { useState } from 'react'
import type { RetrievalTrace } from '@shared/chat-types.js'
import { searchedFor } from '@shared/answer-wait.js'
import { queryHelpSkippedLine, stageNoteLine } from '@shared/stage-notes.js'

export function QuestionMessage({
  text,
  trace,
  onEdit,
}: {
  text: string
  trace: RetrievalTrace | null
  /** Set when this question may be edited and asked again (the last turn, nothing streaming). */
  onEdit?: ((question: string) => void) | null
}) {
  const [editing, setEditing] = useState(false)
  const [draft, setDraft] = useState(text)
  const searched = trace?.rewrite ? searchedFor(text, trace.searchQuery) : null
  const withContext = !searched && (trace?.context?.length ?? 0) > 0
  if (editing && onEdit) {
    const changed = draft.trim().length > 0 && draft.trim() !== text.trim()
    const submit = () => {
      if (!changed) return
      setEditing(false)
      onEdit(draft.trim())
    }
    return (
      <article className="msg msg-user is-editing" aria-label="Question">
        <form
          onSubmit={(e) => {
            e.preventDefault()
            submit()
          }}
        >
          <textarea
            autoFocus
            aria-label="Edit question"
            value={draft}
            rows={Math.min(8, Math.max(2, draft.split('\n').length))}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault()
                submit()
              } else if (e.key === 'Escape') {
                // Esc cancels the edit and must not reach the window's own Esc handling.
                e.preventDefault()
                e.stopPropagation()
                setEditing(false)
              }
            }}
          />
          <div className="edit-actions">
            <button type="button" className="btn-small" onClick={() => setEditing(false)}>
              Cancel
            </button>
            <button type="submit" className="btn-small btn-primary" disabled={!changed}>
              Ask again
            </button>
          </div>
        </form>
      </article>
    )
  }
  return (
    <article className="msg msg-user" aria-label="Question">
      <p>{text}</p>
      {searched && <p className="searched-for small">Searched for: {searched}</p>}
      {withContext && (
        <p className="searched-for small">
          Searched together with your earlier questions in this conversation
        </p>
      )}
      {trace?.queryHelp && queryHelpSkippedLine(trace.queryHelp) && (
        <p className="searched-for small" data-stage="query-help">
          {queryHelpSkippedLine(trace.queryHelp)}
        </p>
      )}
      {trace?.stages?.map((note) => (
        <p key={note.stage} className="searched-for small" data-stage={note.stage}>
          {stageNoteLine(note)}
        </p>
      ))}
      {onEdit && (
        <button
          type="button"
          className="btn-icon question-edit"
          aria-label="Edit question"
          title="Edit and ask again"
          onClick={() => {
            setDraft(text)
            setEditing(true)
          }}
        >
          <Pencil size={14} aria-hidden="true" />
        </button>
      )}
    </article>
  )
}
