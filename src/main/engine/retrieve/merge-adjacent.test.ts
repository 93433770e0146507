import { describe, expect, it } from 'vitest'
import { joinOverlapping, mergeAdjacent, sameSection, type RankedChunk } from './merge-adjacent.js'

function chunk(
  id: number,
  documentId: number,
  ord: number,
  score: number,
  over: Partial<RankedChunk> = {},
): RankedChunk {
  return { id, documentId, ord, score, text: `chunk ${id}`, section: '1 Intro', joinable: true, ...over }
}

describe('mergeAdjacent', () => {
  it('joins a neighbour of a passage already taken, at the better chunk’s rank', () => {
    const ranked = [chunk(1, 1, 5, 0.9), chunk(2, 2, 0, 0.8), chunk(3, 1, 6, 0.7), chunk(4, 1, 4, 0.6)]
    const out = mergeAdjacent(ranked, { k: 10, maxChunks: 3 })
    expect(out.map((p) => p.members.map((m) => m.id))).toEqual([[4, 1, 3], [2]])
    expect(out[0]!.anchor.id).toBe(1)
    expect(out[0]!.text).toBe('chunk 4\nchunk 1\nchunk 3')
  })

  it('never joins chunks of different documents or chunks that are not next to each other', () => {
    const ranked = [chunk(1, 1, 5, 0.9), chunk(2, 2, 6, 0.8), chunk(3, 1, 7, 0.7)]
    const out = mergeAdjacent(ranked, { k: 10, maxChunks: 3 })
    expect(out.map((p) => p.members.length)).toEqual([1, 1, 1])
  })

  it('keeps a passage inside one section and its subsections', () => {
    const ranked = [
      chunk(1, 1, 5, 0.9, { section: '5 Examples' }),
      chunk(2, 1, 6, 0.8, { section: '5 Examples > 5.1 Patents' }),
      chunk(3, 1, 4, 0.7, { section: '4 Theory' }),
    ]
    const out = mergeAdjacent(ranked, { k: 10, maxChunks: 3 })
    expect(out.map((p) => p.members.map((m) => m.id))).toEqual([[1, 2], [3]])
    expect(sameSection('5 Examples', '5 Examples > 5.1 Patents')).toBe(true)
    expect(sameSection('5 Examples > 5.1 Patents', '5 Examples > 5.2 Firms')).toBe(false)
    expect(sameSection('5 Examples', '5 Examples, continued')).toBe(false)
    expect(sameSection(null, null)).toBe(true)
    expect(sameSection(null, '1 Intro')).toBe(false)
  })

  it('reads on into the opening chunk of the next section, and no further', () => {
    const ranked = [
      chunk(1, 1, 5, 0.9, { section: '2 Updating > 2.1 Why the syntax changes' }),
      // The next section's first chunk (it opens with its heading) and its second one.
      chunk(2, 1, 6, 0.8, {
        section: '2 Updating > 2.2 Running the converter',
        text: '2.2 Running the converter\nRun it.',
      }),
      chunk(3, 1, 7, 0.7, { section: '2 Updating > 2.2 Running the converter', text: 'More on it.' }),
      // The section before: a passage does not reach back into it.
      chunk(4, 1, 4, 0.6, { section: '1 Intro', text: '1 Intro\nHello.' }),
    ]
    const out = mergeAdjacent(ranked, { k: 10, maxChunks: 3 })
    expect(out.map((p) => p.members.map((m) => m.id))).toEqual([[1, 2], [3], [4]])
    expect(out[0]!.anchor.id).toBe(1)
    // A chunk of the next section that does not open it stays apart.
    const middle = [
      chunk(1, 1, 5, 0.9, { section: '2 Updating > 2.1 Why the syntax changes' }),
      chunk(2, 1, 6, 0.8, { section: '2 Updating > 2.2 Running the converter', text: 'Run it.' }),
    ]
    expect(mergeAdjacent(middle, { k: 10, maxChunks: 3 }).map((p) => p.members.length)).toEqual([1, 1])
  })

  it('makes the same passages whichever of two neighbours ranks first', () => {
    // A subsection's continuation ranks best, then its parent section's text, then the chunk
    // between them, then the next section's opening.
    const parent = '6 Archives > 6.5 Testing'
    const sub = `${parent} > 6.5.1 Frozen`
    const ranked = [
      chunk(1, 1, 9, 0.9, { section: sub }),
      chunk(2, 1, 7, 0.8, { section: parent, text: '6.5 Testing\nPackages move.' }),
      chunk(3, 1, 8, 0.7, { section: sub, text: '6.5.1 Frozen\nWhen frozen.' }),
      chunk(4, 1, 10, 0.6, { section: '6 Archives > 6.6 Unstable', text: '6.6 Unstable\nNew.' }),
    ]
    const out = mergeAdjacent(ranked, { k: 10, maxChunks: 3 })
    // The section with its subsection, as when chunk 3 ranks above chunk 2, at chunk 1's rank.
    expect(out.map((p) => p.members.map((m) => m.id))).toEqual([[2, 3, 1], [4]])
    expect(out[0]!.anchor.id).toBe(1)
    const swapped = [ranked[0]!, ranked[2]!, ranked[1]!, ranked[3]!]
    expect(mergeAdjacent(swapped, { k: 10, maxChunks: 3 }).map((p) => p.members.map((m) => m.id))).toEqual([
      [2, 3, 1],
      [4],
    ])
    // A passage of another section, or one with a chunk that does not match, stays apart.
    const apart = [ranked[0]!, { ...ranked[1]!, section: '6 Archives > 6.4 Stable' }, ranked[2]!]
    expect(mergeAdjacent(apart, { k: 10, maxChunks: 3 }).map((p) => p.members.map((m) => m.id))).toEqual([
      [3, 1],
      [2],
    ])
    const weak = [ranked[0]!, { ...ranked[1]!, joinable: false }, ranked[2]!]
    expect(mergeAdjacent(weak, { k: 10, maxChunks: 3 }).map((p) => p.members.length)).toEqual([2, 1])
    // Only while the whole stays within the words allowed (the three chunks have 10).
    const short = mergeAdjacent(ranked, { k: 10, maxChunks: 3, maxTouchingWords: 9 })
    expect(short.map((p) => p.members.map((m) => m.id))).toEqual([[3, 1, 4], [2]])
    const long = mergeAdjacent(ranked, { k: 10, maxChunks: 3, maxTouchingWords: 10 })
    expect(long.map((p) => p.members.map((m) => m.id))).toEqual([[2, 3, 1], [4]])
    // Merging frees the passage's place for the next one.
    const more = [...ranked, chunk(5, 2, 0, 0.5), chunk(6, 3, 0, 0.4)]
    expect(mergeAdjacent(more, { k: 3, maxChunks: 3 }).map((p) => p.anchor.id)).toEqual([1, 4, 5])
  })

  it('grows a passage only while it stays within the words allowed, a table’s pipes not counted', () => {
    const words = (n: number, w: string) => Array.from({ length: n }, () => w).join(' ')
    const ranked = [
      chunk(1, 1, 5, 0.9, { text: words(6, 'alpha') }),
      chunk(2, 1, 6, 0.8, { text: `| a | b |\n| --- | --- |\n| ${words(2, 'beta')} |` }),
      chunk(3, 1, 4, 0.7, { text: words(6, 'gamma') }),
    ]
    // 6 + 4 words fit in 10 (pipes and the rule are not words); the third chunk would make 16.
    const out = mergeAdjacent(ranked, { k: 10, maxChunks: 3, maxWords: 10 })
    expect(out.map((p) => p.members.map((m) => m.id))).toEqual([[1, 2], [3]])
    expect(out[1]!.text).toBe(words(6, 'gamma'))
    // A chunk longer than the limit alone is still a passage.
    expect(mergeAdjacent(ranked, { k: 10, maxChunks: 3, maxWords: 3 }).map((p) => p.members.length)).toEqual([
      1, 1, 1,
    ])
    expect(mergeAdjacent(ranked, { k: 10, maxChunks: 3, maxWords: 16 }).map((p) => p.members.length)).toEqual(
      [3],
    )
  })

  it('never joins pieces of two different numbered tables, and joins two pieces of one', () => {
    const piece = (n: number, row: string) =>
      `Table ${n}: Constants\n| Name | Value |\n| --- | --- |\n| ${row} | 1 |`
    const ranked = [
      chunk(1, 1, 5, 0.9, { text: piece(8, 'bp') }),
      chunk(2, 1, 6, 0.8, { text: piece(9, 'cc') }),
      chunk(3, 1, 4, 0.7, { text: piece(8, 'pt') }),
      chunk(4, 1, 7, 0.6, { text: piece(9, 'pc') }),
      // Prose before a table still reads on into it.
      chunk(5, 1, 3, 0.5, { text: 'The constants are listed in Table 8.' }),
    ]
    const out = mergeAdjacent(ranked, { k: 10, maxChunks: 3 })
    expect(out.map((p) => p.members.map((m) => m.id))).toEqual([
      [5, 3, 1],
      [2, 4],
    ])
  })

  it('does not grow a passage by a neighbour that does not match the question itself', () => {
    const ranked = [chunk(1, 1, 5, 0.9), chunk(2, 1, 6, 0.8, { joinable: false })]
    const out = mergeAdjacent(ranked, { k: 10, maxChunks: 3 })
    expect(out.map((p) => p.members.map((m) => m.id))).toEqual([[1], [2]])
  })

  it('caps a passage at maxChunks and starts a new passage for the next neighbour', () => {
    const ranked = [1, 2, 3, 4].map((i) => chunk(i, 1, i, 1 - i / 10))
    const out = mergeAdjacent(ranked, { k: 10, maxChunks: 2 })
    expect(out.map((p) => p.members.map((m) => m.id))).toEqual([
      [1, 2],
      [3, 4],
    ])
    expect(mergeAdjacent(ranked, { k: 10, maxChunks: 1 })).toHaveLength(4)
  })

  it('returns k passages; chunks below the k-th passage can only join one, never add one', () => {
    const ranked = [chunk(1, 1, 0, 0.9), chunk(2, 2, 0, 0.8), chunk(3, 3, 0, 0.7), chunk(4, 2, 1, 0.6)]
    const out = mergeAdjacent(ranked, { k: 2, maxChunks: 3 })
    expect(out.map((p) => p.members.map((m) => m.id))).toEqual([[1], [2, 4]])
  })
})

