import { describe, expect, it } from 'vitest'
import { repeatedGroup, unfoldSideBySide } from './side-by-side.js'
import type { PdfTable, PdfTableRow } from './table-model.js'

/** A row of cells, each a word 10 points wide at its column, its characters at 10 a cell. */
function row(texts: string[], line: number): PdfTableRow {
  const cells = texts.map((text, i) => ({
    text,
    box: text ? { x: i * 60, y: 700 - line * 12, w: 10, h: 8 } : null,
    start: line * 100 + i * 10,
    end: text ? line * 100 + i * 10 + text.length : line * 100 + i * 10,
  }))
  return {
    cells,
    box: { x: 0, y: 700 - line * 12, w: 60 * texts.length, h: 8 },
    start: line * 100,
    end: line * 100 + 10 * texts.length,
  }
}

function table(rows: string[][], headerRows: number): PdfTable {
  return {
    page: 1,
    box: { x: 0, y: 600, w: 400, h: 100 },
    strategy: 'lines',
    headerRows,
    rows: rows.map((r, i) => row(r, i)),
    caption: null,
    notes: [],
    lines: { first: 0, last: rows.length - 1 },
  }
}

const texts = (t: PdfTable) => t.rows.map((r) => r.cells.map((c) => c.text))

describe('repeatedGroup', () => {
  it('finds a group of names repeated across the row', () => {
    expect(repeatedGroup(['Extension', 'Language', 'Extension', 'Language', 'Extension', 'Language'])).toBe(2)
    expect(repeatedGroup(['Unit', 'Command', 'Symbol', 'Unit', 'Command', 'Symbol'])).toBe(3)
  })

  it('finds none in a plain header, one name over every column, or an empty name', () => {
    expect(repeatedGroup(['Function', 'Distribution', 'Parameters'])).toBe(0)
    expect(repeatedGroup(['Values', 'Values', 'Values', 'Values'])).toBe(0)
    expect(repeatedGroup(['', 'Locale', '', 'Locale'])).toBe(0)
    expect(repeatedGroup(['A', 'B', 'A', 'C'])).toBe(0)
  })
})

describe('unfoldSideBySide', () => {
  it('reads records set side by side under a repeated header as rows of their own, line by line', () => {
    const t = unfoldSideBySide(
      table(
        [
          ['Extension', 'Language', 'Extension', 'Language'],
          ['.c', 'C', '.py', 'Python'],
          ['.h', 'C', '.f', 'Fortran'],
          ['.cpp', 'C++', '', ''],
        ],
        1,
      ),
    )
    expect(t.headerRows).toBe(1)
    expect(texts(t)).toEqual([
      ['Extension', 'Language'],
      ['.c', 'C'],
      ['.py', 'Python'],
      ['.h', 'C'],
      ['.f', 'Fortran'],
      ['.cpp', 'C++'],
    ])
    // A record's characters and box are its own cells', not the whole printed line's.
    const py = t.rows[2]!
    expect([py.start, py.end]).toEqual([120, 136])
    expect(py.box.x).toBe(120)
  })

  it('takes a first row repeating a group of names for the header when none was found', () => {
    const t = unfoldSideBySide(
      table(
        [
          ['Language', 'Locale', 'Language', 'Locale'],
          ['acadian', 'fr_CA', 'latin', 'la_Latn'],
        ],
        0,
      ),
    )
    expect(t.headerRows).toBe(1)
    expect(texts(t)).toEqual([
      ['Language', 'Locale'],
      ['acadian', 'fr_CA'],
      ['latin', 'la_Latn'],
    ])
  })

  it('leaves any other table as it is', () => {
    const plain = table(
      [
        ['Value', 'Colour model'],
        ['1', 'no model'],
      ],
      1,
    )
    expect(unfoldSideBySide(plain)).toBe(plain)
    const figures = table(
      [
        ['1', '2', '1', '2'],
        ['3', '4', '5', '6'],
      ],
      0,
    )
    expect(unfoldSideBySide(figures)).toBe(figures)
  })
})
