import { describe, expect, it } from 'vitest'
import { declineReason } from './decline-reason.js'
import type { SearchDecision } from './library-types.js'

const base: SearchDecision = {
  declined: true,
  reason: 'low-coverage',
  coverage: 0.18,
  local: 0.1,
  threshold: 0.25,
  missing: [],
  decisive: [],
}

describe('declineReason', () => {
  it('says nothing when search answered or left no decision', () => {
    expect(declineReason({ ...base, declined: false, reason: 'answered' })).toBeNull()
    expect(declineReason(null)).toBeNull()
  })

  it('names what no document mentions', () => {
    expect(declineReason({ ...base, reason: 'names-absent', decisive: ['PowerPoint', 'pptx'] })).toBe(
      'None of the documents that match the question mentions “PowerPoint” and “pptx”.',
    )
  })

  it('lists a few words at most, however many the question has', () => {
    const words = Array.from({ length: 400 }, (_, i) => `Word${i}`)
    expect(declineReason({ ...base, reason: 'names-absent', decisive: words })).toBe(
      'None of the documents that match the question mentions “Word0”, “Word1”, “Word2”, “Word3”, “Word4” and 395 other words.',
    )
    expect(declineReason({ ...base, missing: words.slice(0, 6) })).toMatch(/“Word4” and 1 other word\.$/)
  })

  it('gives the coverage found and the words no document contains', () => {
    expect(declineReason({ ...base, missing: ['sfdp'] })).toBe(
      'The nearest passages cover only 18% of what the question asks. No document contains “sfdp”.',
    )
  })
})
