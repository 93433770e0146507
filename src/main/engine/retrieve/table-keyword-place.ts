// BM25 reads a table passage as a bag of words: it cannot see that a row label and a column header
// together answer a lookup, nor what the prose around the table says of it, and a table names
// each thing once where the prose about it repeats its words. The evidence re-rank reads both
// (table-row-evidence.ts, table-context-stage.ts). So in the fusion (fuse-candidates.ts) a
// passage holding a table does not stand further down the keyword list than it stands in the
// evidence ranking: no further at all when one of its rows answers better than any window of its
// running text does, at most `slack` places further otherwise. Table retrieval reads a table by
// its fields (caption, header, rows, the text around it) for the same reason, rather than as one
// flat text (Zhang and Balog 2018, "Ad Hoc Table Retrieval using Semantic Similarity"; Pimplikar
// and Sarawagi 2012, "Answering Table Queries on the Web using Column Keywords").

/**
 * The keyword list's ids with each table passage moved up to its evidence place (`rowAnswers`
 * true) or to `slack` places behind it, never down; the others keep their order.
 */
export function withTablePlaces(
  keywordIds: number[],
  evidenceIds: number[],
  isTable: (id: number) => boolean,
  rowAnswers: (id: number) => boolean,
  slack: number,
): number[] {
  const evidencePlace = new Map(evidenceIds.map((id, i) => [id, i]))
  return keywordIds
    .map((id, i) => {
      const e = evidencePlace.get(id)
      const place = e === undefined || !isTable(id) ? i : Math.min(i, rowAnswers(id) ? e : e + slack)
      return { id, place, i }
    })
    .sort((a, b) => a.place - b.place || a.i - b.i)
    .map((x) => x.id)
}
