// Retrieval never fills two result slots with the same text (docs/duplicates.md): a document kept
// twice on purpose, a re-exported copy imported before this rule, or boilerplate repeated across
// files would otherwise show one passage several times. Near-identical passages become one source
// at the better rank, naming every file it was found in.
import type { SearchHit } from '@shared/library-types.js'
import { fingerprintText } from '../duplicates/text-fingerprint.js'

/** Characters per shingle when comparing two passages. */
const SHINGLE = 6
/** Share of the shorter passage's shingles found in the other from which they are one text. */
const SAME_PASSAGE = 0.9

function shingles(text: string): Set<string> {
  const t = fingerprintText(text)
  const out = new Set<string>()
  for (let i = 0; i + SHINGLE <= t.length; i++) out.add(t.slice(i, i + SHINGLE))
  if (out.size === 0 && t) out.add(t)
  return out
}

/** The shorter passage lies (nearly) whole in the longer: the same text, perhaps cut differently. */
function samePassage(a: Set<string>, b: Set<string>): boolean {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a]
  if (small.size === 0) return false
  let inBoth = 0
  for (const s of small) if (large.has(s)) inBoth++
  return inBoth / small.size >= SAME_PASSAGE
}

/**
 * The first `k` distinct passages of `hits` (best first), ranks renumbered; a passage that repeats
 * one above it is dropped, and its document, when another, is added to that one's alsoIn.
 */
export function collapseDuplicates(hits: SearchHit[], k: number): SearchHit[] {
  const kept: { hit: SearchHit; shingles: Set<string> }[] = []
  for (const hit of hits) {
    const own = shingles(hit.text)
    const same = kept.find((p) => samePassage(p.shingles, own))
    if (!same) {
      if (kept.length < k) kept.push({ hit: { ...hit }, shingles: own })
      continue
    }
    const named = [same.hit.documentId, ...(same.hit.alsoIn ?? []).map((d) => d.documentId)]
    if (!named.includes(hit.documentId))
      same.hit.alsoIn = [
        ...(same.hit.alsoIn ?? []),
        { documentId: hit.documentId, file: hit.file, title: hit.title },
      ]
  }
  return kept.map((p, i) => ({ ...p.hit, rank: i + 1 }))
}
