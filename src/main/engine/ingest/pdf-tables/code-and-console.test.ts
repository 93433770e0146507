import { PDFDocument, StandardFonts } from 'pdf-lib'
import { describe, expect, it } from 'vitest'
import { readPdf } from '../readers/pdf.js'
import { cutsPhrase } from './code-and-console.js'
import type { PdfTableRow } from './table-model.js'

// Code and console output in a monospaced font, drawn with pdf-lib as the development PDFs print
// them (knitr's R output, a line-numbered LaTeX listing, rpart's printout of splits), read through
// the PDF reader as an import reads them: real printouts of columns stay tables, the rest is text.

const FIXED_DATE = new Date('2024-01-02T03:04:05Z')

async function monoPdf(lines: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false })
  doc.setCreationDate(FIXED_DATE)
  doc.setModificationDate(FIXED_DATE)
  const sans = await doc.embedFont(StandardFonts.Helvetica)
  const mono = await doc.embedFont(StandardFonts.Courier)
  const page = doc.addPage([612, 792])
  page.drawText('The printout below comes from the example session in the second chapter.', {
    x: 72,
    y: 740,
    size: 10,
    font: sans,
  })
  lines.forEach((text, i) => page.drawText(text, { x: 72, y: 710 - i * 12, size: 10, font: mono }))
  return doc.save({ useObjectStreams: false })
}

async function readText(lines: string[]): Promise<string> {
  const doc = await readPdf(await monoPdf(lines), 'printout.pdf')
  return doc.chunks.map((c) => c.text).join('\n')
}

