import { isBackMatter } from './back-matter.js'
import { holdsTable } from './table-row-evidence.js'
import type { ChunkEvidence } from './score-evidence.js'
import type { Candidates, ChunkRow } from './gather-candidates.js'
import { fuseRanks } from './fuse-ranks.js'
import { withTablePlaces } from './table-keyword-place.js'
import type { Tuning } from './tuning.js'

export interface FusedChunk {
  row: ChunkRow
  score: number
}

/**
 * One ranking from the candidate lists (BM25, the evidence re-rank, BM25 with the earlier turns,
 * vectors) by weighted reciprocal-rank fusion (fuse-ranks.ts), with back matter discounted. Keeps
 * the top `k * mergePool` for passage shaping.
 */
export function fuseCandidates(
  c: Candidates,
  evidence: Map<number, ChunkEvidence>,
  k: number,
  T: Tuning,
): FusedChunk[] {
  const byId = new Map(c.rows.map((r) => [r.id, r]))
  const byEvidence = [...evidence.entries()].sort((a, b) => b[1].score - a[1].score).map(([id]) => id)
  const keyword = c.bm25.map((x) => x.id)
  const lists = [
    {
      // A table passage stands no further down the keyword list than its evidence places it (table-keyword-place.ts).
      ids:
        T.tableKeywordPlace > 0
          ? withTablePlaces(
              keyword,
              byEvidence,
              (id) => holdsTable(byId.get(id)?.text ?? ''),
              (id) => evidence.get(id)?.rowAnswers === true,
              T.tableKeywordSlack,
            )
          : keyword,
      weight: T.wBm25,
    },
    { ids: byEvidence, weight: T.wLexical },
  ]
  if (c.bm25Context.length)
    lists.push({ ids: c.bm25Context.map((x) => x.id), weight: T.wBm25 * T.contextWeight })
  if (c.vector.length) lists.push({ ids: c.vector.map((v) => v.id), weight: T.wVector })
  if (c.alsoSearched) lists.push(...c.alsoSearched)
  if (c.earlier) lists.push(...earlierLists(c.earlier, byEvidence, byId, T))
  // A question citing a table (cites-table.ts): the candidates holding one, by the question's evidence.
  if (c.tableFirst && T.wCitedTable > 0)
    lists.push({
      ids: byEvidence.filter((id) => holdsTable(byId.get(id)?.text ?? '')),
      weight: T.wCitedTable,
    })
  return [...fuseRanks(lists, T.rrfK).entries()]
    .filter(([id]) => byId.has(id))
    .map(([id, score]) => {
      const row = byId.get(id)!
      return { row, score: isBackMatter(row.heading, row.text) ? score * T.backMatterWeight : score }
    })
    .sort((a, b) => b.score - a.score)
    .slice(0, k * T.mergePool)
}

/**
 * A follow-up that points back (earlier-turn-stage.ts) is searched where the previous answer was
 * found first: the candidates of the previous answer's documents, and its passages themselves,
 * each ranked by the question's evidence as one more list of the fusion. Only the order within
 * those places comes from them; how far ahead they go is the lists' weight.
 */
function earlierLists(
  earlier: NonNullable<Candidates['earlier']>,
  byEvidence: number[],
  byId: Map<number, ChunkRow>,
  T: Tuning,
): { ids: number[]; weight: number }[] {
  const documents = new Set(earlier.documentIds)
  const chunks = new Set(earlier.chunkIds)
  return [
    {
      ids: byEvidence.filter((id) => documents.has(byId.get(id)?.document_id ?? -1)),
      weight: T.wEarlierDocument,
    },
    { ids: byEvidence.filter((id) => chunks.has(id)), weight: T.wEarlierPassage },
  ].filter((l) => l.ids.length > 0 && l.weight > 0)
}
