import { describe, expect, it } from 'vitest'
import { assignFolds, parseSetArg, type EvalSet } from './eval-sets.js'
import type { QaRecord } from './metrics.js'

const rec = (id: string, file: string | null): QaRecord => ({
  id,
  conversation_id: null,
  turn: null,
  type: file ? 'factual' : 'negative',
  question: 'q',
  file,
  pages: file ? [1] : [],
  must_contain: [],
})

describe('assignFolds', () => {
  const sets: EvalSet[] = [
    {
      name: 's1',
      qa: '',
      docs: '',
      records: [
        rec('a1', 'a.pdf'),
        rec('a2', 'a.pdf'),
        rec('a3', 'a.pdf'),
        rec('b1', 'b.pdf'),
        rec('n1', null),
      ],
    },
    { name: 's2', qa: '', docs: '', records: [rec('c1', 'c.pdf'), rec('c2', 'c.pdf'), rec('n2', null)] },
  ]

  it('keeps every question about one document in one fold and balances the folds', () => {
    const f = assignFolds(sets)
    expect(f.get('s1/a1')).toBe(f.get('s1/a3'))
    expect(f.get('s2/c1')).toBe(f.get('s2/c2'))
    // a.pdf (3 questions) on one side, c.pdf (2) + b.pdf (1) on the other.
    expect(f.get('s1/a1')).not.toBe(f.get('s2/c1'))
    expect(f.get('s1/b1')).toBe(f.get('s2/c1'))
    expect([f.get('s1/n1'), f.get('s2/n2')].sort()).toEqual(['A', 'B'])
  })

  it('splits a later batch after the earlier sets, without moving their documents', () => {
    const later: EvalSet = {
      name: 's3',
      qa: '',
      docs: '',
      batch: 1,
      records: [
        rec('d1', 'd.pdf'),
        rec('d2', 'd.pdf'),
        rec('d3', 'd.pdf'),
        rec('d4', 'd.pdf'),
        rec('n3', null),
      ],
    }
    const before = assignFolds(sets)
    const after = assignFolds([...sets, later])
    for (const [key, fold] of before) expect(after.get(key), key).toBe(fold)
    // d.pdf's four questions would have gone first in one greedy pass; as a later batch it joins
    // whichever fold is smaller after the first sets.
    expect(after.get('s3/d1')).toBe(after.get('s3/d4'))
  })

  it('splits the same pool the same way every time', () => {
    expect([...assignFolds(sets)]).toEqual([...assignFolds(sets)])
  })
})

describe('parseSetArg', () => {
  it('says what it wants when the argument is malformed', () => {
    expect(() => parseSetArg('dev:/tmp/x')).toThrow(/NAME=QA.jsonl:DOCS_DIR/)
  })
})
