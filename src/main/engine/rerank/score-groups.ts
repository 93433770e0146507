// How a search's candidates are handed to the scorers (the scoring threads, or one session on the
// calling thread). They come in tiers of first-stage rank, so whatever the budget reaches is the
// first stage's best; each tier is split in groups of similar length (length-groups.ts). All the
// groups of every tier form one queue and each scorer takes the next group as soon as it is free:
// scored as passes of 15, one after the other, a scorer that finished its share of the first pass
// waited for the other before the second began (3–11 ms of the p50 a search of dev-set
// candidates, side by side; bench/sections/rerank.ts --batches 15,30). A group starts only when the time per pair
// measured so far says it ends by the deadline; the first group always starts, so a reranker slower
// than its budget still says what it costs.
import { lengthGroups } from './length-groups.js'

/**
 * Candidates a tier: with one session, 30 pairs in passes of 10 took 3–6% less CPU than one pass
 * of 30 (the activations stay in the cache), and on the scoring threads groups of about 4 pairs
 * (a tier of 15 in four) took less CPU than groups of 8 or of 1–2 (bench/sections/rerank.ts
 * --batches 4,8,15,30).
 */
export const TIER_SIZE = 15

/**
 * Indices of the candidates in groups, tier after tier: two groups a scorer in each tier (a scorer
 * the system holds back then delays a quarter of a tier, not half of it), grouped by `lengths`
 * (longest first), or in rank order when `byLength` is false.
 */
export function planGroups(lengths: readonly number[], scorers: number, byLength = true): number[][] {
  const groups: number[][] = []
  for (let start = 0; start < lengths.length; start += TIER_SIZE) {
    const tier = lengths.slice(start, start + TIER_SIZE)
    const size = Math.ceil(tier.length / (2 * Math.max(1, scorers)))
    const inTier = byLength
      ? lengthGroups(tier, size)
      : Array.from({ length: Math.ceil(tier.length / size) }, (_, g) =>
          tier.slice(g * size, (g + 1) * size).map((_, i) => g * size + i),
        )
    for (const g of inTier) groups.push(g.map((i) => i + start))
  }
  return groups
}

/**
 * Runs `groups` on the scorers, each taking the next group when free, while `mayStart(group)` says
 * it ends in time (never asked for the first group). Returns each group's result, or undefined for
 * the groups left unstarted.
 */
export async function runGroups<T>(
  groups: readonly number[][],
  scorers: readonly ((group: number[]) => Promise<T>)[],
  mayStart: (group: number[]) => boolean,
): Promise<(T | undefined)[]> {
  const out: (T | undefined)[] = new Array(groups.length).fill(undefined)
  let next = 0
  await Promise.all(
    scorers.map(async (score) => {
      while (next < groups.length) {
        const i = next
        if (i > 0 && !mayStart(groups[i]!)) return
        next++
        out[i] = await score(groups[i]!)
      }
    }),
  )
  return out
}
