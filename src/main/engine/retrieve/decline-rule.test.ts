import { describe, expect, it } from 'vitest'
import { isEnglishWord, plainPrefixes } from './english-words.js'
import { coverageNeededToAnswer } from './decide.js'
import { DEFAULT_TUNING as T } from './tuning.js'

describe('isEnglishWord', () => {
  it('knows everyday words in their inflected forms', async () => {
    for (const w of ['quietly', 'rebuilt', 'raster', 'evenly', 'halving', 'refuses', 'typeface'])
      expect(await isEnglishWord(w), w).toBe(true)
  })

  it('knows British spellings', async () => {
    for (const w of ['colour', 'behaviours', 'recognise', 'optimisation', 'analysed', 'centre', 'catalogue'])
      expect(await isEnglishWord(w), w).toBe(true)
  })

  it('does not know tool names, jargon and file formats', async () => {
    for (const w of ['sfdp', 'subdistribution', 'multiscale', 'pptx', 'yycolumn'])
      expect(await isEnglishWord(w), w).toBe(false)
  })
})

describe("words derived with the dictionary's own prefixes", () => {
  it('reads the prefixes an affix file adds unchanged', () => {
    const aff =
      'PFX A Y 1\nPFX A   0     re         .\nPFX U Y 1\nPFX U   0     un         .\nSFX B Y 1\nSFX B   e  able  [^aeiou]e\n'
    expect(plainPrefixes(aff)).toEqual(['re', 'un'])
  })

  it('knows "un" + an English word once asked to, and only with a long enough stem', async () => {
    expect(await isEnglishWord('ungrouped')).toBe(false)
    const opts = { prefixedStemLetters: T.prefixedStemLetters }
    for (const w of ['ungrouped', 'recompute', 'deselected'])
      expect(await isEnglishWord(w, opts), w).toBe(true)
    for (const w of ['conda', 'detex', 'sfdp', 'subdistribution', 'mincriterion'])
      expect(await isEnglishWord(w, opts), w).toBe(false)
  })
})

describe('coverageNeededToAnswer', () => {
  it('asks for more coverage when a word no document holds is not ordinary English either', async () => {
    expect(await coverageNeededToAnswer([], T)).toBe(T.minCoverage)
    // Paraphrase: the library says "silently", the asker "quietly".
    expect(await coverageNeededToAnswer(['quietly', 'rebuilt'], T)).toBe(T.minCoverage)
    // A name the library lacks: the question is about something else.
    expect(await coverageNeededToAnswer(['quietly', 'sfdp'], T)).toBe(T.minCoverageWithUnknownWord)
    // An everyday word with a prefix the dictionary did not list it with.
    expect(await coverageNeededToAnswer(['ungrouped'], T)).toBe(T.minCoverage)
    expect(T.minCoverageWithUnknownWord).toBeGreaterThan(T.minCoverage)
  })
})
