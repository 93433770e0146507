import { describe, expect, it } from 'vitest'
import { bestSentences, declinedAnswer, hitsToSources, retrievalOnlyAnswer } from './retrieval-only.js'
import { hit } from '@tests/helpers/search-hits.js'

const hits = [
  hit(
    1,
    'The company was founded in 1998. The steel plant in Ghent produced 4,200 tonnes in 2023. It employs many people.',
  ),
  hit(2, 'Steel prices rose. Production at Ghent is expected to grow.'),
  hit(3, 'Unrelated text about the weather and holidays.'),
]

describe('bestSentences', () => {
  it('ranks sentences by overlap with the question, favouring rare words and figures for quantity questions', () => {
    const best = bestSentences('How many tonnes did the Ghent plant produce?', hitsToSources(hits), 2)
    expect(best[0]).toMatchObject({
      n: 1,
      sentence: 'The steel plant in Ghent produced 4,200 tonnes in 2023.',
    })
    expect(best[1]!.n).toBe(2)
  })

  it('returns nothing for a question without content words', () => {
    expect(bestSentences('what is it?', hitsToSources(hits))).toEqual([])
  })
})

describe('retrievalOnlyAnswer', () => {
  it('cites the passages and quotes the likeliest sentences, leaving the Ollama problem to the notice', () => {
    const a = retrievalOnlyAnswer('How many tonnes did Ghent produce?', hits)
    expect(a.sources.map((s) => s.n)).toEqual([1, 2, 3])
    expect(a.citations).toEqual(a.sources)
    expect(a.answer).toContain('[1], [2], [3]')
    expect(a.answer).toContain('"The steel plant in Ghent produced 4,200 tonnes in 2023." [1]')
    // Said once, by the notice (app) or warning line (CLI), not a third time in the text.
    expect(a.answer).not.toContain('Ollama is not reachable')
  })
})

describe('declinedAnswer', () => {
  it('says not found and points at the nearest passages', () => {
    const d = declinedAnswer(hits)
    expect(d.answer).toMatch(/^Not found in your documents\./)
    expect(d.answer).toContain('[1], [2] and [3]')
    expect(d.citations.map((c) => c.n)).toEqual([1, 2, 3])
  })

  it('says only not found when there is nothing near', () => {
    expect(declinedAnswer([])).toEqual({ answer: 'Not found in your documents.', sources: [], citations: [] })
  })
})
