// Query help's search side: the other wordings (or the hypothetical answer passage) the model wrote
// for the question are each searched as the question is (FTS5, and the vectors in hybrid mode), and
// their candidate lists join the fusion at a lower weight (tuning.ts wAlsoSearched). The evidence,
// the fusion's own lists and the decision stay the question's: text the model wrote can bring a
// passage forward, never make a question the library cannot answer look answered.
import { analyseQuestion } from './analyse-question.js'
import type { SearchStage } from './search-stage-types.js'

export const alsoSearchStage: SearchStage = {
  name: 'also-search',
  applies: (r) => (r.opts.alsoSearch?.length ?? 0) > 0 && r.T.wAlsoSearched > 0,
  run: async (r, d) => {
    const queries = r.opts.alsoSearch!
    const known = new Set(r.candidates.rows.map((row) => row.id))
    const lists: { ids: number[]; weight: number }[] = []
    for (const query of queries) {
      const q = analyseQuestion(query, [], d.keyword, r.T)
      const found = await d.gatherer.gather(q, r.mode, r.T, r.opts.documentIds)
      lists.push({ ids: found.bm25.map((c) => c.id), weight: r.T.wBm25 * r.T.wAlsoSearched })
      if (found.vector.length)
        lists.push({ ids: found.vector.map((v) => v.id), weight: r.T.wVector * r.T.wAlsoSearched })
      for (const row of found.rows)
        if (!known.has(row.id)) {
          known.add(row.id)
          r.candidates.rows.push(row)
        }
    }
    r.candidates = { ...r.candidates, alsoSearched: lists }
    r.notes.push({ stage: 'also-searched', queries })
  },
}
