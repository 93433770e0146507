import { describe, expect, it } from 'vitest'
import { findCharGridTables, type CharGridTable } from './char-grid.js'

// Tables drawn with characters, read as grids: the shapes statistics packages, databases and
// reStructuredText print.

const texts = (t: CharGridTable) => t.rows.map((r) => r.cells.map((c) => c.text))

describe('character-drawn tables', () => {
  it('reads partial rules under a label spanning rows, the header above the first full rule and the title', () => {
    const lines = `                 Descriptives
+--------------------------------------+---------+--------+
|                                      |         |  Std.  |
|                                      |Statistic| Error  |
+--------------------------------------+---------+--------+
|Mean time between   Mean              |     8.78|    1.10|
|failures (months)  -------------------+---------+--------+
|                    95% CI     Lower  |     6.53|        |
|                    for Mean   Bound  |         |        |
|                   -------------------+---------+--------+
|                    Median            |     8.29|        |
+--------------------------------------+---------+--------+`.split('\n')
    const [t] = findCharGridTables(lines)
    expect(t).toBeDefined()
    expect(t!.title).toBe(0)
    expect(t!.lines).toEqual({ first: 1, last: 11 })
    expect(t!.headerRows).toBe(1)
    expect(texts(t!)).toEqual([
      ['', '', 'Statistic', 'Std. Error'],
      ['Mean time between failures (months)', 'Mean', '8.78', '1.10'],
      ['Mean time between failures (months)', '95% CI for Mean Lower Bound', '6.53', ''],
      ['Mean time between failures (months)', 'Median', '8.29', ''],
    ])
  })

  it('reads the table as printed, header cells narrower than their columns', () => {
    const lines = `                                        Descriptives
      +----------------------------------------------------------+---------+--------+
      |                                                          |         | Std. |
      |                                                          |Statistic| Error |
      +----------------------------------------------------------+---------+--------+
      |Mean time between        Mean                             |     8.78|    1.10|
      |failures (months)       ----------------------------------+---------+--------+
      |                         95% Confidence Interval Lower    |     6.53|        |
      |                         for Mean                Bound    |         |        |
      |                        ----------------------------------+---------+--------+
      |                         Median                           |     8.29|        |
      |                        ----------------------------------+---------+--------+`.split('\n')
    const [t] = findCharGridTables(lines)
    expect(t!.title).toBe(0)
    expect(texts(t!)).toEqual([
      ['', '', 'Statistic', 'Std. Error'],
      ['Mean time between failures (months)', 'Mean', '8.78', '1.10'],
      ['Mean time between failures (months)', '95% Confidence Interval for Mean Lower Bound', '6.53', ''],
      ['Mean time between failures (months)', 'Median', '8.29', ''],
    ])
  })

  it('reads a border-only listing line by line under its header', () => {
    const lines = `Data List
+------+--------+--------+
|Artist|  Sales |  Year  |
+------+--------+--------+
|Abba  |37836.18|   1975 |
|Queen |29021.50|   1977 |
|Blur  | 1203.00|   1995 |
+------+--------+--------+`.split('\n')
    const [t] = findCharGridTables(lines)
    expect(t!.title).toBe(0)
    expect(t!.headerRows).toBe(1)
    expect(texts(t!)).toEqual([
      ['Artist', 'Sales', 'Year'],
      ['Abba', '37836.18', '1975'],
      ['Queen', '29021.50', '1977'],
      ['Blur', '1203.00', '1995'],
    ])
    expect(t!.rows.map((r) => r.lines.first)).toEqual([2, 4, 5, 6])
  })

  it('reads a grid table with an = header rule, cells spanning rows and columns, and cells of several lines', () => {
    const lines = `+------------------------+------------+----------+
| Header row, column 1   | Header 2   | Header 3 |
+========================+============+==========+
| body row 1, column 1   | column 2   | column 3 |
+------------------------+------------+----------+
| body row 2             | Cells may span columns|
+------------------------+------------+----------+
| body row 3             | Cells may  | - Table  |
+------------------------+ span rows. |   cells  |
| body row 4             |            | - lists  |
+------------------------+------------+----------+`.split('\n')
    const [t] = findCharGridTables(lines)
    expect(t!.headerRows).toBe(1)
    expect(t!.title).toBeNull()
    expect(texts(t!)).toEqual([
      ['Header row, column 1', 'Header 2', 'Header 3'],
      ['body row 1, column 1', 'column 2', 'column 3'],
      ['body row 2', 'Cells may span columns', 'Cells may span columns'],
      ['body row 3', 'Cells may span rows.', '- Table cells - lists'],
      ['body row 4', 'Cells may span rows.', '- Table cells - lists'],
    ])
  })

  it("reads psql's aligned output", () => {
    const lines = ` id | name  | price
----+-------+-------
  1 | apple |  0.50
  2 | pear  |  0.75
(2 rows)`.split('\n')
    const [t] = findCharGridTables(lines)
    expect(t!.lines).toEqual({ first: 0, last: 3 })
    expect(texts(t!)).toEqual([
      ['id', 'name', 'price'],
      ['1', 'apple', '0.50'],
      ['2', 'pear', '0.75'],
    ])
  })

  it('reads psql output whose bars a manual left out, by the columns its rule parts', () => {
    const lines = ` row_name    cat    value
----------+-------+-------
  row1      cat1    val1
  row2      cat2    val5
----------+-------+-------
(2 rows)`.split('\n')
    const [t] = findCharGridTables(lines)
    // The closing rule is the table's, the count under it is not.
    expect(t!.lines).toEqual({ first: 0, last: 4 })
    expect(texts(t!)).toEqual([
      ['row_name', 'cat', 'value'],
      ['row1', 'cat1', 'val1'],
      ['row2', 'cat2', 'val5'],
    ])
  })

  it('leaves prose with pipes, boxes without columns and ASCII diagrams alone', () => {
    const lines = `Pipe the output through sort | uniq -c and count.
The options are a | b | c, in that order.
+---------------------------+
| A note in a box, one cell |
+---------------------------+
  x ---> y
  +--+`.split('\n')
    expect(findCharGridTables(lines)).toEqual([])
    // A box drawn inside a box, and a one-row syntax chart: drawings, not tables.
    const figure = `+---------------------------+
|        figure             |
|  +---------------------+  |
|  |     image           |  |
|  +---------------------+  |
|The figure's caption should|
|wrap at this width.        |
+---------------------------+

+-------+----------------------+
| ".. " | directive type "::"  |
+-------+----------------------+`.split('\n')
    expect(findCharGridTables(figure)).toEqual([])
  })
})
