// Stage 2, retrieve: the library's search for the prepared query, timed.
import type { SearchOptions, SearchResponse } from '@shared/library-types.js'
import type { RetrievalTrace } from '@shared/chat-types.js'
import type { AnswerScope } from '@shared/search-scope.js'
import type { PreparedQuestion } from './prepare.js'

export type SearchFn = (query: string, opts?: SearchOptions) => Promise<SearchResponse>

export interface Retrieved {
  response: SearchResponse
  ms: number
  /** The documents searched; null: all of them. */
  documentIds: number[] | null
  /** Set when the question compared two documents (each searched on its own). */
  comparison?: RetrievalTrace['comparison']
  /** What was searched, as the answer says it; absent when the caller gave no scope. */
  scope?: AnswerScope
}

export async function retrievePassages(
  search: SearchFn,
  prepared: PreparedQuestion,
  opts: {
    k: number
    documentIds?: number[] | undefined
    minCoverage?: number | undefined
    scope?: AnswerScope | undefined
  },
): Promise<Retrieved> {
  const started = performance.now()
  const response = await search(prepared.searchQuery, {
    k: opts.k,
    ...(prepared.context.length ? { context: prepared.context } : {}),
    ...(prepared.context.length && prepared.earlierPassages.length
      ? { earlierPassages: prepared.earlierPassages }
      : {}),
    ...(opts.documentIds ? { documentIds: opts.documentIds } : {}),
    ...(opts.minCoverage !== undefined ? { minCoverage: opts.minCoverage } : {}),
    ...(prepared.queryHelp?.queries.length ? { alsoSearch: prepared.queryHelp.queries } : {}),
  })
  return {
    response,
    ms: performance.now() - started,
    documentIds: opts.documentIds ?? null,
    ...(opts.scope ? { scope: opts.scope } : {}),
  }
}
