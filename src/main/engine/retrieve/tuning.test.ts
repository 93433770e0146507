import { describe, expect, it } from 'vitest'
import { DEFAULT_TUNING, tuningWith } from './tuning.js'

describe('tuningWith', () => {
  it('replaces the named values and keeps every other default', () => {
    const t = tuningWith({ wDocument: '0.3', mergeChunks: 2 })
    expect(t.wDocument).toBe(0.3)
    expect(t.mergeChunks).toBe(2)
    expect(t.minCoverage).toBe(DEFAULT_TUNING.minCoverage)
    expect(Object.isFrozen(t)).toBe(true)
  })

  it('rejects an unknown key, naming the known ones', () => {
    expect(() => tuningWith({ wDocumnet: 1 })).toThrow(/unknown tuning key "wDocumnet".*wDocument/)
  })

  it('rejects a value that is not a number', () => {
    expect(() => tuningWith({ wDocument: 'high' })).toThrow(/must be a number, got "high"/)
  })

  it('cannot be changed at run time', () => {
    expect(Object.isFrozen(DEFAULT_TUNING)).toBe(true)
  })
})
