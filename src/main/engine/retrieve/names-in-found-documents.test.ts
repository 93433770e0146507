import { describe, expect, it } from 'vitest'
import type { Db } from '../store/open-database.js'
import { HybridSearch } from './hybrid-search.js'
import { chunk, tempLibrary } from './test-library.js'
import { tuningWith } from './tuning.js'

/** The lexical decline rule alone, without leaving unsure declines to the model (decide.ts). */
const RULE_ALONE = { modelJudgesAboveLocal: 2, modelJudgesNameAboveRest: 2 }

/** A real library database: a scanner manual, and a solver manual that is the only one naming OpenMP. */
function library(): Db {
  return tempLibrary({
    'scanner.pdf': Array.from({ length: 8 }, (_, i) =>
      chunk(
        i,
        `Section ${i}`,
        `Tokenizing speed of the scanner is raised with option ${i}: the scanner reads input in larger blocks.`,
      ),
    ),
    'solver.pdf': [chunk(0, 'Threads', 'OpenMP threads run the solver on every core.')],
    // Other topics, so that the scanner's words are as rare in the library as real topic words are.
    'garden.pdf': Array.from({ length: 30 }, (_, i) =>
      chunk(i, `Bed ${i}`, `Roses in bed ${i} want water and sun.`),
    ),
  })
}

describe('names absent from the documents found', () => {
  const question = 'How can the tokenizing speed of the scanner be raised with OpenMP?'

  it('declines when the passages found come from documents that never name it', async () => {
    const search = new HybridSearch({
      db: library(),
      embedder: null,
      vectors: null,
      tuning: tuningWith(RULE_ALONE),
    })
    const r = await search.search(question, { k: 2 })
    expect(r.results.every((h) => h.file.endsWith('scanner.pdf'))).toBe(true)
    expect(r.decision).toMatchObject({ declined: true, reason: 'names-absent', decisive: ['OpenMP'] })
  })

  it('does not when that is turned off: another document of the library names it', async () => {
    const tuning = tuningWith({ ...RULE_ALONE, namesInFoundDocuments: 0 })
    const search = new HybridSearch({ db: library(), embedder: null, vectors: null, tuning })
    const r = await search.search(question, { k: 2 })
    expect(r.decision?.reason).not.toBe('names-absent')
  })

  it('finds the name when a document it comes from has it', async () => {
    const search = new HybridSearch({
      db: library(),
      embedder: null,
      vectors: null,
      tuning: tuningWith(RULE_ALONE),
    })
    const r = await search.search('How many OpenMP threads run the solver?', { k: 3 })
    expect(r.results[0]!.file).toMatch(/solver\.pdf$/)
    expect(r.decision?.reason).not.toBe('names-absent')
  })

  it('leaves the decision to the model when the rest of the question is found together', async () => {
    const q = 'Can MPI or Hadoop speed up the scanner?'
    const search = new HybridSearch({ db: library(), embedder: null, vectors: null })
    const r = await search.search(q, { k: 2 })
    expect(r.decision).toMatchObject({
      declined: false,
      doubtful: true,
      reason: 'names-absent',
      decisive: ['MPI', 'Hadoop'],
    })
    // The names' share of the question is what keeps `local` low: alone, that rule declines.
    expect(r.decision!.local).toBeLessThan(tuningWith({}).modelJudgesAboveLocal)
    const alone = new HybridSearch({
      db: library(),
      embedder: null,
      vectors: null,
      tuning: tuningWith(RULE_ALONE),
    })
    expect((await alone.search(q, { k: 2 })).decision).toMatchObject({
      declined: true,
      reason: 'names-absent',
    })
  })

  it('still declines when little of the rest is found together either', async () => {
    const search = new HybridSearch({ db: library(), embedder: null, vectors: null })
    const r = await search.search('Which MPI schedule splits irregular loops for the tokenizing step?', {
      k: 2,
    })
    expect(r.decision).toMatchObject({ declined: true, reason: 'names-absent', decisive: ['MPI'] })
  })

  it('finds a name whose stem FTS5 would stem again in the documents found', async () => {
    // "expEYES" is indexed as "expey", which a MATCH query stems again to "expei": counted by MATCH
    // within the documents found, the name read as absent and the question was declined.
    const db = tempLibrary({
      'expeyes.pdf': [
        chunk(0, 'Sockets', 'The expEYES Junior board gives a sine wave on the SINE socket, about 150 Hz.'),
        chunk(1, 'Sensors', 'The SEN socket of expEYES Junior reads resistive sensors.'),
      ],
      'garden.pdf': Array.from({ length: 30 }, (_, i) =>
        chunk(i, `Bed ${i}`, `Roses in bed ${i} want water and sun.`),
      ),
    })
    const search = new HybridSearch({ db, embedder: null, vectors: null, tuning: tuningWith(RULE_ALONE) })
    const r = await search.search('On the expEYES Junior board, which socket gives a sine wave?', { k: 2 })
    expect(r.results[0]!.file).toMatch(/expeyes\.pdf$/)
    expect(r.decision?.reason).not.toBe('names-absent')
    expect(r.decision?.declined).toBe(false)
  })
})
