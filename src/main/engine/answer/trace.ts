// The retrieval trace, built from the stages' records (never patched as the answer goes on).
import type { RetrievalTrace } from '@shared/chat-types.js'
import type { Packing } from './compose.js'
import type { PreparedQuestion } from './prepare.js'
import type { Retrieved } from './retrieve.js'

export function buildTrace(
  prepared: PreparedQuestion,
  retrieved: Retrieved,
  packing: Packing,
): RetrievalTrace {
  const { response } = retrieved
  return {
    question: prepared.question,
    rewrite: prepared.rewrite,
    rewriteRejected: prepared.rewriteRejected,
    searchQuery: prepared.searchQuery,
    context: prepared.context,
    searchMode: response.mode ?? null,
    declined: response.declined,
    decision: response.decision ?? null,
    hits: response.results.map((h) => ({
      rank: h.rank,
      chunkId: h.chunkId,
      documentId: h.documentId,
      file: h.file,
      pages: h.pages,
      ...(h.locator ? { locator: h.locator } : {}),
      score: h.score,
    })),
    ...packing,
    documentIds: retrieved.documentIds,
    ...(response.stages ? { stages: response.stages } : {}),
    ...(prepared.queryHelp ? { queryHelp: prepared.queryHelp } : {}),
    ...(retrieved.comparison ? { comparison: retrieved.comparison } : {}),
    ...(retrieved.scope ? { scope: retrieved.scope } : {}),
  }
}
