// Two versions of one report share most of their text; what a reader wants compared is what
// changed. Sentences are compared, not chunks: an inserted paragraph shifts every chunk boundary
// after it, while the sentences around it stay the same.
import type { DocumentChunk } from '../store/document-chunks.js'
import { splitSentences } from '../text/sentences.js'

/** Share of the smaller document's sentences found in the other above which they are versions of one text. */
export const VERSIONS_SHARED = 0.5

export interface VersionDiff {
  /** Share of the smaller document's sentences that the other also has, 0..1. */
  shared: number
  /** True when most text is shared: two versions of one document. */
  versions: boolean
  /** Per side: the chunk ids holding sentences the other side lacks, most new sentences first. */
  differing: [number[], number[]]
}

export function versionDiff(a: DocumentChunk[], b: DocumentChunk[]): VersionDiff {
  const sa = sentencesOf(a)
  const sb = sentencesOf(b)
  const setA = new Set(sa.flatMap((c) => c.sentences))
  const setB = new Set(sb.flatMap((c) => c.sentences))
  const common = [...setA].filter((s) => setB.has(s)).length
  const smaller = Math.min(setA.size, setB.size)
  const shared = smaller ? common / smaller : 0
  return {
    shared: Math.round(shared * 1000) / 1000,
    versions: shared >= VERSIONS_SHARED,
    differing: [changedChunks(sa, setB), changedChunks(sb, setA)],
  }
}

function sentencesOf(chunks: DocumentChunk[]): { id: number; ord: number; sentences: string[] }[] {
  return chunks.map((c) => ({
    id: c.id,
    ord: c.ord,
    sentences: splitSentences(c.text)
      .map((s) => s.toLowerCase().replace(/\s+/g, ' ').trim())
      .filter((s) => s.length > 0),
  }))
}

/** Chunks with sentences the other side lacks, the most such sentences first, then in reading order. */
function changedChunks(
  chunks: { id: number; ord: number; sentences: string[] }[],
  other: Set<string>,
): number[] {
  return chunks
    .map((c) => ({ id: c.id, ord: c.ord, novel: c.sentences.filter((s) => !other.has(s)).length }))
    .filter((c) => c.novel > 0)
    .sort((x, y) => y.novel - x.novel || x.ord - y.ord)
    .map((c) => c.id)
}
