// The person's question, with what search actually ran on underneath when that differs: a
// follow-up rewritten into a standalone question ("Searched for: …"), or read together with the
// earlier questions when no rewrite could be trusted.
import type { RetrievalTrace } from '@shared/chat-types.js'
import { searchedFor } from '@shared/answer-wait.js'

export function QuestionMessage({ text, trace }: { text: string; trace: RetrievalTrace | null }) {
  const searched = trace?.rewrite ? searchedFor(text, trace.searchQuery) : null
  const withContext = !searched && (trace?.context?.length ?? 0) > 0
  return (
    <article className="msg msg-user" aria-label="Question">
      <p>{text}</p>
      {searched && <p className="searched-for small">Searched for: {searched}</p>}
      {withContext && (
        <p className="searched-for small">
          Searched together with your earlier questions in this conversation
        </p>
      )}
    </article>
  )
}
