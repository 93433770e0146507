import { describe, expect, it } from 'vitest'
import { BatchTuner } from './batch-tuner.js'

/** Runs batches against a made-up machine where `cost(size)` is the ms per character. */
function drive(tuner: BatchTuner, batches: number, cost: (size: number) => number): number[] {
  const sizes: number[] = []
  for (let i = 0; i < batches; i++) {
    const size = tuner.next()
    sizes.push(size)
    const chars = size * 800
    tuner.record(size, chars, chars * cost(size))
  }
  return sizes
}

describe('BatchTuner', () => {
  it('tries every candidate on interleaved batches, then keeps the fastest', () => {
    const tuner = new BatchTuner([4, 16, 32], 2, 1000)
    const sizes = drive(tuner, 20, (s) => ({ 4: 1, 16: 0.8, 32: 0.9 })[s]!)
    expect(sizes.slice(0, 6)).toEqual([4, 16, 32, 4, 16, 32])
    expect(new Set(sizes.slice(6))).toEqual(new Set([16]))
  })

  it('measures again after a while and follows a change of load', () => {
    const tuner = new BatchTuner([4, 32], 1, 10)
    let loaded = false
    const sizes = drive(tuner, 10, (s) => (loaded ? { 4: 2, 32: 1 } : { 4: 1, 32: 1.3 })[s]!)
    expect(sizes.at(-1)).toBe(4)
    loaded = true
    const later = drive(tuner, 20, (s) => (loaded ? { 4: 2, 32: 1 } : { 4: 1, 32: 1.3 })[s]!)
    expect(later.at(-1)).toBe(32)
  })
})
