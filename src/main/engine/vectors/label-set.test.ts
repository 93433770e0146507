import { describe, expect, it } from 'vitest'
import { mulberry32 } from '@tests/helpers/seeded-random.js'
import { LabelSet } from './label-set.js'
import { sortedDifference, sortedHas, sortedIds } from './sorted-ids.js'

const asc = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b)

describe('sorted id lists', () => {
  it('sorts numerically and drops duplicates', () => {
    expect([...sortedIds([10, 9, 100, 9, 1, 10])]).toEqual([1, 9, 10, 100])
    expect([...sortedIds([])]).toEqual([])
  })

  it('differences and membership agree with Sets on random lists', () => {
    const rnd = mulberry32(7)
    for (let round = 0; round < 50; round++) {
      const a = Array.from({ length: Math.floor(rnd() * 200) }, () => Math.floor(rnd() * 300))
      const b = Array.from({ length: Math.floor(rnd() * 200) }, () => Math.floor(rnd() * 300))
      const [sa, sb] = [sortedIds(a), sortedIds(b)]
      const setB = new Set(b)
      expect(sortedDifference(sa, sb)).toEqual(asc(new Set(a.filter((id) => !setB.has(id)))))
      for (let id = -1; id <= 301; id++) expect(sortedHas(sb, id)).toBe(setB.has(id))
    }
  })
})

describe('LabelSet', () => {
  it('behaves like a Set of the loaded labels through random adds and deletes', () => {
    const rnd = mulberry32(11)
    const loaded = Array.from({ length: 500 }, () => Math.floor(rnd() * 1000))
    const labels = new LabelSet(sortedIds(loaded))
    const model = new Set(loaded)
    for (let step = 0; step < 3000; step++) {
      const id = Math.floor(rnd() * 1100)
      if (rnd() < 0.5) {
        expect(labels.add(id)).toBe(!model.has(id))
        model.add(id)
      } else {
        expect(labels.delete(id)).toBe(model.has(id))
        model.delete(id)
      }
      expect(labels.has(id)).toBe(model.has(id))
      expect(labels.size).toBe(model.size)
      if (step % 500 === 0) expect([...labels.sorted()]).toEqual(asc(model))
    }
    expect([...labels.sorted()]).toEqual(asc(model))
  })
})
