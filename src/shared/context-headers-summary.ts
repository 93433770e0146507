import type { IngestReport } from './library-types.js'

/**
 * What an import's contextual chunk headers did (docs/query-help.md), for the import card:
 * "3 context headers (3 model calls)", and why the model stopped when it did (the rest are
 * written at the next import). Empty when none were asked for.
 */
export function contextHeadersSummary(h: IngestReport['contextHeaders']): string {
  if (!h) return ''
  const calls = `${h.modelCalls} model call${h.modelCalls === 1 ? '' : 's'}`
  const done = `${h.written} context header${h.written === 1 ? '' : 's'} (${calls})`
  return h.problem ? `${done}; ${h.remaining} left for the next import: ${h.problem}` : done
}
