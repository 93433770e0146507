import { describe, expect, it } from 'vitest'
import { planGroups, runGroups, TIER_SIZE } from './score-groups.js'

describe('planGroups', () => {
  it('splits each tier of first-stage rank in two groups a scorer, by length within the tier', () => {
    expect(TIER_SIZE).toBe(15)
    // 20 candidates: a tier of 15 (groups of 4, 4, 4, 3 on two scorers), then a tier of 5 (2, 2, 1).
    const lengths = Array.from({ length: 20 }, (_, i) => (i % 3 === 0 ? 300 : 100 + i))
    const groups = planGroups(lengths, 2)
    expect(groups.map((g) => g.length)).toEqual([4, 4, 4, 3, 2, 2, 1])
    expect(
      groups
        .slice(0, 4)
        .flat()
        .sort((a, b) => a - b),
    ).toEqual(Array.from({ length: 15 }, (_, i) => i))
    expect(
      groups
        .slice(4)
        .flat()
        .sort((a, b) => a - b),
    ).toEqual([15, 16, 17, 18, 19])
    // Longest first within a tier: the five 300-character passages of the first tier lead it.
    expect(groups[0]).toEqual([0, 3, 6, 9])
  })

  it('keeps rank order when asked to', () => {
    expect(planGroups([5, 9, 1, 7, 3], 2, false)).toEqual([[0, 1], [2, 3], [4]])
  })

  it('gives one scorer two groups a tier, and nothing for no candidates', () => {
    expect(planGroups([1, 2, 3, 4, 5, 6, 7, 8], 1).map((g) => g.length)).toEqual([4, 4])
    expect(planGroups([], 2)).toEqual([])
  })
})

/** A scorer that records when each group starts and ends; `hold` keeps a group running until released. */
function recorder() {
  const events: string[] = []
  const releases = new Map<number, () => void>()
  const scorer = (name: string) => async (group: number[]) => {
    events.push(`${name} start ${group.join(',')}`)
    await new Promise<void>((resolve) => releases.set(group[0]!, resolve))
    events.push(`${name} end ${group.join(',')}`)
    return group.length
  }
  const release = async (first: number) => {
    while (!releases.has(first)) await new Promise((r) => setImmediate(r))
    releases.get(first)!()
  }
  return { events, scorer, release }
}

describe('runGroups', () => {
  it('lets a free scorer take the next group, across tiers, while the other is still busy', async () => {
    const { events, scorer, release } = recorder()
    const groups = [[0], [1], [2], [3]]
    const done = runGroups(groups, [scorer('a'), scorer('b')], () => true)
    await release(0) // a finishes its first group while b still holds group 1
    await release(2) // a takes group 2, finishes; then group 3
    await release(3)
    await release(1)
    expect(await done).toEqual([1, 1, 1, 1])
    expect(events.indexOf('a start 3')).toBeLessThan(events.indexOf('b end 1'))
  })

  it('starts no group the deadline check refuses, but always the first', async () => {
    const { scorer, release } = recorder()
    const asked: number[][] = []
    const done = runGroups([[0, 1], [2], [3]], [scorer('a')], (g) => {
      asked.push(g)
      return false
    })
    await release(0)
    expect(await done).toEqual([2, undefined, undefined])
    expect(asked).toEqual([[2]])
  })
})
