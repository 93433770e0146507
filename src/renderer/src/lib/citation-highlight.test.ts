import { describe, expect, it } from 'vitest'
import { citationHighlight, focusPage, storedRow } from './citation-highlight.js'

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

describe('the page a citation opens at', () => {
  const page4 = [
    'Mooring fees are charged by the night.',
    'Visiting boats report to the harbour office on arrival, where the staff take their details',
  ].join(' ')
  const page5 = [
    'and the length of their stay. The harbour master assigns the moorings each morning.',
    'Boats over twelve metres use the outer pontoon.',
  ].join(' ')
  const passage =
    'Visiting boats report to the harbour office on arrival, where the staff take their details and the length of their stay. The harbour master assigns the moorings each morning.'
  const pages = [
    { pageNo: 4, text: page4 },
    { pageNo: 5, text: page5 },
  ]

  it('is the page holding the strongly marked sentence, even when the passage starts a page earlier', () => {
    expect(focusPage(pages, passage, ['The harbour master assigns the moorings each morning.'])).toBe(5)
  })

  it('is the first page of a claim sentence cut by the page break', () => {
    const cut =
      'Visiting boats report to the harbour office on arrival, where the staff take their details and the length of their stay.'
    expect(focusPage(pages, passage, [cut])).toBe(4)
  })

  it('is none without a strong highlight, or without the pages text', () => {
    expect(focusPage(pages, passage, [])).toBeNull()
    expect(
      focusPage([{ pageNo: 4, text: null }], passage, [
        'The harbour master assigns the moorings each morning.',
      ]),
    ).toBeNull()
  })
})
