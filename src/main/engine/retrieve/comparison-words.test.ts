import { describe, expect, it } from 'vitest'
import type { Db } from '../store/open-database.js'
import { comparisonWords } from './comparison-words.js'
import { HybridSearch } from './hybrid-search.js'
import { chunk, tempLibrary } from './test-library.js'
import { tuningWith } from './tuning.js'

/** The lexical decline rule alone, without leaving unsure declines to the model (decide.ts). */
const RULE_ALONE = { modelJudgesAboveLocal: 2, modelJudgesNameAboveRest: 2 }

describe('comparisonWords', () => {
  it('takes the words after a comparison marker, up to the end of the clause', () => {
    expect([...comparisonWords('Can a cell span two rows, like colspan/rowspan in HTML? How?')]).toEqual([
      'colspan',
      'rowspan',
      'in',
      'html',
    ])
    expect([...comparisonWords('Is there a dry run, similar to make -n, for this?')]).toEqual(['make', 'n'])
  })

  it('takes the modifier of a resemblance compound', () => {
    expect([...comparisonWords('How do I get Indian-style grouping?')]).toEqual(['indian'])
    expect([...comparisonWords('Are there C-like comments?')]).toEqual(['c'])
  })

  it('leaves "like" the verb alone, and questions without a comparison', () => {
    expect(comparisonWords('I would like to export to PowerPoint.').size).toBe(0)
    expect(comparisonWords("I don't like the default margins").size).toBe(0)
    expect(comparisonWords('Which Maxima command solves PDEs?').size).toBe(0)
  })
})

/** A real library: a number-formatting manual that never says "Indian" or "colspan". */
function library(): Db {
  return tempLibrary({
    'numbers.pdf': [
      chunk(
        0,
        'Digit grouping',
        'Set digit-group-other-size = 2 to group digits in pairs after the first group.',
      ),
      chunk(1, 'Tables', 'A table cell can span several columns with the span command of the table style.'),
      ...Array.from({ length: 20 }, (_, i) =>
        chunk(i + 2, `Units ${i}`, `Unit ${i} is printed after the number.`),
      ),
    ],
  })
}

describe('the decline rule and comparisons', () => {
  it('does not take a compared name for a name the library lacks', async () => {
    const search = new HybridSearch({
      db: library(),
      embedder: null,
      vectors: null,
      tuning: tuningWith(RULE_ALONE),
    })
    const r = await search.search('How do I get Indian-style digit grouping in pairs?', { k: 3 })
    expect(r.decision).toMatchObject({ declined: false, reason: 'answered' })
    const off = new HybridSearch({
      db: library(),
      embedder: null,
      vectors: null,
      tuning: tuningWith({ ...RULE_ALONE, comparisonWords: 0 }),
    })
    const r0 = await off.search('How do I get Indian-style digit grouping in pairs?', { k: 3 })
    expect(r0.decision).toMatchObject({ declined: true, reason: 'names-absent', decisive: ['Indian'] })
  })

  it('still declines a name asked about directly', async () => {
    const search = new HybridSearch({
      db: library(),
      embedder: null,
      vectors: null,
      tuning: tuningWith(RULE_ALONE),
    })
    const r = await search.search('How do I get Indian digit grouping in pairs?', { k: 3 })
    expect(r.decision).toMatchObject({ declined: true, reason: 'names-absent', decisive: ['Indian'] })
  })

  it('does not raise the coverage needed for a compared word no dictionary holds', async () => {
    const search = new HybridSearch({
      db: library(),
      embedder: null,
      vectors: null,
      tuning: tuningWith(RULE_ALONE),
    })
    const q = 'Can one table cell cover two columns, like colspan in HTML?'
    const r = await search.search(q, { k: 3 })
    expect(r.decision?.missing).toContain('colspan')
    expect(r.decision).toMatchObject({ declined: false, decisive: [] })
    const off = new HybridSearch({
      db: library(),
      embedder: null,
      vectors: null,
      tuning: tuningWith({ ...RULE_ALONE, comparisonWords: 0 }),
    })
    expect((await off.search(q, { k: 3 })).decision).toMatchObject({ declined: true, reason: 'names-absent' })
  })
})
