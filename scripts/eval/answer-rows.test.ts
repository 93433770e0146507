import { describe, expect, it } from 'vitest'
import { answerRowUnderCaption } from './answer-rows.js'

describe('answerRowUnderCaption', () => {
  const table = 'Prose first.\nTable 2: Prices\n| Item | Price |\n| --- | --- |\n| Apple | 3 |\n| Pear | 4 |'

  it('reads a gold row under its header with a caption, a printing call or the opening line above', () => {
    expect(answerRowUnderCaption(table, ['Pear 4'])).toBe(true)
    expect(
      answerRowUnderCaption('> summary(out)\n|  | X |\n| --- | --- |\n| Median | 2.3 |', ['Median 2.3']),
    ).toBe(true)
    expect(answerRowUnderCaption('| Item | Price |\n| --- | --- |\n| Pear | 4 |', ['Pear 4'])).toBe(false)
    expect(answerRowUnderCaption('Intro\n| Item | Price |\n| --- | --- |\n| Pear | 4 |', ['Pear 4'])).toBe(
      true,
    )
  })

  it('takes the row when a gold string is also in the caption, and refuses prose, a header or no caption', () => {
    expect(answerRowUnderCaption(table, ['Prices', 'Apple 3'])).toBe(true)
    expect(answerRowUnderCaption('The price of a pear is 4.', ['pear is 4'])).toBe(false)
    expect(answerRowUnderCaption(table, ['Item Price'])).toBe(false)
    expect(
      answerRowUnderCaption(
        'Prose first.\nSome long sentence of prose that is no caption.\n| Item | Price |\n| --- | --- |\n| Pear | 4 |\n| x | y |',
        ['Pear 4'],
      ),
    ).toBe(false)
  })
})
