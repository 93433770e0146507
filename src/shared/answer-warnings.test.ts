import { describe, expect, it } from 'vitest'
import { warningText } from './answer-warnings.js'

describe('answer warnings', () => {
  it('say a stopped answer in one text on every surface', () => {
    expect(warningText({ kind: 'stopped' }, 'cli')).toBe('Stopped. The partial answer is kept.')
    expect(warningText({ kind: 'stopped' }, 'app')).toBe(warningText({ kind: 'stopped' }, 'cli'))
  })
})