describe('code and console output in PDFs', () => {
  it("reads R's output under knitr's ## marks: its coefficient table without a column of marks, its sentences as text", async () => {
    const text = await readText([
      'summary(res)',
      '## Coefficients:',
      '##       Estimate      Std. Error   t value     Pr(>|t|)',
      '## mu     3.8939e+00    1.2032e-01   3.2364e+01 8.9209e-230',
      '## sig    1.7867e+00    8.3472e-02   2.1405e+01 1.1937e-101',
      '##',
      '## J-Test: degrees of freedom is 1',
      '##                   J-test   P-value',
      '## Test E(g)=0:      2.61527 0.10584',
      '##',
      '## Initial values of the coefficients',
      '##       alpha        beta       gamma       delta',
      '##  0.99537936 -0.02472724  1.13127832  3.13327073',
      '##',
      '## Information related to the numerical optimization',
      '## Convergence code = 0',
      '## Function eval. = 63',
      '## Gradian eval. = NA',
    ])
    expect(text).toContain('| mu | 3.8939e+00 | 1.2032e-01 | 3.2364e+01 | 8.9209e-230 |')
    expect(text).toContain('| sig | 1.7867e+00 | 8.3472e-02 | 2.1405e+01 | 1.1937e-101 |')
    expect(text).not.toMatch(/\| ## \|/)
    // The sentence above the J-test printout is not its header, words spread over the columns.
    expect(text).not.toContain('| J-Test: |')
    expect(text).toContain('J-Test: degrees of freedom is 1')
    expect(text).not.toContain('| Initial values |')
    expect(text).toContain('| 0.99537936 | -0.02472724 | 1.13127832 | 3.13327073 |')
    // Lines of "name = value" are text, not a table cut at the equals signs.
    expect(text).not.toMatch(/\| = 0 \||Function eval\. = \|/)
    expect(text).toContain('Convergence code = 0')
  })

  it('reads a line-numbered code listing as text, and a data frame with numbered rows as a table', async () => {
    const listing = await readText([
      '99  \\cs_new_protected:Npn \\__metrix_metrics:nn #1 #2',
      '100  {',
      '101   \\tl_set:Nx \\l__metrix_words_tl { \\tl_trim_spaces:n { #2 } }',
      '102   \\tl_replace_all:Nnn \\l__metrix_words_tl { ~ } { - \\q__metrix_space_marker - }',
      '103   \\seq_set_split:NnV \\l__metrix_syllables_seq { - } \\l__metrix_words_tl',
      '104   \\int_zero:N \\l__metrix_process_int',
      '105   \\seq_clear:N \\l__metrix_short_breaks_seq',
      '106   }',
    ])
    expect(listing).not.toMatch(/\| 10\d \|/)
    expect(listing).toContain('\\seq_clear:N \\l__metrix_short_breaks_seq')
    const frame = await readText([
      '          CP nsplit rel error  xerror     xstd',
      '1 0.10493827      0 1.0000000 1.0000000 0.1080241',
      '2 0.05555556      3 0.6851852 0.9259259 0.1061819',
      '3 0.02777778      4 0.6296296 0.8518519 0.1039462',
      '4 0.01851852      6 0.5740741 0.8703704 0.1045433',
    ])
    expect(frame).toContain('| 2 | 0.05555556 | 3 | 0.6851852 | 0.9259259 | 0.1061819 |')
  })

  it("reads rpart's printout of splits, sentences set in columns, as text", async () => {
    const text = await readText([
      '  Primary splits:',
      '      grade   < 2.5    to the left, improve=10.357590, (0 missing)',
      '      gleason < 5.5    to the left, improve= 8.399574, (3 missing)',
      '      ploidy splits as LRR,          improve= 7.656533, (0 missing)',
      '      g2      < 13.2   to the left, improve= 7.186766, (7 missing)',
      '  Surrogate splits:',
      '      gleason < 5.5    to the left, agree=0.863, adj=0.672, (0 split)',
      '      ploidy splits as LRR,          agree=0.644, adj=0.148, (0 split)',
      '      g2      < 9.945 to the left, agree=0.630, adj=0.115, (0 split)',
      '      age     < 66.5   to the right, agree=0.589, adj=0.016, (0 split)',
    ])
    expect(text).not.toMatch(/^\|.*(improve|agree)=/m)
    expect(text).toContain('gleason < 5.5 to the left, agree=0.863, adj=0.672, (0 split)')
  })

  it('keeps a printout whose intervals are read in pieces a table: numbers cut at a comma are no phrase', async () => {
    const text = await readText([
      'Transition intensities with hazard ratios for each covariate',
      '                  Baseline',
      'State 1 - State 1 -0.16938 (-1.894e-01,-1.515e-01)',
      'State 1 - State 2  0.12745 ( 1.108e-01, 1.466e-01)',
      'State 1 - State 4  0.04193 ( 3.354e-02, 5.241e-02)',
      'State 2 - State 1  0.22645 ( 1.686e-01, 3.042e-01)',
    ])
    expect(text).toMatch(/^\| State 1 \| - \| State 2 \| 0\.12745 \|/m)
  })

  it('tells a row that cuts a phrase apart from a row of a table', () => {
    const row = (...texts: string[]): PdfTableRow => ({
      cells: texts.map((text) => ({ text, box: null, start: 0, end: 0 })),
      box: { x: 0, y: 0, w: 0, h: 0 },
      start: 0,
      end: 0,
    })
    expect(cutsPhrase(row('gleason', '< 5.5 to the', 'left,', 'agree=0.863,', 'adj=0.672,'))).toBe(true)
    expect(cutsPhrase(row('Price', '< 11972.5', 'to the right,', 'improve= 3.200000, (0 missing)'))).toBe(
      true,
    )
    expect(cutsPhrase(row('g2', '< 13.2', 'improve=2.1781360', '(6', 'missing)'))).toBe(true)
    expect(cutsPhrase(row('Function eval. =', '63'))).toBe(true)
    // survival's strata: a label ending with a comma is one break; an interval read in pieces and
    // an interval of its own are values.
    expect(cutsPhrase(row('sex=1,', 'ph.ecog=0', '36', '28', '353'))).toBe(false)
    expect(cutsPhrase(row('State 1', '-', 'State 2', '0.12745', '(', '1.108e-01,', '1.466e-01)'))).toBe(false)
    expect(cutsPhrase(row('(0,2.5]', '42', '16', '3'))).toBe(false)
  })
})
