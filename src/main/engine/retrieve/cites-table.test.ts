import { describe, expect, it } from 'vitest'
import { citesTable } from './cites-table.js'
import { HybridSearch } from './hybrid-search.js'
import { chunk, tempLibrary } from './test-library.js'

describe('citesTable', () => {
  it('reads a table named as where the answer is', () => {
    for (const q of [
      'What does the operator sind compute, going by the big operators table?',
      'Which function integrates DDEs, according to the table of solvers?',
      'Among the models compared in Table 2 of the paper, which has the smallest AIC?',
      'What fertility rate does the table give for Ireland in 2010?',
      'In the lmBenchmark table, how slow is the QR fit?',
    ])
      expect(citesTable(q), q).toBe(true)
  })

  it('leaves tables that are the topic of the question', () => {
    for (const q of [
      'A long table in my output refuses to continue onto the next page. Why?',
      'Can one cell stretch over two columns in a Platypus table?',
      'How strongly are the DFA tables packed?',
      'What does the operator sind compute?',
    ])
      expect(citesTable(q), q).toBe(false)
  })
})

describe('a question that names a table as its source', () => {
  it("ranks the table's rows ahead of prose that shares more of its words", async () => {
    const db = tempLibrary({
      'manual.pdf': [
        chunk(
          0,
          'Unary operators',
          'Operators such as sind compute a value from one argument; the operator sqrt computes a square root, and the operators compute results as numerics.',
        ),
        chunk(
          1,
          'Reference',
          'Table 10: Operators\n| Name | Result | Explanation |\n| --- | --- | --- |\n| sind | numeric | Sine of an angle in degrees |\n| sqrt | numeric | Square root |',
        ),
        ...Array.from({ length: 12 }, (_, i) =>
          chunk(i + 2, `Drawing ${i}`, `Draw a path with pen ${i} and fill it.`),
        ),
      ],
    })
    const search = new HybridSearch({ db, embedder: null, vectors: null })
    const plain = await search.search('What does the operator sind compute?', { k: 3 })
    expect(plain.results[0]!.text).toContain('Operators such as sind')
    const cited = await search.search('What does the operator sind compute, going by the operators table?', {
      k: 3,
    })
    expect(cited.results[0]!.text).toContain('| sind | numeric | Sine of an angle in degrees |')
  })
})
