import { describe, expect, it } from 'vitest'
import { MarkerFilter, NOT_FOUND_MARKER, readModelVerdict } from './not-found-marker.js'

/** What a reader sees when `pieces` stream through the filter. */
function shown(pieces: string[]): { text: string; declined: boolean } {
  const f = new MarkerFilter()
  let text = ''
  for (const p of pieces) text += f.push(p)
  text += f.end()
  return { text, declined: f.declined }
}

describe('readModelVerdict', () => {
  it('declines on the marker alone, whatever the formatting around it', () => {
    for (const reply of [
      NOT_FOUND_MARKER,
      `  ${NOT_FOUND_MARKER}.\n`,
      `**${NOT_FOUND_MARKER}**`,
      `\`${NOT_FOUND_MARKER}\``,
      '"no answer in sources"',
      'No answer in the sources.',
    ])
      expect(readModelVerdict(reply)).toEqual({ declined: true, text: '' })
  })

  it('keeps what the model adds after the marker as its remark', () => {
    expect(readModelVerdict(`${NOT_FOUND_MARKER}. Source [2] only gives the 2019 figure.`)).toEqual({
      declined: true,
      text: 'Source [2] only gives the 2019 figure.',
    })
  })

  it('keeps an answer that ends with a stray marker, without the marker', () => {
    expect(readModelVerdict(`It made 4,200 tonnes [1]. ${NOT_FOUND_MARKER}`)).toEqual({
      declined: false,
      text: 'It made 4,200 tonnes [1].',
    })
  })

  it('declines a bare prose "not found" from a model that ignores the marker', () => {
    expect(readModelVerdict('The documents do not contain the answer.').declined).toBe(true)
    expect(readModelVerdict("I'm sorry, but the provided sources don't mention Liverpool.").declined).toBe(
      true,
    )
  })

  it('keeps answers, including ones that say something is not in the sources with a citation', () => {
    expect(readModelVerdict('It made 4,200 tonnes [1].')).toEqual({
      declined: false,
      text: 'It made 4,200 tonnes [1].',
    })
    expect(readModelVerdict('The sources do not give 2020, but 2019 was 4,200 tonnes [1].').declined).toBe(
      false,
    )
    expect(readModelVerdict('No answers are stored; the tool recomputes them [2].').declined).toBe(false)
  })
})

describe('MarkerFilter', () => {
  it('shows nothing of a marker split across pieces, and says the reply declined', () => {
    expect(shown(['NO_', 'ANSWER', '_IN_SOUR', 'CES', '.'])).toEqual({ text: '', declined: true })
    expect(shown([' \n', '**NO', ' ANSWER IN', ' SOURCES**'])).toEqual({ text: '', declined: true })
  })

  it('swallows everything after an opening marker (the card shows the remark)', () => {
    expect(shown([NOT_FOUND_MARKER, '. Source', ' [2] is about 2019.'])).toEqual({ text: '', declined: true })
  })

  it('passes an answer through unchanged, piece by piece', () => {
    const pieces = ['No', ',', ' the plant', ' made 4,200', ' tonnes [1].', ' Nothing', ' else', ' N']
    expect(shown(pieces)).toEqual({ text: pieces.join(''), declined: false })
  })

  it('holds a possible marker at a piece boundary and drops it once complete', () => {
    const f = new MarkerFilter()
    expect(f.push('It made 4,200 tonnes [1]. ')).toBe('It made 4,200 tonnes [1]. ')
    expect(f.push('NO_ANS')).toBe('')
    expect(f.push('WER_IN_SOURCES')).toBe('')
    expect(f.end()).toBe('')
    expect(f.declined).toBe(false)
  })

  it('releases a held tail that turns out to be an ordinary word', () => {
    const f = new MarkerFilter()
    expect(f.push('The range is ')).toBe('The range is ')
    expect(f.push('no')).toBe('')
    expect(f.push('rmal [1].')).toBe('normal [1].')
  })
})
