import { describe, expect, it } from 'vitest'
import { citationHighlight, storedRow } from './citation-highlight.js'

describe('citation highlight of a table passage', () => {
  // A sheet's section as stored: one line per row, cells joined by " | ".
  const section = [
    'species | island | body_mass_g',
    'Adelie | Torgersen | 3750',
    'Adelie | Biscoe | 3800',
    'Adelie | Dream | 3950',
  ].join('\n')
  const passage =
    'penguins\n| species | island | body_mass_g |\n| --- | --- | --- |\n| Adelie | Torgersen | 3750 |\n| Adelie | Biscoe | 3800 |'

  it('marks the answering row strongly inside the rows the passage covers', () => {
    const known = { start: section.indexOf('Adelie | Torgersen'), end: section.indexOf('3800') + 4 }
    const h = citationHighlight(section, passage, ['| Adelie | Biscoe | 3800 |'], known)
    // The Markdown passage is not in the stored text: its rows' stored span is the passage.
    expect(h.passage).toEqual(known)
    expect(h.focus.map((r) => section.slice(r.start, r.end))).toEqual(['Adelie | Biscoe | 3800'])
    expect(h.faint).toBe(true)
  })

  it('reads a Markdown row as the stored row, and leaves sentences alone', () => {
    expect(storedRow('| a \\| b | c |')).toBe('a | b | c')
    expect(storedRow('The tide reaches 4.2 metres.')).toBe('The tide reaches 4.2 metres.')
  })
})
