import { describe, expect, it } from 'vitest'
import { KeywordSearch } from './keyword-search.js'
import { chunk, tempLibrary } from './test-library.js'

describe('document frequency within given documents', () => {
  // Chunks of the three documents are interleaved in id order by adding them one document at a time.
  const db = () =>
    tempLibrary({
      'a.pdf': [
        chunk(0, 'Threads', 'OpenMP threads'),
        chunk(1, 'Cores', 'cores only'),
        chunk(2, 'More', 'more OpenMP'),
      ],
      'b.pdf': [chunk(0, 'Solver', 'the solver uses OpenMP'), chunk(1, 'Plain', 'plain text')],
      'c.pdf': [chunk(0, 'Other', 'OpenMP again'), chunk(1, 'Threaded', 'threaded work')],
    })
  const ids = (d: ReturnType<typeof db>) =>
    Object.fromEntries(
      (d.prepare('SELECT id, path FROM documents').all() as { id: number; path: string }[]).map((r) => [
        r.path.replace('/docs/', ''),
        r.id,
      ]),
    )

  it('counts only the chunks of those documents that hold the word, stemmed as FTS5 indexed it', () => {
    const d = db()
    const doc = ids(d)
    const kw = new KeywordSearch(d)
    expect(kw.documentFrequencyIn('openmp', [doc['a.pdf']!])).toBe(2)
    expect(kw.documentFrequencyIn('openmp', [doc['a.pdf']!, doc['b.pdf']!])).toBe(3)
    expect(kw.documentFrequencyIn('openmp', [doc['a.pdf']!, doc['b.pdf']!, doc['c.pdf']!])).toBe(4)
    // "threaded" and "threads" both stem to "thread".
    expect(kw.documentFrequencyIn('thread', [doc['c.pdf']!])).toBe(1)
    expect(kw.documentFrequencyIn('solver', [doc['a.pdf']!, doc['c.pdf']!])).toBe(0)
    expect(kw.documentFrequencyIn('openmp', [])).toBe(0)
  })

  it('counts a stem FTS5 would stem again as the term it is, and as a word too', () => {
    // Porter is not idempotent: "expEYES" is indexed as "expey", which a MATCH query stems again to
    // "expei"; "because" as "becaus", stemmed again to "becau".
    const d = tempLibrary({
      'board.pdf': [
        chunk(0, 'Board', 'The expEYES Junior board has a sine wave socket.'),
        chunk(1, 'Why', 'It works because the socket is buffered.'),
      ],
      'other.pdf': [chunk(0, 'Other', 'Another expEYES kit.')],
    })
    const doc = ids(d)
    const kw = new KeywordSearch(d)
    expect(kw.documentFrequency('expey')).toBe(2)
    expect(kw.documentFrequencyIn('expey', [doc['board.pdf']!])).toBe(1)
    expect(kw.documentFrequencyIn('expey', [doc['board.pdf']!, doc['other.pdf']!])).toBe(2)
    expect(kw.documentFrequencyIn('expeyes', [doc['board.pdf']!])).toBe(1)
    expect(kw.documentFrequencyIn('becaus', [doc['board.pdf']!])).toBe(1)
    expect(kw.chunksHolding('expey')).toHaveLength(2)
    expect(kw.chunksHolding('becaus')).toHaveLength(1)
    expect(kw.chunksHolding('because')).toHaveLength(1)
  })
})
