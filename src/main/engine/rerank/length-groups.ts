// A pass's pairs split into groups of similar length (its passages' lengths in characters, which order
// them as their word pieces do closely enough). A group is one padded batch: it costs what its
// longest pair costs times its size, so a short pair grouped with a pair at the cap is scored as if
// it were at the cap. Sorting by length before batching ("dynamic padding" with length bucketing, as
// sentence-transformers' encode does, and as BERT serving does to cut padding) makes each group about
// as long as its own pairs. Longest groups first: the threads take the next group when free, so the
// costliest start first and the short ones fill the ends (longest processing time first, Graham 1969).

/** Indices of `lengths` in groups of at most `size`, longest first; equal lengths keep their order. */
export function lengthGroups(lengths: readonly number[], size: number): number[][] {
  const order = lengths.map((_, i) => i).sort((a, b) => lengths[b]! - lengths[a]! || a - b)
  const step = Math.max(1, size)
  const groups: number[][] = []
  for (let i = 0; i < order.length; i += step) groups.push(order.slice(i, i + step))
  return groups
}
