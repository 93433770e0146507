import { describe, expect, it } from 'vitest'
import { isEnglishWord } from './english-words.js'
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

describe('coverageNeededToAnswer', () => {
  it('asks for more coverage when a word no document holds is not ordinary English either', async () => {
    expect(await coverageNeededToAnswer([], T)).toBe(T.minCoverage)
    // Paraphrase: the library says "silently", the asker "quietly".
    expect(await coverageNeededToAnswer(['quietly', 'rebuilt'], T)).toBe(T.minCoverage)
    // A name the library lacks: the question is about something else.
    expect(await coverageNeededToAnswer(['quietly', 'sfdp'], T)).toBe(T.minCoverageWithUnknownWord)
    expect(T.minCoverageWithUnknownWord).toBeGreaterThan(T.minCoverage)
  })
})
