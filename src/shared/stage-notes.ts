// What the optional search stages did, in words, for every surface (CLI, the answer's trace).
import type { QueryHelpTrace } from './chat-types.js'
import type { StageNote } from './library-types.js'

export function stageNoteLine(note: StageNote): string {
  if (note.stage === 'summaries')
    return `Found a section summary${note.heading ? ` (${note.heading})` : ''}: given first.`
  if (note.stage === 'also-searched')
    return `Also searched for: ${note.queries.map((q) => `“${q}”`).join(', ')}`
  const scored =
    note.scored === note.candidates
      ? `${note.scored} candidate passages`
      : `${note.scored} of ${note.candidates} candidate passages (its time budget ran out)`
  const moved =
    note.moved === 0
      ? 'the order of the top results stayed'
      : `${note.moved} of the top results changed place`
  return `Reranked by ${note.model}${note.weights ? ` (${note.weights})` : ''}: ${scored} in ${note.ms} ms; ${moved}.`
}

/** Why query help searched nothing beside the question; null when it did (the stage note says what). */
export function queryHelpSkippedLine(help: QueryHelpTrace): string | null {
  if (!help.skipped) return null
  const why =
    help.skipped === 'budget'
      ? `${help.model} took longer than ${help.budgetMs} ms`
      : help.skipped === 'failed'
        ? `${help.model} did not answer`
        : `${help.model} wrote nothing usable`
  return `Query help skipped (${why}): searched for the question alone.`
}
