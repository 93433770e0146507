import { describe, expect, it } from 'vitest'
import { passagesAskedAgain } from './asked-again.js'

// Which of the previous answer's passages a follow-up asks about again (asked-again.ts), from the
// share of the follow-up's own words each candidate covers.
describe('passagesAskedAgain', () => {
  const coverage = new Map([
    [1, 0.5],
    [2, 0.2],
    [3, 0.5],
    [4, 0.3],
  ])
  const own = (id: number) => coverage.get(id) ?? 0

  it('keeps an earlier passage no other candidate of its documents covers better', () => {
    expect(passagesAskedAgain([1], [1, 3, 4], own, 1)).toEqual([1])
  })

  it('drops an earlier passage another candidate covers better: the follow-up asks something new', () => {
    expect(passagesAskedAgain([2, 1], [1, 2, 4], own, 1)).toEqual([1])
    expect(passagesAskedAgain([2], [1, 2, 4], own, 1)).toEqual([])
    expect(passagesAskedAgain([2], [1, 2, 4], own, 0.4)).toEqual([2])
  })

  it('keeps every passage for a follow-up without words of its own, or at share 0', () => {
    expect(passagesAskedAgain([7, 8], [9], () => 0, 1)).toEqual([7, 8])
    expect(passagesAskedAgain([2], [1, 2, 4], own, 0)).toEqual([2])
  })
})
