import { describe, expect, it } from 'vitest'
import { contextWindow } from './context-budget.js'
import { estimateMessagesTokens, estimateTokens } from './token-estimate.js'

describe('estimateTokens', () => {
  it('never underestimates plain English against the common ~4 characters per token', () => {
    const text = 'The plant produced four thousand tonnes of steel in the second half of the year.'
    expect(estimateTokens(text)).toBeGreaterThanOrEqual(Math.ceil(text.length / 4))
  })

  it('counts digits and punctuation densely, as tokenizers split them', () => {
    expect(estimateTokens('1,234,567.89')).toBeGreaterThanOrEqual(8)
  })

  it('counts non-Latin script per character', () => {
    expect(estimateTokens('東京都の人口')).toBeGreaterThanOrEqual(6)
  })

  it('is zero for empty text and adds a per-message overhead', () => {
    expect(estimateTokens('')).toBe(0)
    expect(estimateMessagesTokens([{ content: '' }, { content: '' }])).toBe(16)
  })
})

describe('context sizing', () => {
  it('uses the model length capped by the configured maximum', () => {
    expect(contextWindow(131072, 8192)).toBe(8192)
    expect(contextWindow(4096, 8192)).toBe(4096)
    expect(contextWindow(null, 8192)).toBe(4096)
  })
})
