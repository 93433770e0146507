/**
 * Weighted reciprocal-rank fusion: robust to the very different score scales of BM25,
 * lexical coverage and cosine similarity, so no per-library score calibration is needed.
 */
export function fuseRanks(lists: { ids: number[]; weight: number }[], k = 60): Map<number, number> {
  const fused = new Map<number, number>()
  for (const { ids, weight } of lists) {
    ids.forEach((id, rank) => fused.set(id, (fused.get(id) ?? 0) + weight / (k + rank + 1)))
  }
  return fused
}
