// The previous answer's passages, for a follow-up that points back at them (SearchOptions
// .earlierPassages, retrieve/earlier-turn-stage.ts). The app reads them from the stored answer;
// the evaluation (scripts/eval/run-eval.ts) from the previous turn's own search, as the answer
// would have been given it, never from the gold.
import type { Message } from '@shared/chat-types.js'
import type { SearchResponse } from '@shared/library-types.js'
import { DEFAULT_ANSWER_PASSAGES } from './answer-passages.js'

/**
 * The chunks of a stored answer's passages: the ones it cited first, then the rest it was given.
 * None for a declined answer: the search found nothing there to point back at.
 */
export function earlierPassagesOfAnswer(
  answer: Pick<Message, 'declined' | 'citations' | 'sources'>,
): number[] {
  if (answer.declined) return []
  return [...new Set([...answer.citations, ...answer.sources].map((c) => c.chunkId))]
}

/**
 * The passages an answer to this search would have been given (the first `passages` results), for
 * an evaluation without a model; none when the search declined.
 */
export function earlierPassagesOfSearch(
  response: SearchResponse,
  passages = DEFAULT_ANSWER_PASSAGES,
): number[] {
  if (response.declined) return []
  return response.results.slice(0, passages).map((h) => h.chunkId)
}
