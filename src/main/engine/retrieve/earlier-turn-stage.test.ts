import { describe, expect, it } from 'vitest'
import { earlierPassagesOfSearch } from '../answer/earlier-passages.js'
import type { Db } from '../store/open-database.js'
import { HybridSearch } from './hybrid-search.js'
import { chunk, tempLibrary } from './test-library.js'

// A follow-up that points back ("which one of those …") is searched where the previous answer was
// found first (earlier-turn-stage.ts). A real library: a statistics paper whose overview table
// marks the functions written in C, and a drawing manual that says "implemented in C" far more.

function library(): Db {
  return tempLibrary({
    'ordinal.pdf': [
      chunk(
        0,
        'Package overview',
        'The ordinal package fits cumulative link models; its key functions are summarized in Table 1.\n' +
          'Table 1: Key functions in ordinal. Superscript "c": the function is written in C.\n' +
          '| Fitting | Miscellaneous |\n| --- | --- |\n| clm | convergence |\n| clmmc | slice |\n| clm.fit | drop.coef |',
      ),
      ...Array.from({ length: 12 }, (_, i) =>
        chunk(
          i + 1,
          `Section ${i}`,
          `Cumulative link model example ${i}: the wine data fitted with clm and link ${i}.`,
        ),
      ),
    ],
    'metapost.pdf': [
      chunk(
        0,
        'Marked primitives',
        'Primitives marked with a star are implemented in C; the ones marked with a dagger are implemented in Lua. Only one is marked twice.',
      ),
      chunk(
        1,
        'Internals',
        'The path solver is implemented in C. The number system is implemented in C too.',
      ),
      ...Array.from({ length: 12 }, (_, i) =>
        chunk(i + 2, `Drawing ${i}`, `Draw a path with pen ${i} and fill it.`),
      ),
    ],
  })
}

const FIRST = 'What are the model-fitting functions of the ordinal package, according to its overview table?'
const FOLLOW_UP = 'Which one of those is marked as implemented in C?'

async function firstTurn(search: HybridSearch) {
  const r = await search.search(FIRST, { k: 10 })
  expect(r.results[0]!.file).toBe('/docs/ordinal.pdf')
  return earlierPassagesOfSearch(r)
}

