// A table says little in words: its rows are labels and numbers, its caption a few words. What it
// is about is written around it ("The variable max-fonts determines after how many font files the
// scanner stops"; "the maximum-likelihood logistic regression gives"), and that is how a reader
// asks for it. Each candidate passage holding a table reads the prose of the passages before and
// after it in its document as context, matched as its heading is (score-evidence.ts): the table is
// found by what its neighbours say of it, and shown as it is. Open-domain table QA gives tables
// their page and section titles and surrounding text for the same reason (Herzig et al. 2021,
// "Open Domain Question Answering over Tables via Dense Retrieval"; Chen et al. 2021, OTT-QA).
import type { Statement } from 'better-sqlite3'
import type { Db } from '../store/open-database.js'
import type { ChunkRow } from './gather-candidates.js'
import type { SearchStage } from './search-stage-types.js'
import { holdsTableRows } from './table-row-evidence.js'

interface Neighbour {
  ord: number
  text: string
}

const statements = new WeakMap<Db, Statement<[number, number, number], Neighbour>>()

function neighboursOf(db: Db, row: ChunkRow): Neighbour[] {
  let stmt = statements.get(db)
  if (!stmt) {
    stmt = db.prepare<[number, number, number], Neighbour>(
      'SELECT ord, text FROM chunks WHERE document_id = ? AND ord IN (?, ?)',
    )
    statements.set(db, stmt)
  }
  return stmt.all(row.document_id, row.ord - 1, row.ord + 1)
}

/**
 * The running text of a passage next to a table, at most `words` words of it on the table's side:
 * the end of the passage before, the start of the one after. Table rows are left out (a long
 * table's other pieces hold rows, not what the table is).
 */
export function proseNextTo(text: string, before: boolean, words: number): string {
  const prose = text
    .split('\n')
    .filter((l) => !l.trim().startsWith('|'))
    .join(' ')
    .split(/\s+/)
    .filter(Boolean)
  return (before ? prose.slice(-words) : prose.slice(0, words)).join(' ')
}

/** The candidates, each one holding a table with the prose around it as `table_context`. */
export function withTableContext(db: Db, rows: ChunkRow[], words: number): ChunkRow[] {
  return rows.map((row) => {
    if (!holdsTableRows(row.text)) return row
    const context = neighboursOf(db, row)
      .sort((a, b) => a.ord - b.ord)
      .map((n) => proseNextTo(n.text, n.ord < row.ord, words))
      .filter(Boolean)
      .join(' ')
    return context ? { ...row, table_context: context } : row
  })
}

export const tableContextStage: SearchStage = {
  name: 'table-context',
  applies: (r) => r.T.tableContextWords > 0,
  run: (r, d) => {
    r.candidates = { ...r.candidates, rows: withTableContext(d.db, r.candidates.rows, r.T.tableContextWords) }
  },
}
