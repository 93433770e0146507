// A follow-up that points back at the previous answer ("which one of those is written in C?",
// "what arguments does that function take?") is about where that answer was found: the same
// documents, most often the same passage or table. Its own words rarely say which, and the
// earlier question's words, searched over the whole library, can lose the place to another
// document that happens to share them. So the previous answer's passages (SearchOptions
// .earlierPassages: the app passes the passages of the conversation's last answer, cited first)
// are searched first: their documents are searched again on their own, and fusion ranks the
// candidates of those documents, and the passage the answer rested on most (the first one), as
// lists of their own (fuse-candidates.ts). Only the first passage: a follow-up often asks the next
// thing, found near the rest of what the answer was given, not in it. The decline rule is not
// changed: it reads the question's own words (and the earlier turns', as for any follow-up) in the
// passages that rank first, whichever they are.
import { chunksCaptioning, tableMentions, tablesHeld } from './referenced-tables.js'
import { refersBack } from './refers-back.js'
import type { SearchStage } from './search-stage-types.js'

export const earlierTurnStage: SearchStage = {
  name: 'earlier-turn',
  applies: (r) =>
    (r.opts.earlierPassages?.length ?? 0) > 0 &&
    r.question.context.length > 0 &&
    r.T.wEarlierDocument + r.T.wEarlierPassage > 0 &&
    refersBack(r.question.query),
  run: async (r, d) => {
    const scope = r.opts.documentIds ? new Set(r.opts.documentIds) : null
    const known = new Map(r.candidates.rows.map((row) => [row.id, row]))
    const wanted = [...new Set(r.opts.earlierPassages)]
    const fetched = d.gatherer.rowsOf(wanted.filter((id) => !known.has(id)))
    for (const row of fetched) known.set(row.id, row)
    // Chunks gone from the library since, or outside the documents this search is limited to, are not searched.
    const passages = wanted
      .map((id) => known.get(id))
      .filter((row) => row !== undefined && (!scope || scope.has(row.document_id)))
    if (passages.length === 0) return
    const documentIds = [...new Set(passages.map((row) => row!.document_id))]
    const found = await d.gatherer.gather(r.question, r.mode, r.T, documentIds)
    // The passage the answer rested on most, the tables it names by number, and every piece of a
    // table it holds a piece of (msm's outcome distributions: the answer rested on the table's last
    // piece, and the follow-up "which arguments does that distribution function take?" on its row
    // in an earlier piece).
    const first = passages[0]!
    const tableIds = chunksCaptioning(d.db, first.document_id, [
      ...new Set([...tableMentions(first.text), ...tablesHeld(first.text)]),
    ]).filter((id) => id !== first.id)
    const tables = d.gatherer.rowsOf(tableIds.filter((id) => !known.has(id)))
    const rows = [...r.candidates.rows]
    const have = new Set(rows.map((row) => row.id))
    for (const row of [...passages, ...found.rows, ...tables])
      if (!have.has(row!.id)) {
        have.add(row!.id)
        rows.push(row!)
      }
    r.candidates = {
      ...r.candidates,
      rows,
      earlier: {
        documentIds,
        chunkIds: [first.id, ...tableIds],
      },
    }
  },
}
