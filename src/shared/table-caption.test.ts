import { describe, expect, it } from 'vitest'
import { tableCaptionOf } from './table-caption.js'

describe('the caption of the table a passage holds', () => {
  it('is the line above the Markdown header: a caption, a printout label, or a passage opening line', () => {
    const inline =
      'The values are listed below.\nTable 2: Supported color models.\n| Value | Color model |\n| --- | --- |\n| 7 | cmyk |'
    expect(tableCaptionOf(inline)).toBe('Table 2: Supported color models.')
    expect(
      tableCaptionOf('R> summary(fm1)\nCoefficients:\n|  | Estimate |\n| --- | --- |\n| temp | 2.5 |'),
    ).toBe('Coefficients:')
    expect(tableCaptionOf('Prices\n| Item | Price |\n| --- | --- |\n| Apple | 3 |')).toBe('Prices')
  })

  it('is null for prose, a table without a caption, or a sentence above the header', () => {
    expect(tableCaptionOf('The tide reaches 4.2 metres.')).toBeNull()
    expect(tableCaptionOf('| Item | Price |\n| --- | --- |\n| Apple | 3 |')).toBeNull()
    expect(
      tableCaptionOf(
        'Intro.\nThe sites differed in how many responded.\n| Site | Rate |\n| --- | --- |\n| Lyon | 41% |',
      ),
    ).toBeNull()
  })
})
