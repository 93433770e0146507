import { describe, expect, it } from 'vitest'
import { unreadablePagesNote } from './unreadable-pages.js'

describe('unreadablePagesNote', () => {
  it('names single pages and runs, and a list of pages cut short', () => {
    expect(unreadablePagesNote({ pages: [7], endsEarly: false })).toMatch(
      /^page 7 could not be read and is kept empty: /,
    )
    expect(unreadablePagesNote({ pages: [2, 3, 4, 9, 11, 12], endsEarly: false })).toMatch(
      /^pages 2–4, 9, 11–12 could not be read and are kept empty: /,
    )
    expect(unreadablePagesNote({ pages: [], endsEarly: true })).toBe(
      'the file ends early, so pages after the last one found are missing: the file is damaged or incomplete. Copy it again from its source to import every page.',
    )
  })
})
