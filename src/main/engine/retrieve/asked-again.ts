// Which of the previous answer's passages a follow-up asks about again. A follow-up that points
// back either asks again about what that passage says ("which one of those …", "is it slower?",
// "what does that mean?") or asks something new about what it named ("which arguments does that
// function take?"), whose answer is most often elsewhere in the same documents. The documents are
// good evidence either way; the passage only in the first case: lifted for a new question, it
// pushes down the passage that answers it (docs/tables.md, "Asking again or asking something new").
//
// The question itself tells the two apart: a follow-up asking again finds its own words in the
// earlier passage at least as well as anywhere else in those documents; one asking for something
// new finds them better in another passage there. This is the idea behind using history only where
// the current turn needs it: historical query expansion (Lin et al., "Query Reformulation using
// Query History for Passage Retrieval in Conversational Search", 2020) adds earlier turns' words
// only to an utterance its own words do not retrieve well; QuReTeC (Voskarides et al., "Query
// Resolution for Conversational Search with Limited Supervision", SIGIR 2020) keeps only the
// history terms the current question needs, learnt from the terms history shares with the current
// turn's answer passage; and Mo et al. ("Learning to Relate to Previous Turns in Conversational
// Search", KDD 2023) find that not every earlier turn helps, and keep those that improve retrieval
// for the current one. Here the earlier turn is a passage, and the test is the follow-up's own words.
// Applied when `earlierPassageShare` is above 0: off by default, the pool's follow-ups do not gain
// (tuning.ts).

/**
 * The earlier passages the follow-up asks about again: those whose share of the question's own
 * words (IDF-weighted coverage, without the earlier turns' words) is at least `share` times the
 * best share among the other candidates of the earlier answer's documents. A question with no
 * words of its own ("what does that mean?") covers nothing anywhere and keeps every passage;
 * `share` 0 keeps every passage whatever the question asks.
 */
export function passagesAskedAgain(
  earlier: readonly number[],
  others: readonly number[],
  ownCoverage: (chunkId: number) => number,
  share: number,
): number[] {
  if (share <= 0) return [...earlier]
  const mine = new Set(earlier)
  let best = 0
  for (const id of others) if (!mine.has(id)) best = Math.max(best, ownCoverage(id))
  return earlier.filter((id) => ownCoverage(id) >= share * best)
}
