import { describe, expect, it } from 'vitest'
import { lengthGroups } from './length-groups.js'

describe('lengthGroups', () => {
  it('groups pairs of similar length, longest group first', () => {
    // Two pairs at the cap (96), two short: in rank order each group would hold one of each and be
    // padded to 96; by length the short pair groups with the short pair.
    expect(lengthGroups([96, 40, 96, 35], 2)).toEqual([
      [0, 2],
      [1, 3],
    ])
  })

  it('keeps pairs of equal length in their order, and a last group with what is left', () => {
    expect(lengthGroups([50, 50, 80, 50, 50], 2)).toEqual([[2, 0], [1, 3], [4]])
  })

  it('gives every index once, and no groups for no pairs', () => {
    const lengths = [12, 96, 7, 96, 33, 96, 18]
    expect(
      lengthGroups(lengths, 3)
        .flat()
        .sort((a, b) => a - b),
    ).toEqual([0, 1, 2, 3, 4, 5, 6])
    expect(lengthGroups([], 4)).toEqual([])
  })
})
