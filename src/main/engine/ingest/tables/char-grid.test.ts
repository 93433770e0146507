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

  it('reads a band without inner rules as its records, one a line, a label wrapped over lines continuing its record', () => {
    const lines = `                  Coefficients (Mean time to repair (hours) )
      +------------------------+---------------------+-------------------+-----+----+
      |                        |    Unstandardized   |    Standardized   |     |    |
      |                        |     Coefficients    |    Coefficients   |     |    |
      |                        +---------+-----------+-------------------+     |    |
      |                        |    B    | Std. Error|        Beta       |  t  |Sig.|
      +------------------------+---------+-----------+-------------------+-----+----+
      |(Constant)              |    10.59|       3.11|                .00| 3.40|.002|
      |Mean time between       |     3.02|        .20|                .95|14.88|.000|
      |failures (months)       |         |           |                   |     |    |
      |Ratio of working to non-|    -1.12|       3.69|               -.02| -.30|.763|
      |working time            |         |           |                   |     |    |
      +------------------------+---------+-----------+-------------------+-----+----+`.split('\n')
    const [t] = findCharGridTables(lines)
    // The header is every level above the first full rule, under its blank corner.
    expect(t!.headerRows).toBe(2)
    expect(texts(t!)).toEqual([
      [
        '',
        'Unstandardized Coefficients',
        'Unstandardized Coefficients',
        'Standardized Coefficients',
        't',
        'Sig.',
      ],
      ['', 'B', 'Std. Error', 'Beta', 't', 'Sig.'],
      ['(Constant)', '10.59', '3.11', '.00', '3.40', '.002'],
      ['Mean time between failures (months)', '3.02', '.20', '.95', '14.88', '.000'],
      ['Ratio of working to non- working time', '-1.12', '3.69', '-.02', '-.30', '.763'],
    ])
    expect(t!.rows.slice(2).map((r) => r.lines)).toEqual([
      { first: 7, last: 7 },
      { first: 8, last: 9 },
      { first: 10, last: 11 },
    ])
  })

  it('reads a listing whose records wrap a middle column over several lines', () => {
    const lines = `                                 Variables
+----+--------+-------------+------------+-----+-----+
|    |        |             | Measurement|     |     |
|Name|Position|    Label    |    Level   | Role|Width|
+----+--------+-------------+------------+-----+-----+
|v1  |       1|I am         |Ordinal     |Input|    8|
|    |        |satisfied    |            |     |     |
|v2  |       2|The value for|Ordinal     |Input|    8|
|    |        |money was    |            |     |     |
|    |        |good         |            |     |     |
|v3  |       3|The staff    |Nominal     |Input|    8|
+----+--------+-------------+------------+-----+-----+`.split('\n')
    const [t] = findCharGridTables(lines)
    expect(t!.headerRows).toBe(1)
    expect(texts(t!).slice(1)).toEqual([
      ['v1', '1', 'I am satisfied', 'Ordinal', 'Input', '8'],
      ['v2', '2', 'The value for money was good', 'Ordinal', 'Input', '8'],
      ['v3', '3', 'The staff', 'Nominal', 'Input', '8'],
    ])
  })

  it('carries a label printed once to the records under it that leave it blank or print only their own part', () => {
    const lines = `                                Descriptives
+----------------------------------------------------+---------+----------+
|                                                    |Statistic|Std. Error|
+----------------------------------------------------+---------+----------+
|mtbf_ln Mean                                        |     1.95|       .13|
|       ---------------------------------------------+---------+----------+
|        95% Confidence Interval for Mean Lower Bound|     1.69|          |
|                                         Upper Bound|     2.22|          |
|       ---------------------------------------------+---------+----------+
|        Median                                      |     2.11|          |
+----------------------------------------------------+---------+----------+
|Height in   Equal                                   |      .97|      .331|
|millimeters variances                               |         |          |
|            assumed                                 |         |          |
|            Equal                                   |         |      .297|
|            variances                               |         |          |
|            not                                     |         |          |
|            assumed                                 |         |          |
+----------------------------------------------------+---------+----------+
|Total                                        Count  |       33|        21|
|                                            Expected|      .61|       .39|
+----------------------------------------------------+---------+----------+`.split('\n')
    const [t] = findCharGridTables(lines)
    // "mtbf_ln" runs up to the column where the rule under it starts: the label's own column.
    expect(texts(t!).slice(1)).toEqual([
      ['mtbf_ln', 'Mean', '1.95', '.13'],
      ['mtbf_ln', '95% Confidence Interval for Mean Lower Bound', '1.69', ''],
      ['mtbf_ln', '95% Confidence Interval for Mean Upper Bound', '2.22', ''],
      ['mtbf_ln', 'Median', '2.11', ''],
      [
        'Height in millimeters Equal variances assumed',
        'Height in millimeters Equal variances assumed',
        '.97',
        '.331',
      ],
      [
        'Height in millimeters Equal variances not assumed',
        'Height in millimeters Equal variances not assumed',
        '',
        '.297',
      ],
      ['Total', 'Count', '33', '21'],
      ['Total', 'Expected', '.61', '.39'],
    ])
  })

  it('reads each value of a label column numbered line by line as its own record', () => {
    const lines = `                        Value Labels
+---------------------------------------------------+-----------------+
|Variable Value                                     |      Label      |
+---------------------------------------------------+-----------------+
|I am satisfied with the level of service          1|Strongly Disagree|
|                                                  2|Disagree         |
|                                                  3|No Opinion       |
+---------------------------------------------------+-----------------+`.split('\n')
    const [t] = findCharGridTables(lines)
    expect(texts(t!)).toEqual([
      ['Variable Value', 'Label'],
      ['I am satisfied with the level of service 1', 'Strongly Disagree'],
      ['I am satisfied with the level of service 2', 'Disagree'],
      ['I am satisfied with the level of service 3', 'No Opinion'],
    ])
  })

  it('keeps a band whose every column wraps prose as one row, and every band of a table with an = header rule', () => {
    const lines = `+-----------------+------------------+
| Reads the first | Writes them back |
| lines of a file | when it is done  |
+-----------------+------------------+
| Counts the rows | Prints the count |
+-----------------+------------------+`.split('\n')
    expect(texts(findCharGridTables(lines)[0]!)).toEqual([
      ['Reads the first lines of a file', 'Writes them back when it is done'],
      ['Counts the rows', 'Prints the count'],
    ])
    // reStructuredText's rules close every row: a cell of short words over two lines is one cell.
    const rst = `+-------+------------------+------+
| Name  | What it does     | Cost |
+=======+==================+======+
| alpha | Reads the first  | 10   |
| beta  |                  | 20   |
+-------+------------------+------+
| gamma | Writes them back | 30   |
+-------+------------------+------+`.split('\n')
    expect(texts(findCharGridTables(rst)[0]!)).toEqual([
      ['Name', 'What it does', 'Cost'],
      ['alpha beta', 'Reads the first', '10 20'],
      ['gamma', 'Writes them back', '30'],
    ])
  })

  it('puts bars printed a character or two off their column edge back on it', () => {
    // As a PDF's text layer lays the lines out: cells a character wider or narrower than their
    // columns, one line overrunning the right edge.
    const lines = `      +------------------------+---------+-----------+-------------------+-----+----+
      |                        |    B     | Std. Error|        Beta       |  t  |Sig.|
      +------------------------+---------+-----------+-------------------+-----+----+
      |(Constant)              |    10.59|         3.11|               .00| 3.40|.002|
      |Mean time between       |     3.02|          .20|               .95|14.88|.000|
      |failures (months)       |          |            |                  |     |    |
      |Ratio of working to non-|    -1.12|        3.69|              -.02| -.30|.763|
      |working time            |          |            |                  |     |    |
      +------------------------+---------+-----------+-------------------+-----+----+`.split('\n')
    const [t] = findCharGridTables(lines)
    expect(t!.lines).toEqual({ first: 0, last: 8 })
    expect(texts(t!)).toEqual([
      ['', 'B', 'Std. Error', 'Beta', 't', 'Sig.'],
      ['(Constant)', '10.59', '3.11', '.00', '3.40', '.002'],
      ['Mean time between failures (months)', '3.02', '.20', '.95', '14.88', '.000'],
      ['Ratio of working to non- working time', '-1.12', '3.69', '-.02', '-.30', '.763'],
    ])
  })

  it('reads the first slice of a table too wide for the page, its top border open under a header cell spanning into the next', () => {
    const lines = `                          Independent Samples Test
+---------------------+----------+------------------------------------------
|                     | Levene's |
|                     | Test for |
|                     | Variances|              T-Test for Equality of Means
|                     +----+-----+-----+-----+-------+----------+----------+
|                     |    |     |     |     |  Sig. |          |          |
|                     |    |     |     |     |  (2-  |   Mean   |Std. Error|
|                     |  F | Sig.|  t  |  df |tailed)|Difference|Difference|
+---------------------+----+-----+-----+-----+-------+----------+----------+
|Height in   Equal    | .97| .331|14.02|37.00|   .000|    185.72|     13.24|
|millimeters variances|    |     |     |     |       |          |          |
|            assumed  |    |     |     |     |       |          |          |
|            Equal    |    |     |15.15|32.71|   .000|    185.72|     12.26|
|            variances|    |     |     |     |       |          |          |
|            not      |    |     |     |     |       |          |          |
|            assumed  |    |     |     |     |       |          |          |
+---------------------+----+-----+-----+-----+-------+----------+----------+`.split('\n')
    const [t] = findCharGridTables(lines)
    expect(t!.title).toBe(0)
    expect(t!.lines).toEqual({ first: 1, last: 17 })
    expect(t!.headerRows).toBe(2)
    const levene = "Levene's Test for Variances"
    const tTest = 'T-Test for Equality of Means'
    expect(texts(t!)).toEqual([
      ['', levene, levene, tTest, tTest, tTest, tTest, tTest],
      ['', 'F', 'Sig.', 't', 'df', 'Sig. (2- tailed)', 'Mean Difference', 'Std. Error Difference'],
      [
        'Height in millimeters Equal variances assumed',
        '.97',
        '.331',
        '14.02',
        '37.00',
        '.000',
        '185.72',
        '13.24',
      ],
      [
        'Height in millimeters Equal variances not assumed',
        '',
        '',
        '15.15',
        '32.71',
        '.000',
        '185.72',
        '12.26',
      ],
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
