import { describe, expect, it } from 'vitest'
import { fuseRanks } from './fuse-ranks.js'

describe('fuseRanks', () => {
  it('sums weighted reciprocal ranks across lists', () => {
    const f = fuseRanks(
      [
        { ids: [1, 2], weight: 1 },
        { ids: [2, 3], weight: 0.5 },
      ],
      60,
    )
    expect(f.get(1)).toBeCloseTo(1 / 61)
    expect(f.get(2)).toBeCloseTo(1 / 62 + 0.5 / 61)
    expect(f.get(3)).toBeCloseTo(0.5 / 62)
  })
})
