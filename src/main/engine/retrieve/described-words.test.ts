import { describe, expect, it } from 'vitest'
import type { Db } from '../store/open-database.js'
import { describedWords } from './described-words.js'
import { HybridSearch } from './hybrid-search.js'
import { chunk, tempLibrary } from './test-library.js'
import { tuningWith } from './tuning.js'

/** The lexical decline rule alone, without leaving unsure declines to the model (decide.ts). */
const RULE_ALONE = { modelJudgesAboveLocal: 2, modelJudgesNameAboveRest: 2 }

const words = (q: string) => [...describedWords(q)]

describe('describedWords', () => {
  it('takes the phrase an example marker introduces, not the rest of the question', () => {
    expect(words('Which archive formats, such as Gzip, can it read?')).toEqual(['gzip'])
    expect(words('How do I put a watermark such as DRAFT behind every page with fancyhdr?')).toEqual([
      'draft',
      'behind',
      'every',
    ])
    expect(words('Can I name a colour, e.g. the Pantone shades, in the style file?')).toEqual([
      'pantone',
      'shades',
    ])
    expect(words('Is there a way to sort names, for example Müller, by their base letters?')).toEqual([
      'müller',
    ])
  })

  it('takes an identifying place set off by a comma or a bracket, and only then', () => {
    expect(words('Which office handles claims for the branch, around Bonn?')).toEqual(['bonn'])
    expect(words('Which office handles claims for the branch (near Bonn)?')).toEqual(['bonn'])
    // Without the comma "around" is the subject's own word.
    expect(words('How thick are the boxes hyperref draws around links?')).toEqual([])
  })

  it('takes a number given as premise: a quantity, with its unit, or a date after a preposition', () => {
    expect(words('Why do files last modified in 1975 get the wrong date?')).toEqual(['1975'])
    expect(words('How is a 64 KiB page size recorded?')).toEqual(['64', 'kib'])
    expect(words('How do I lay out a graph with 100,000 nodes?')).toEqual(['100', '000'])
  })

  it('leaves a number the question asks about: one that labels the word before it', () => {
    expect(words('What does error 404 mean?')).toEqual([])
    expect(words('What scaled MSE does the median reach with n = 5000?')).toEqual([])
    expect(words('What does Table 3 report?')).toEqual([])
  })

  it('leaves numbers inside identifiers, versions and lists', () => {
    expect(words('How do I convert a repository to SHA-256 names?')).toEqual([])
    expect(words('What changed in 4.2 and in x11?')).toEqual([])
    expect(words('Plot the points (2,3) and (4,5)')).toEqual([])
  })
})

/** A real library: an archiver's manual, and other topics so its words are as rare as real topic words. */
function library(): Db {
  return tempLibrary({
    'archiver.pdf': [
      chunk(
        0,
        'Timestamps',
        'Each archived file keeps its modification time as an MS-DOS date, which cannot hold years before 1980.',
      ),
      chunk(1, 'Formats', 'The archiver reads tar and zip archive formats and writes zip only.'),
      chunk(2, 'Errors', 'Error 12 means the archive is damaged.'),
    ],
    'garden.pdf': Array.from({ length: 30 }, (_, i) =>
      chunk(i, `Bed ${i}`, `Roses in bed ${i} want water and sun.`),
    ),
  })
}

describe('the decline rule and describing words', () => {
  const search = (tuning: Record<string, number>) =>
    new HybridSearch({ db: library(), embedder: null, vectors: null, tuning: tuningWith(tuning) })

  it('does not take a year the asker gives as premise for a name the library lacks', async () => {
    const q = 'Which modification time does the archive keep for files last modified in 1975?'
    const r = await search(RULE_ALONE).search(q, { k: 3 })
    expect(r.decision).toMatchObject({ declined: false, reason: 'answered', decisive: [] })
    const off = await search({ ...RULE_ALONE, describedWords: 0 }).search(q, { k: 3 })
    expect(off.decision).toMatchObject({ declined: true, reason: 'names-absent', decisive: ['1975'] })
  })

  it('does not take an example for a name the library lacks', async () => {
    const q = 'Which archive formats, such as Gzip, does the archiver read?'
    const r = await search(RULE_ALONE).search(q, { k: 3 })
    expect(r.decision).toMatchObject({ declined: false, reason: 'answered' })
    const off = await search({ ...RULE_ALONE, describedWords: 0 }).search(q, { k: 3 })
    expect(off.decision).toMatchObject({ declined: true, reason: 'names-absent', decisive: ['Gzip'] })
  })

  it('still declines a number asked about that no document has', async () => {
    const r = await search(RULE_ALONE).search('What does archive error 404 mean?', { k: 3 })
    expect(r.decision).toMatchObject({ declined: true, reason: 'names-absent', decisive: ['404'] })
  })
})
