// What the wait before an answer's first word is called, in the app and in the CLI alike: a
// follow-up is first rewritten into a standalone question (or read with the earlier turns), so
// its first phase is not a plain search.

export interface AnswerWait {
  /** The question continues a conversation that already has answers. */
  followUp: boolean
  /** Retrieval finished; how many passages the model was given. */
  retrieved: number | null
}

export function answerWaitLabel(w: AnswerWait): string {
  if (w.retrieved === null) return w.followUp ? 'Understanding your follow-up…' : 'Searching your documents…'
  const passages = `${w.retrieved} ${w.retrieved === 1 ? 'passage' : 'passages'}`
  return `Reading ${passages} · waiting for the model to start writing…`
}

/** "Searched for: …" is shown when search ran with something other than the question as typed. */
export function searchedFor(question: string, searchQuery: string | undefined): string | null {
  if (!searchQuery) return null
  const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase()
  return norm(searchQuery) === norm(question) ? null : searchQuery.trim()
}

/** The status line while a document's summary is built (docs/summaries.md). */
export function summaryWaitLabel(p: {
  stage: 'sections' | 'combining'
  done: number
  total: number
}): string {
  return p.stage === 'sections'
    ? `Summarising section ${Math.min(p.done + 1, p.total)} of ${p.total}…`
    : `Combining the section summaries (${p.done} of ${p.total})…`
}
