import { describe, expect, it } from 'vitest'
import { chunksCaptioning, tableMentions, tablesHeld } from './referenced-tables.js'
import { chunk, tempLibrary } from './test-library.js'

describe('tableMentions', () => {
  it('reads the tables named in running text, once each, not a caption opening a line', () => {
    expect(
      tableMentions(
        'Table 2: Prices\n| a | b |\nThe functions are summarized in Table 1 (see also Tables 3 and Table 1).',
      ),
    ).toEqual([1, 3])
    expect(tableMentions('No table here; a tablet 3 is no table.')).toEqual([])
  })
})

describe('tablesHeld', () => {
  it('reads the tables whose caption opens a line of the passage, not those named in its text', () => {
    expect(tablesHeld('Table 2: Prices\n| a | b |\nSee Table 1.\nTable 4. Costs\n| c |')).toEqual([2, 4])
    expect(tablesHeld('As Table 3 shows, nothing is held here.')).toEqual([])
  })
})

describe('chunksCaptioning', () => {
  it("finds every piece of a document's table by its caption, in document order, and no other document's", () => {
    const db = tempLibrary({
      'paper.pdf': [
        chunk(0, 'Intro', 'The key functions are summarized in Table 1.'),
        chunk(1, 'Intro', 'Table 1: Key functions\n| Fitting | Other |\n| --- | --- |\n| clm | slice |'),
        chunk(
          2,
          'Intro',
          'Table 1: Key functions (continued)\n| Fitting | Other |\n| --- | --- |\n| clmm | drop |',
        ),
        chunk(3, 'Results', 'Table 10: Estimates\n| a | b |\n| --- | --- |\n| 1 | 2 |'),
      ],
      'other.pdf': [chunk(0, 'Intro', 'Table 1: Something else\n| x |\n| --- |\n| 1 |')],
    })
    const ids = (db.prepare('SELECT id FROM chunks ORDER BY id').pluck().all() as number[]).slice(0, 4)
    const paper = db
      .prepare(`SELECT id FROM documents WHERE path = '/docs/paper.pdf'`)
      .pluck()
      .get() as number
    expect(chunksCaptioning(db, paper, [1])).toEqual([ids[1], ids[2]])
    expect(chunksCaptioning(db, paper, [10])).toEqual([ids[3]])
    expect(chunksCaptioning(db, paper, [])).toEqual([])
  })
})
