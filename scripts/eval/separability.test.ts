import { describe, expect, it } from 'vitest'
import { auc, crossFold, type Scored } from './separability.js'

const row = (fold: 'A' | 'B', negative: boolean, value: number): Scored => ({ fold, negative, value })

describe('auc', () => {
  it('is 1 when every negative scores above every answerable question, 0.5 for ties', () => {
    expect(auc([row('A', true, 3), row('A', false, 1), row('B', false, 2)])).toBe(1)
    expect(auc([row('A', true, 1), row('A', false, 1)])).toBe(0.5)
    expect(auc([row('A', true, 0), row('A', false, 1)])).toBe(0)
    expect(auc([row('A', false, 1)])).toBeNaN()
  })
})

describe('crossFold', () => {
  it('fits the threshold on one fold within its false-decline budget and counts the other', () => {
    const rows = [
      row('A', true, 0.9),
      row('A', true, 0.6),
      row('A', false, 0.7),
      row('A', false, 0.1),
      row('B', true, 0.8),
      row('B', false, 0.65),
      row('B', false, 0.2),
    ]
    expect(crossFold(rows, 'A', 0)).toEqual({
      train: 'A',
      threshold: 0.9,
      trainNegatives: 1,
      trainFalseDeclines: 0,
      testNegatives: 0,
      testFalseDeclines: 0,
    })
    expect(crossFold(rows, 'A', 1)).toMatchObject({
      threshold: 0.6,
      trainNegatives: 2,
      testNegatives: 1,
      testFalseDeclines: 1,
    })
  })

  it('says so when no threshold keeps the budget', () => {
    expect(crossFold([row('A', false, 1), row('A', true, 1)], 'A', 0).threshold).toBeNull()
  })
})