describe('joinOverlapping', () => {
  it('keeps one copy of the sentences a chunk repeats from the one before it', () => {
    const a = 'First sentence here. Second sentence is shared.\nThird one too.'
    const b = 'Second sentence is shared.\nThird one too. Fourth is new.'
    expect(joinOverlapping([a, b])).toBe(
      'First sentence here. Second sentence is shared.\nThird one too. Fourth is new.',
    )
  })

  it('joins chunks without overlap (a new section) with a line break', () => {
    expect(joinOverlapping(['Ends here.', '2.1 Next section starts.'])).toBe(
      'Ends here.\n2.1 Next section starts.',
    )
  })

  it('does not take a single shared word for an overlap', () => {
    expect(joinOverlapping(['The value is ten', 'ten more follow.'])).toBe(
      'The value is ten\nten more follow.',
    )
  })

  it("says a table's caption, header and carried rows once when the next chunk goes on with its rows", () => {
    const head = 'Table 9: Predefined Constants\n| Name | Value |\n| --- | --- |'
    const a = `Some text before.\n${head}\n| bp | 1 |\n| cc | 12.79213 |\n| cm | 28.34645 |`
    // The next chunk opens with the head again, then the rows it carries over, then new rows.
    const b = `${head}\n| cc | 12.79213 |\n| cm | 28.34645 |\n| dd | 1.06601 |`
    expect(joinOverlapping([a, b])).toBe(`${a}\n| dd | 1.06601 |`)
    // Without rows carried over, the rows go on under the first header.
    expect(joinOverlapping([a, `${head}\n| dd | 1.06601 |`])).toBe(`${a}\n| dd | 1.06601 |`)
    // After other text or another table, the header is said again.
    const other = `${a}\nSome words after the table.`
    expect(joinOverlapping([other, `${head}\n| dd | 1.06601 |`])).toBe(`${other}\n${head}\n| dd | 1.06601 |`)
    const two = `${a}\nTable 10: Other\n| Name | Value |\n| --- | --- |\n| x | 1 |`
    expect(joinOverlapping([two, `${head}\n| dd | 1.06601 |`])).toBe(`${two}\n${head}\n| dd | 1.06601 |`)
  })
})
