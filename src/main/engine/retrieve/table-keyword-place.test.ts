import { describe, expect, it } from 'vitest'
import { HybridSearch } from './hybrid-search.js'
import { withTablePlaces } from './table-keyword-place.js'
import { chunk, tempLibrary } from './test-library.js'
import { DEFAULT_TUNING, tuningWith } from './tuning.js'

describe('withTablePlaces', () => {
  const tables = new Set([4, 5])
  const isTable = (id: number) => tables.has(id)

  it('moves a table whose row answers up to its evidence place, and another table to within the slack of it', () => {
    const keyword = [1, 2, 3, 4, 5, 6]
    const evidence = [5, 4, 1, 2, 3, 6]
    // 5's row answers: place 0, after 1 (ties keep the keyword order). 4's does not: evidence
    // place 1 plus a slack of 2 = 3, after 3 (place 2).
    expect(withTablePlaces(keyword, evidence, isTable, (id) => id === 5, 2)).toEqual([1, 5, 2, 3, 4, 6])
    expect(withTablePlaces(keyword, evidence, isTable, (id) => id === 5, 0)).toEqual([1, 5, 2, 4, 3, 6])
  })

  it('never moves a table down, and leaves running text and passages without evidence in their order', () => {
    expect(withTablePlaces([4, 1, 2, 5], [1, 2, 4], isTable, () => true, 0)).toEqual([4, 1, 2, 5])
    expect(withTablePlaces([1, 2, 3], [3, 2, 1], isTable, () => true, 0)).toEqual([1, 2, 3])
  })
})

// A long table: the row asked for is far from the header and caption that name its columns.
const PARAMETERS = ['Mode ID', 'Wideband bit', 'Pitch gain', 'Innovation gain', 'Innovation VQ', 'Fine pitch']
const TABLE = [
  'Table 9.1: Bit allocation for narrowband modes',
  '| Parameter | Update rate | 0 | 1 | 2 | 3 | 4 | 5 |',
  '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ...Array.from(
    { length: 24 },
    (_, i) => `| ${PARAMETERS[i % PARAMETERS.length]} ${i} | frame | 0 | 1 | 1 | 2 | 3 | ${i} |`,
  ),
  '| LSP | frame | 0 | 18 | 18 | 18 | 18 | 30 |',
].join('\n')

// Prose about the same things that repeats the question's words, as a manual's chapter does: BM25
// puts each of these passages before the table, which names each thing once.
const PROSE = [
  'A narrowband frame lasts 20 ms. The encoder picks a sub-mode for every frame, and the sub-mode ' +
    'decides how the bits of the frame are spent: a higher sub-mode spends more bits on each frame.',
  'The total of bits in a frame grows with the sub-mode the encoder runs in; the bits of a ' +
    'narrowband frame are packed in the order the encoder computes them.',
  'The LSP parameters of a narrowband frame are quantised with a number of bits that depends on ' +
    'the sub-mode: the LSP bits of a frame are sent first, and the LSP of every frame are coded.',
]

const library = () =>
  tempLibrary({
    // Each passage of prose between two others that do not match, so none is merged with another.
    'speex.pdf': [
      ...PROSE.flatMap((text, i) => [
        chunk(2 * i, 'Narrowband mode', text),
        chunk(2 * i + 1, 'History', `The codec was designed for speech over packet networks (${i}).`),
      ]),
      chunk(6, 'Bit allocation', TABLE),
    ],
    'other.pdf': Array.from({ length: 12 }, (_, i) =>
      chunk(i, `Section ${i}`, `The paper tray ${i} holds letter paper, and tray ${i} feeds the printer.`),
    ),
  })

describe('a long table whose row answers a lookup', () => {
  it('moves up past prose that BM25 puts first only for repeating the question’s words', async () => {
    const question = 'How many bits does the LSP parameter take in a narrowband frame at sub-mode 5?'
    const places = async (tableKeywordPlace: number) => {
      const tuning = tableKeywordPlace ? DEFAULT_TUNING : tuningWith({ tableKeywordPlace })
      const search = new HybridSearch({ db: library(), embedder: null, vectors: null, tuning })
      const texts = (await search.search(question, { k: 5 })).results.map((r) => r.text)
      return {
        table: texts.findIndex((t) => t.includes('| LSP | frame | 0 | 18 |')),
        prose: PROSE.map((p) => texts.findIndex((t) => t.includes(p))),
      }
    }
    // Off: the table comes after two passages of prose (BM25 puts it fourth, the evidence second).
    const off = await places(0)
    expect(off.table).toBe(2)
    expect(off.prose.filter((p) => p >= 0 && p < off.table)).toHaveLength(2)
    // On: after only the prose passage that the evidence ranks first as well.
    const on = await places(DEFAULT_TUNING.tableKeywordPlace)
    expect(on.table).toBe(1)
    expect(on.prose[2]).toBe(0)
  })
})
