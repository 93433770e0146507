import { describe, expect, it } from 'vitest'
import { candidateQuery } from './gather-candidates.js'
import type { WeightedTerm } from './lexical-score.js'

const term = (word: string, df: number): WeightedTerm => ({ word, stem: word, df, idf: 1 })

describe('candidateQuery', () => {
  it('takes every term and phrase when their postings fit the budget', () => {
    const q = candidateQuery([term('pump', 10), term('valve', 20)], [['relief', 'valve']], [5], 100)
    expect(q).toEqual({
      terms: ['pump', 'valve'],
      phrases: [['relief', 'valve']],
      op: 'OR',
      overBudget: false,
    })
  })

  it('keeps the rarest terms and drops common ones past the budget', () => {
    const q = candidateQuery([term('model', 900), term('hurdle', 40), term('count', 300)], [], [], 500)
    expect(q.terms).toEqual(['hurdle', 'count'])
    expect(q.op).toBe('OR')
  })

  it('ANDs the two rarest when even the rarest word is over budget', () => {
    const q = candidateQuery([term('the', 9000), term('model', 5000), term('data', 7000)], [], [], 1000)
    expect(q).toEqual({ terms: ['model', 'data'], phrases: [], op: 'AND', overBudget: true })
  })

  it('falls back to the single word of a one-word question', () => {
    expect(candidateQuery([term('command', 5000)], [], [], 1000)).toMatchObject({
      terms: ['command'],
      op: 'OR',
    })
  })
})
