import { describe, expect, it } from 'vitest'
import type { PageWord } from './page-words.js'
import { joinStrayColumns, spreadHeaderSpans } from './table-grid.js'
import type { PdfTableCell, PdfTableRow } from './table-model.js'

let offset = 0
/** A one-word cell at x (10 points a character), with its own place in a page text. */
function cell(text: string, x: number, y: number): PdfTableCell {
  const start = offset
  offset += text.length + 1
  const box = { x, y, w: text.length * 5, h: 10 }
  const word: PageWord = { text, start, end: start + text.length, box, line: 0, item: 0 }
  return { text, box, start, end: start + text.length, words: [word] }
}
const empty = (): PdfTableCell => ({ text: '', box: null, start: 0, end: 0 })
const row = (cells: PdfTableCell[]): PdfTableRow => ({
  cells,
  box: { x: 0, y: cells.find((c) => c.box)?.box?.y ?? 0, w: 500, h: 10 },
  start: 0,
  end: 0,
})

describe('a header spread over two columns that are then joined', () => {
  it('names the joined column once', () => {
    // "Platforms" reaches over the middle of a column only one row fills, a word space on: a long
    // cell's last word past the others' ends ("all systems"), which joinStrayColumns takes back.
    const rows = [
      row([cell('Device', 100, 700), cell('Platforms', 200, 700), empty(), cell('Description', 300, 700)]),
      row([cell('/null', 100, 686), cell('all', 200, 686), empty(), cell('none', 300, 686)]),
      row([
        cell('/ps', 100, 672),
        cell('all', 200, 672),
        cell('systems', 220, 672),
        cell('Postscript', 300, 672),
      ]),
      row([cell('/gif', 100, 658), cell('many', 200, 658), empty(), cell('GIF', 300, 658)]),
      ...['/vps', '/cps', '/vcps', '/vgif', '/tpng'].map((d, i) =>
        row([
          cell(d, 100, 644 - i * 14),
          cell('many', 200, 644 - i * 14),
          empty(),
          cell('PNG', 300, 644 - i * 14),
        ]),
      ),
    ]
    spreadHeaderSpans(rows, 1)
    expect(rows[0]!.cells[2]!.text).toBe('Platforms')
    const joined = joinStrayColumns(rows, 10)
    expect(joined[0]!.cells.map((c) => c.text)).toEqual(['Device', 'Platforms', 'Description'])
    expect(joined[2]!.cells.map((c) => c.text)).toEqual(['/ps', 'all systems', 'Postscript'])
  })
})
