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
  const versions = shared >= VERSIONS_SHARED
  return {
    shared: Math.round(shared * 1000) / 1000,
    versions,
    differing: versions
      ? [changedChunks(sa, setB, textOf(sb)), changedChunks(sb, setA, textOf(sa))]
      : [[], []],
  }
}

interface ChunkSentences {
  id: number
  ord: number
  sentences: string[]
}

function sentencesOf(chunks: DocumentChunk[]): ChunkSentences[] {
  return chunks.map((c) => ({
    id: c.id,
    ord: c.ord,
    sentences: splitSentences(c.text)
      .map(normalize)
      .filter((s) => s.length > 0),
  }))
}

const normalize = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim()

/** A document's whole text, for telling a sentence cut at a chunk's edge from a new one. */
function textOf(chunks: ChunkSentences[]): string | null {
  const text = chunks.map((c) => c.sentences.join(' ')).join(' ')
  return text.length <= MAX_FRAGMENT_TEXT ? text : null
}

/** Above this many characters a sentence is not looked up in the other text (time). */
const MAX_FRAGMENT_TEXT = 4_000_000

/**
 * Chunks with sentences the other side lacks, the most such sentences first, then in reading
 * order. Chunks overlap and their edges cut sentences, so a sentence the other side does not have
 * whole is new only if the other document's text does not contain it either (versions share most
 * sentences, so few are looked up).
 */
function changedChunks(chunks: ChunkSentences[], other: Set<string>, otherText: string | null): number[] {
  const isNew = (s: string) => !other.has(s) && !otherText?.includes(s)
  return chunks
    .map((c) => ({ id: c.id, ord: c.ord, novel: c.sentences.filter(isNew).length }))
    .filter((c) => c.novel > 0)
    .sort((x, y) => y.novel - x.novel || x.ord - y.ord)
    .map((c) => c.id)
}
