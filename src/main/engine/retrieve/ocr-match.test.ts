import { describe, expect, it } from 'vitest'
import type { Db } from '../store/open-database.js'
import { HybridSearch } from './hybrid-search.js'
import { KeywordSearch } from './keyword-search.js'
import { chunk, tempLibrary } from './test-library.js'
import { tuningWith } from './tuning.js'

// A scan read "lmtest" as "Imtest" and "x1" as "xl"; a text-layer document holds the same
// misspelling (a typo), which folding must not reach: only OCR'd pages are matched folded.
const scan = [
  chunk(0, 'Testing', 'Wald tests of the coefficients come from the Imtest package with coeftest().'),
  chunk(1, 'Formula', 'The model formula y ~ xl + x2 gives the regressors of the count part.'),
]
const filler = Array.from({ length: 20 }, (_, i) =>
  chunk(i, `Bed ${i}`, `Roses in bed ${i} want water and sun all summer.`),
)

function library(scanned: string[] = ['scan.pdf']): Db {
  return tempLibrary(
    {
      'scan.pdf': scan,
      'typo.pdf': [chunk(0, 'Notes', 'The Imtest typo in the notes.')],
      'garden.pdf': filler,
    },
    scanned,
  )
}

const question = 'What is lmtest for?'

describe('retrieval on OCR pages, tolerant of confusable characters', () => {
  it('finds the passage on an OCR page whose word was misread, and does not decline for it', async () => {
    const search = new HybridSearch({ db: library(), embedder: null, vectors: null })
    const r = await search.search(question, { k: 3 })
    expect(r.results[0]).toMatchObject({ file: '/docs/scan.pdf', ocr: true })
    expect(r.results[0]!.text).toContain('Imtest')
    expect(r.decision).toMatchObject({ declined: false, missing: [] })
  })

  it('matches a text-layer passage exactly: its misspelling is not folded', async () => {
    const search = new HybridSearch({ db: library(), embedder: null, vectors: null })
    const r = await search.search(question, { k: 10 })
    expect(r.results.some((h) => h.file === '/docs/typo.pdf')).toBe(false)
  })

  it('folds digits inside words too (x1 read xl)', async () => {
    const search = new HybridSearch({ db: library(), embedder: null, vectors: null })
    const r = await search.search('Where does x1 go?', { k: 1 })
    expect(r.results[0]!.text).toContain('y ~ xl + x2')
  })

  it('is off with foldOcrConfusions=0: the misread word is then unseen and nothing is found', async () => {
    const tuning = tuningWith({ foldOcrConfusions: 0 })
    const search = new HybridSearch({ db: library(), embedder: null, vectors: null, tuning })
    const r = await search.search(question, { k: 3 })
    expect(r.results).toEqual([])
    expect(r.decision).toMatchObject({ declined: true, missing: ['lmtest'] })
  })

  it('counts the misreading in document frequencies only where pages were OCR-read', () => {
    const ocr = library()
    const kw = new KeywordSearch(ocr)
    expect(kw.documentFrequency('lmtest')).toBe(1)
    const docs = ocr.prepare(`SELECT id FROM documents ORDER BY id`).pluck().all() as number[]
    expect(kw.documentFrequencyIn('lmtest', [docs[0]!])).toBe(1)
    expect(kw.documentFrequencyIn('lmtest', [docs[1]!])).toBe(0)
    // The same library with no page OCR'd: exact matching only.
    expect(new KeywordSearch(library([])).documentFrequency('lmtest')).toBe(0)
  })

  it('counts a misread name whose stem FTS5 would stem again within the documents found', () => {
    // "LCDeyes" is indexed as the stem "lcdey", which porter would stem again to "lcdei"; the scan
    // read it "1CDeyes". The folded index holds "lcdey": the stem is folded, not stemmed twice.
    const db = tempLibrary({ 'scan.pdf': [chunk(0, 'Board', 'The 1CDeyes board shows the voltage.')] }, [
      'scan.pdf',
    ])
    const kw = new KeywordSearch(db)
    const doc = db.prepare(`SELECT id FROM documents`).pluck().get() as number
    expect(kw.documentFrequency('lcdey')).toBe(1)
    expect(kw.documentFrequencyIn('lcdey', [doc])).toBe(1)
  })

  it('drops a removed chunk from the folded index', () => {
    const db = library()
    const count = () => db.prepare(`SELECT count(*) FROM chunks_ocr_fts`).pluck().get()
    expect(count()).toBe(2)
    db.prepare(`DELETE FROM documents WHERE path = '/docs/scan.pdf'`).run()
    expect(count()).toBe(0)
    expect(new KeywordSearch(db).documentFrequency('lmtest')).toBe(0)
  })
})