describe('a follow-up that points back at the previous answer', () => {
  it('is searched first in the document and passage the previous answer came from', async () => {
    const search = new HybridSearch({ db: library(), embedder: null, vectors: null })
    const earlierPassages = await firstTurn(search)
    const without = await search.search(FOLLOW_UP, { k: 5, context: [FIRST] })
    expect(without.results[0]!.file).toBe('/docs/metapost.pdf')
    const r = await search.search(FOLLOW_UP, { k: 5, context: [FIRST], earlierPassages })
    expect(r.results[0]!.file).toBe('/docs/ordinal.pdf')
    expect(r.results[0]!.text).toContain('| clmmc | slice |')
    // The decline rule reads the question's words as before: here the same coverage.
    expect(r.decision!.coverage).toBe(without.decision!.coverage)
  })

  it('is searched as before when the question names its own topic, or with no earlier turn', async () => {
    const search = new HybridSearch({ db: library(), embedder: null, vectors: null })
    const earlierPassages = await firstTurn(search)
    const ownTopic = 'Which primitives are marked as implemented in C?'
    const before = await search.search(ownTopic, { k: 5, context: [FIRST] })
    const after = await search.search(ownTopic, { k: 5, context: [FIRST], earlierPassages })
    expect(after.results.map((h) => h.chunkId)).toEqual(before.results.map((h) => h.chunkId))
    const alone = await search.search(FOLLOW_UP, { k: 5 })
    const aloneWithPassages = await search.search(FOLLOW_UP, { k: 5, earlierPassages })
    expect(aloneWithPassages.results.map((h) => h.chunkId)).toEqual(alone.results.map((h) => h.chunkId))
  })

  it('leaves out passages outside the documents searched and chunks no longer in the library', async () => {
    const db = library()
    const search = new HybridSearch({ db, embedder: null, vectors: null })
    const earlierPassages = await firstTurn(search)
    const metapost = (
      db.prepare(`SELECT id FROM documents WHERE path = '/docs/metapost.pdf'`).get() as { id: number }
    ).id
    const r = await search.search(FOLLOW_UP, {
      k: 5,
      context: [FIRST],
      earlierPassages: [...earlierPassages, 999_999],
      documentIds: [metapost],
    })
    expect(r.results.length).toBeGreaterThan(0)
    expect(r.results.every((h) => h.file === '/docs/metapost.pdf')).toBe(true)
  })

  it('also searches first the table the previous answer names by number, printed elsewhere', async () => {
    const db = tempLibrary({
      'ordinal.pdf': [
        chunk(
          0,
          'Overview',
          'Table 1: Key functions in ordinal. Superscript "c": the function is written in C.\n| Fitting | Miscellaneous |\n| --- | --- |\n| clm | convergence |\n| clmmc | slice |',
        ),
        ...Array.from({ length: 12 }, (_, i) =>
          chunk(
            i + 1,
            `Section ${i}`,
            `Cumulative link model example ${i}: the wine data fitted with clm and link ${i}.`,
          ),
        ),
        chunk(
          13,
          'Package overview',
          'The model-fitting functions of the ordinal package are clm and clmm, as summarized in Table 1.',
        ),
      ],
      'metapost.pdf': [
        chunk(
          0,
          'Marked primitives',
          'Primitives marked with a star are implemented in C; the ones marked with a dagger are implemented in Lua. Only one is marked twice.',
        ),
        ...Array.from({ length: 12 }, (_, i) =>
          chunk(i + 1, `Drawing ${i}`, `Draw a path with pen ${i} and fill it.`),
        ),
      ],
    })
    const search = new HybridSearch({ db, embedder: null, vectors: null })
    const overview = db
      .prepare(`SELECT id FROM chunks WHERE text LIKE 'The model-fitting%'`)
      .pluck()
      .get() as number
    const r = await search.search(FOLLOW_UP, { k: 5, context: [FIRST], earlierPassages: [overview] })
    const at = (hits: typeof r.results, text: string) => hits.findIndex((h) => h.text.includes(text))
    expect(at(r.results, '| clmmc | slice |')).toBeLessThan(at(r.results, 'Primitives marked'))
    // The same follow-up after an answer from a passage that names no table.
    const plain = db
      .prepare(`SELECT id FROM chunks WHERE text LIKE 'Cumulative link model example 3%'`)
      .pluck()
      .get() as number
    const after = await search.search(FOLLOW_UP, { k: 5, context: [FIRST], earlierPassages: [plain] })
    expect(at(after.results, '| clmmc | slice |')).toBeGreaterThan(at(after.results, 'Primitives marked'))
  })

  it('also searches first the other pieces of a table the previous answer rested on a piece of', async () => {
    // A long table split over two passages, each opening with the caption: the answer rested on
    // the second piece; the follow-up's row is in the first.
    const head =
      'Table 1: Hidden Markov model distributions in msm.\n| Function | Distribution | Parameters |\n| --- | --- | --- |\n'
    const db = tempLibrary({
      'msm.pdf': [
        chunk(
          0,
          'Hidden Markov models',
          `${head}| hmmCat | Categorical | prob, basecat |\n| hmmExp | Exponential | rate |`,
        ),
        ...Array.from({ length: 12 }, (_, i) =>
          i === 5
            ? chunk(
                i + 1,
                'Arguments',
                'Each distribution function takes its arguments by name; which arguments a function takes is listed in its help page.',
              )
            : chunk(
                i + 1,
                `Section ${i}`,
                `Multi-state model example ${i}: transition intensities and covariates ${i}.`,
              ),
        ),
        chunk(
          13,
          'Hidden Markov models',
          `${head}| hmmMEUnif | Uniform with measurement error | lower, upper, sderr |`,
        ),
      ],
      'manual.pdf': Array.from({ length: 12 }, (_, i) =>
        chunk(i, `Topic ${i}`, `Plot the series ${i} with colour ${i}.`),
      ),
    })
    const search = new HybridSearch({ db, embedder: null, vectors: null })
    const idOf = (like: string) =>
      db.prepare(`SELECT id FROM chunks WHERE text LIKE ?`).pluck().get(like) as number
    const lastPiece = idOf('%hmmMEUnif%')
    const question = 'Which arguments does that distribution function take?'
    const earlier =
      'Which msm function is the outcome distribution for uniform observations with measurement error?'
    const r = await search.search(question, { k: 5, context: [earlier], earlierPassages: [lastPiece] })
    const at = (hits: typeof r.results, text: string) => hits.findIndex((h) => h.text.includes(text))
    expect(at(r.results, '| hmmExp | Exponential | rate |')).toBeGreaterThanOrEqual(0)
    expect(at(r.results, '| hmmExp | Exponential | rate |')).toBeLessThan(
      at(r.results, 'Each distribution function takes its arguments'),
    )
  })
})
