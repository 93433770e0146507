import { asDocumentFormat, formatInfo } from '@shared/importable-files.js'
import type { SearchHit } from '@shared/library-types.js'
import { formatLocator, spanLocator, type Locator } from '@shared/locator.js'
import type { FusedChunk } from './fuse-candidates.js'
import { collapseDuplicates } from './collapse-duplicates.js'
import { mergeAdjacent } from './merge-adjacent.js'
import type { ChunkEvidence } from './score-evidence.js'
import type { Tuning } from './tuning.js'

/**
 * The top k passages: neighbouring chunks of one section that both match become one passage
 * (merge-adjacent.ts) at the better chunk's rank, carrying file, pages and matched words.
 */
export function shapePassages(
  fused: FusedChunk[],
  evidence: Map<number, ChunkEvidence>,
  k: number,
  T: Tuning,
): SearchHit[] {
  const ranked = fused.map(({ row: r, score }) => ({
    id: r.id,
    documentId: r.document_id,
    ord: r.ord,
    section: r.heading,
    score,
    text: r.text,
    joinable: (evidence.get(r.id)?.coverage ?? 0) >= T.mergeMinCoverage,
    row: r,
  }))
  // Twice as many passages as asked: those that repeat a better one are dropped (collapse-duplicates.ts)
  // and the next fill their slots. The first k are the same either way (merge-adjacent.ts).
  const passages = mergeAdjacent(ranked, {
    k: k * 2,
    maxChunks: T.mergeChunks,
    maxTouchingWords: T.mergeTouchingWords,
    maxWords: T.mergeMaxWords,
  }).map((p, i) => {
    const first = p.members[0]!.row
    const last = p.members[p.members.length - 1]!.row
    const paged = formatInfo(asDocumentFormat(first.format)).paged
    return {
      rank: i + 1,
      chunkId: p.anchor.id,
      chunkIds: p.members.map((m) => m.id),
      documentId: first.document_id,
      file: first.path,
      title: first.title,
      // A document without pages cites its locator; its stored sections are no pages to show.
      pages: paged ? range(first.page_start, Math.max(...p.members.map((m) => m.row.page_end))) : [],
      locator: paged
        ? null
        : formatLocator(spanLocator(parseLocator(first.locator), parseLocator(last.locator))),
      text: p.text,
      score: Math.round(p.anchor.score * 1e6) / 1e6,
      matchedTerms: [...new Set(p.members.flatMap((m) => evidence.get(m.id)?.match.matched ?? []))],
      heading: first.heading ?? last.heading,
    }
  })
  return collapseDuplicates(passages, k)
}

const parseLocator = (json: string | null) => (json ? (JSON.parse(json) as Locator) : null)

function range(a: number, b: number): number[] {
  const out: number[] = []
  for (let p = a; p <= b; p++) out.push(p)
  return out
}
