import { PDFDocument, StandardFonts } from 'pdf-lib'
import { describe, expect, it } from 'vitest'
import { readPdf } from '../readers/pdf.js'
import type { PageWord } from './page-words.js'
import { ruledRegions } from './ruled-tables.js'
import { headerAbove, type TextLine } from './text-tables.js'

// Tables in PDFs drawn with pdf-lib: a ruled grid (the lines strategy) and a monospaced printout
// (the whitespace strategy), read through the PDF reader as an import reads them.

const FIXED_DATE = new Date('2024-01-02T03:04:05Z')

interface Drawn {
  text: string
  x: number
  y: number
  mono?: boolean
  /** Type size (default 10): a superscript or a fraction's figures are set smaller. */
  size?: number
}

async function pdfOf(
  pages: { texts: Drawn[]; lines?: [number, number, number, number][] }[],
): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false })
  doc.setCreationDate(FIXED_DATE)
  doc.setModificationDate(FIXED_DATE)
  const sans = await doc.embedFont(StandardFonts.Helvetica)
  const mono = await doc.embedFont(StandardFonts.Courier)
  for (const p of pages) {
    const page = doc.addPage([612, 792])
    for (const t of p.texts)
      page.drawText(t.text, { x: t.x, y: t.y, size: t.size ?? 10, font: t.mono ? mono : sans })
    for (const [x0, y0, x1, y1] of p.lines ?? [])
      page.drawLine({ start: { x: x0, y: y0 }, end: { x: x1, y: y1 }, thickness: 0.5 })
  }
  return doc.save({ useObjectStreams: false })
}

const prose = (y: number): Drawn[] =>
  [
    'Colour models decide how a fill is written to the output file, and the default can be set.',
    'The table below lists every model with the value that selects it in the internal variable.',
    'Choose the model before drawing, since it applies to every object drawn after the change.',
  ].map((text, i) => ({ text, x: 72, y: y - i * 14 }))

/** A 5 × 2 grid ruled on every side, with its caption under it. */
function ruledTable(): { texts: Drawn[]; lines: [number, number, number, number][] } {
  const rows = [
    ['Value', 'Color model'],
    ['1', 'no model'],
    ['3', 'greyscale'],
    ['5', 'rgb (default)'],
    ['7', 'cmyk'],
  ]
  const top = 600
  const texts: Drawn[] = rows.flatMap((r, i) => [
    { text: r[0]!, x: 210, y: top - 12 - i * 16 },
    { text: r[1]!, x: 270, y: top - 12 - i * 16 },
  ])
  const lines: [number, number, number, number][] = []
  for (let i = 0; i <= rows.length; i++) lines.push([200, top - i * 16 - 4, 400, top - i * 16 - 4])
  for (const x of [200, 260, 400]) lines.push([x, top - 4, x, top - rows.length * 16 - 4])
  texts.push({ text: 'Table 2: Supported color models.', x: 220, y: top - rows.length * 16 - 24 })
  return { texts, lines }
}

describe('tables in PDFs', () => {
  it('reads a ruled table as Markdown rows under its caption and header', async () => {
    const t = ruledTable()
    const bytes = await pdfOf([{ texts: [...prose(700), ...t.texts, ...prose(480)], lines: t.lines }])
    const doc = await readPdf(bytes, 'colors.pdf')
    const text = doc.chunks.map((c) => c.text).join('\n')
    expect(text).toContain('Table 2: Supported color models.\n| Value | Color model |\n| --- | --- |')
    expect(text).toContain('| 7 | cmyk |')
    expect(text).toContain('| 5 | rgb (default) |')
    // Without tables the same page reads as a run of words.
    const plain = await readPdf(bytes, 'colors.pdf', { tables: false })
    expect(plain.chunks.map((c) => c.text).join('\n')).not.toContain('| 7 | cmyk |')
  })

  it('cites the rows a table passage holds: its span covers them on the page', async () => {
    const t = ruledTable()
    const doc = await readPdf(await pdfOf([{ texts: t.texts, lines: t.lines }]), 'colors.pdf')
    const chunk = doc.chunks.find((c) => c.text.includes('| 7 | cmyk |'))!
    const page = doc.pages[0]!
    const span = chunk.spans[0]!
    const covered = page.text.slice(span.start, span.end)
    expect(covered).toContain('7 cmyk')
    expect(covered).toContain('Value Color model')
  })

  it('finds a monospaced printout by its aligned columns and repeats its header in every chunk', async () => {
    const header = { text: '           Estimate Std. Error z value', x: 72, y: 700, mono: true }
    const rows: Drawn[] = []
    for (let i = 0; i < 40; i++) {
      const label = `term${String(i).padStart(2, '0')}`.padEnd(11)
      const est = (1 + i / 10).toFixed(4).padStart(8)
      const se = (0.1 + i / 100).toFixed(4).padStart(11)
      const z = (2 + i / 7).toFixed(3).padStart(8)
      rows.push({ text: `${label}${est}${se}${z}`, x: 72, y: 686 - i * 14, mono: true })
    }
    const caption = { text: 'Coefficients:', x: 72, y: 714, mono: true }
    const doc = await readPdf(await pdfOf([{ texts: [caption, header, ...rows] }]), 'fit.pdf', {
      chunking: { targetWords: 60, maxWords: 80, overlapWords: 10 },
    })
    const withRows = doc.chunks.filter((c) => /\| term\d\d \|/.test(c.text))
    expect(withRows.length).toBeGreaterThan(2)
    for (const c of withRows) expect(c.text).toContain('|  | Estimate | Std. Error | z value |')
    expect(withRows.map((c) => c.text).join('\n')).toContain('| term07 | 1.7000 | 0.1700 | 3.000 |')
    // Rows are never cut: every table line of every chunk is a whole row of four cells.
    for (const c of withRows)
      for (const line of c.text.split('\n').filter((l) => l.startsWith('| term')))
        expect(line.split('|').length - 2).toBe(4)
  })

  it('keeps a row whole whose description wraps over several lines, the last row too', async () => {
    // FireHOL's command tables: a short name and flag beside a description of up to four lines.
    const rows: [string, string, string[]][] = [
      ['command', 'flag', ['description']],
      ['action', 'Y', ['Define new actions that can', 'differentiate the final action based on', 'rules.']],
      ['blacklist', 'Y', ['Drop matching packets globally.']],
      ['classify', 'Y', ['Put matching traffic into the', 'specified traffic shaping class.']],
      ['dscp', 'Y', ['Set the DSCP field of packets.']],
      ['tos', 'Y', ['Set the Type of Service of packets', 'leaving the firewall.']],
    ]
    const texts: Drawn[] = []
    let y = 640
    for (const [name, flag, lines] of rows) {
      texts.push({ text: name, x: 72, y }, { text: flag, x: 160, y })
      for (const l of lines) {
        texts.push({ text: l, x: 220, y })
        y -= 13
      }
    }
    const doc = await readPdf(await pdfOf([{ texts: [...prose(700), ...texts] }]), 'firehol.pdf')
    const text = doc.chunks.map((c) => c.text).join('\n')
    expect(text).toContain('| command | flag | description |')
    expect(text).toContain(
      '| action | Y | Define new actions that can differentiate the final action based on rules. |',
    )
    expect(text).toContain(
      '| classify | Y | Put matching traffic into the specified traffic shaping class. |',
    )
    expect(text).toContain('| tos | Y | Set the Type of Service of packets leaving the firewall. |')
  })

  it('gives each cell the dashes it prints, where rows of one page print a word two ways', async () => {
    // The euro package's formats: one style ends a price with a hyphen, another with an en dash.
    const rows: [string, string][] = [
      ['Style', 'Printed'],
      ['plain', 'ATS 1 000,-'],
      ['plain,endash', 'ATS 1 000,\u2013'],
      ['eco', 'ATS 1.000,-'],
      ['eco,endash', 'ATS 1.000,\u2013'],
    ]
    const texts = rows.map(([a, b], i) => ({
      text: `${a.padEnd(16)}${b}`,
      x: 72,
      y: 700 - i * 14,
      mono: true,
    }))
    const doc = await readPdf(await pdfOf([{ texts }]), 'euro.pdf')
    const text = doc.chunks.map((c) => c.text).join('\n')
    expect(text).toContain('| plain | ATS 1 000,- |')
    expect(text).toContain('| plain,endash | ATS 1 000,\u2013 |')
    expect(text).toContain('| eco,endash | ATS 1.000,\u2013 |')
  })

  it('parts two tables between the same rules (booktabs) at the caption of the second', async () => {
    const texts: Drawn[] = []
    const lines: [number, number, number, number][] = []
    const block = (top: number, head: [string, string], rows: [string, string][]) => {
      texts.push({ text: head[0], x: 110, y: top - 14 }, { text: head[1], x: 200, y: top - 14 })
      rows.forEach((r, i) =>
        texts.push(
          { text: r[0], x: 110, y: top - 36 - i * 16 },
          { text: r[1], x: 200, y: top - 36 - i * 16 },
        ),
      )
      const bottom = top - 36 - rows.length * 16 + 6
      for (const y of [top, top - 20, bottom]) lines.push([100, y, 500, y])
      return bottom
    }
    texts.push({ text: 'Table 1: Solvers.', x: 110, y: 720 })
    const end = block(
      710,
      ['Function', 'Description'],
      [
        ['ode', 'general solver'],
        ['lsoda', 'switches methods'],
      ],
    )
    texts.push({ text: 'Table 2: Return flags.', x: 110, y: end - 20 })
    block(
      end - 30,
      ['Nr', 'Meaning'],
      [
        ['1', 'the return flag'],
        ['2', 'steps taken so far'],
      ],
    )
    const doc = await readPdf(await pdfOf([{ texts, lines }]), 'ref.pdf')
    const text = doc.chunks.map((c) => c.text).join('\n')
    expect(text).toContain('Table 1: Solvers.\n| Function | Description |')
    expect(text).toContain('Table 2: Return flags.\n| Nr | Meaning |\n| --- | --- |\n| 1 | the return flag |')
  })

  it('reads a printout in column blocks as one table per block, each value with its interval', async () => {
    const lines = [
      '> pnext.msm(cav.msm)',
      '',
      '        State 1                 State 2',
      'State 1 0                       0.75054 (0.6985,0.7989)',
      'State 2 0.37030 (0.2905,0.4552) 0',
      'State 3 0                       0.29884 (0.1922,0.4281)',
      '        State 3                 State 4',
      'State 1 0                       0.24946 (0.2011,0.3015)',
      'State 2 0.56356 (0.4377,0.6514) 0.06614 (0.0173,0.1996)',
      'State 3 0                       0.70116 (0.5719,0.8078)',
    ]
    const texts = lines.map((text, i) => ({ text, x: 72, y: 700 - i * 12, mono: true }))
    const doc = await readPdf(await pdfOf([{ texts }]), 'msm.pdf')
    const text = doc.chunks.map((c) => c.text).join('\n')
    expect(text).toContain('|  | State 1 | State 2 |')
    expect(text).toContain('| State 2 | 0.37030 (0.2905,0.4552) | 0 |')
    expect(text).toContain('|  | State 3 | State 4 |')
    expect(text).toContain('| State 2 | 0.56356 (0.4377,0.6514) | 0.06614 (0.0173,0.1996) |')
  })

  it('reads a ruled table whose cells wrap over several lines one row per name, a key over rows apart', async () => {
    // A booktabs table (top rule, header rule, bottom rule): the name once, its parameters and
    // density over several lines, as msm's Table 1 sets them; a line that fills every column but
    // the first is a row of its own under a key spanning rows (MetaPost's Table 5: `format`).
    const rows: [string, string, string, string][] = [
      ['hmmNorm', 'Normal', 'mean,', ''],
      ['', '', 'sd', ''],
      ['', '', '', 'phi(x, mu, sigma) ='],
      ['', '', '', '1 / sqrt(2 pi sigma2)'],
      ['hmmPois', 'Poisson', 'rate', 'lambda x'],
      ['', '', '', 'exp(-lambda) / x!'],
      ['hmmBinom', 'Binomial', 'size,', ''],
      ['', '', 'prob', '(n x) p x (1 - p) n-x'],
      ['hmmCat', 'Categorical', 'prob', 'p x'],
      ['', 'Identity', 'x0', 'I x=x0'],
    ]
    const xs = [110, 190, 260, 330]
    const top = 640
    const texts: Drawn[] = [
      { text: 'Table 1: Hidden Markov model distributions.', x: 110, y: top + 12 },
      ...['Function', 'Distribution', 'Parameters', 'Density'].map((text, c) => ({
        text,
        x: xs[c]!,
        y: top - 12,
      })),
    ]
    rows.forEach((r, i) =>
      r.forEach((text, c) => {
        if (text) texts.push({ text, x: xs[c]!, y: top - 30 - i * 10 })
      }),
    )
    const bottom = top - 30 - rows.length * 10
    const lines: [number, number, number, number][] = [top, top - 18, bottom].map((y) => [100, y, 520, y])
    const doc = await readPdf(await pdfOf([{ texts: [...prose(740), ...texts], lines }]), 'msm.pdf')
    const text = doc.chunks.map((c) => c.text).join('\n')
    expect(text).toContain(
      '| Function | Distribution | Parameters | Density |\n| --- | --- | --- | --- |\n| hmmNorm | Normal | mean, sd | phi(x, mu, sigma) = 1 / sqrt(2 pi sigma2) |',
    )
    expect(text).toContain('| hmmPois | Poisson | rate | lambda x exp(-lambda) / x! |')
    expect(text).toContain('| hmmBinom | Binomial | size, prob | (n x) p x (1 - p) n-x |')
    expect(text).toContain('| hmmCat | Categorical | prob | p x |\n|  | Identity | x0 | I x=x0 |')
  })

  it('reads a first-column cell set in a box of its own and wrapped as one cell of its row', async () => {
    // fasta36's Table 1: the program names are a \parbox, so the content stream gives both lines
    // of the name ("tfastx36/", "tfasty36") before the rest of the row on the first one's baseline.
    const xs = [110, 200, 270]
    const top = 640
    const texts: Drawn[] = [
      { text: 'Table 1: Comparison programs in the package', x: 110, y: top + 12 },
      ...['Program', 'BLAST', 'Description'].map((text, c) => ({ text, x: xs[c]!, y: top - 12 })),
    ]
    const rows: [string[], string, string[]][] = [
      [
        ['fastx36/', 'fasty36'],
        'blastx',
        ['Compare a DNA sequence to a protein', 'database, allowing frameshifts.'],
      ],
      [
        ['tfastx36/', 'tfasty36'],
        'tblastn',
        ['Compare a protein sequence to a DNA', 'database with frameshifts.'],
      ],
      [['lalign36'], '', ['Calculate non-intersecting alignments.']],
    ]
    let y = top - 30
    for (const [names, blast, description] of rows) {
      names.forEach((text, i) => texts.push({ text, x: xs[0]!, y: y - i * 10 }))
      if (blast) texts.push({ text: blast, x: xs[1]!, y })
      description.forEach((text, i) => texts.push({ text, x: xs[2]!, y: y - i * 10 }))
      y -= 10 * Math.max(names.length, description.length) + 2
    }
    const lines: [number, number, number, number][] = [top, top - 18, y].map((at) => [100, at, 520, at])
    const doc = await readPdf(await pdfOf([{ texts: [...prose(740), ...texts], lines }]), 'fasta.pdf')
    const text = doc.chunks.map((c) => c.text).join('\n')
    expect(text).toContain(
      '| fastx36/ fasty36 | blastx | Compare a DNA sequence to a protein database, allowing frameshifts. |\n' +
        '| tfastx36/ tfasty36 | tblastn | Compare a protein sequence to a DNA database with frameshifts. |\n' +
        '| lalign36 |  | Calculate non-intersecting alignments. |',
    )
  })

  it('reads each line of a group of records set between two rules as a row of its own', async () => {
    // A regression table ruled in groups: a coefficient's estimate over its standard error (one
    // row, the second line's first column empty), then N, RMSE and R2 under one rule, each a row.
    const xs = [110, 220, 330]
    const top = 640
    const bands: string[][][] = [
      [
        ['(Intercept)', '30.245', '30.013'],
        ['', '(0.618)', '(0.490)'],
      ],
      [
        ['x1', '1.546', '2.217'],
        ['', '(0.692)', '(0.555)'],
      ],
      [
        ['x2', '', '3.717'],
        ['', '', '(0.483)'],
      ],
      [
        ['N', '100', '100'],
        ['RMSE', '6.121', '4.849'],
        ['R2', '0.048', '0.409'],
      ],
    ]
    const texts: Drawn[] = [
      { text: 'Table 18: Two linear regressions', x: 110, y: top + 12 },
      ...['', 'Amod', 'Gmod'].flatMap((text, c) => (text ? [{ text, x: xs[c]!, y: top - 12 }] : [])),
    ]
    const rules = [top, top - 18]
    let y = top - 30
    for (const band of bands) {
      for (const line of band) {
        line.forEach((text, c) => text && texts.push({ text, x: xs[c]!, y }))
        y -= 12
      }
      rules.push(y + 6)
      y -= 6
    }
    const lines = rules.map((at): [number, number, number, number] => [100, at, 420, at])
    const doc = await readPdf(await pdfOf([{ texts: [...prose(740), ...texts], lines }]), 'outreg.pdf')
    const text = doc.chunks.map((c) => c.text).join('\n')
    expect(text).toContain('| x1 | 1.546 (0.692) | 2.217 (0.555) |')
    expect(text).toContain('| N | 100 | 100 |\n| RMSE | 6.121 | 4.849 |\n| R2 | 0.048 | 0.409 |')
  })

  it('reads records printed side by side under a repeated header as one table of their columns', async () => {
    const xs = [110, 180, 290, 360]
    const top = 640
    const rows = [
      ['Extension', 'Language', 'Extension', 'Language'],
      ['.c', 'C', '.py', 'Python'],
      ['.h', 'C', '.f', 'Fortran'],
      ['.inc', 'PHP', '.md', 'Markdown'],
    ]
    // The header over the top rule's gap, the rows under the header rule, 12 points apart.
    const y = (i: number) => (i === 0 ? top - 12 : top - 20 - i * 12)
    const texts: Drawn[] = rows.flatMap((r, i) => r.map((text, c) => ({ text, x: xs[c]!, y: y(i) })))
    const lines: [number, number, number, number][] = [top, top - 16, y(rows.length)].map((at) => [
      100,
      at,
      460,
      at,
    ])
    const doc = await readPdf(await pdfOf([{ texts: [...prose(740), ...texts], lines }]), 'ext.pdf')
    const text = doc.chunks.map((c) => c.text).join('\n')
    expect(text).toContain(
      '| Extension | Language |\n| --- | --- |\n| .c | C |\n| .py | Python |\n| .h | C |\n| .f | Fortran |\n| .inc | PHP |\n| .md | Markdown |',
    )
  })

  it('keeps a row whose columns fall a word space apart when its words align with the row above', async () => {
    const lines = [
      'Likelihood ratio tests of cumulative link models:',
      '',
      '    formula:                link: threshold:',
      'fm2 rating ~ temp           logit flexible',
      'fm1 rating ~ temp + contact logit flexible',
    ]
    const texts = lines.map((text, i) => ({ text, x: 72, y: 700 - i * 12, mono: true }))
    const doc = await readPdf(await pdfOf([{ texts }]), 'anova.pdf')
    const text = doc.chunks.map((c) => c.text).join('\n')
    expect(text).toContain('| fm1 |')
    expect(text).toMatch(/\| fm1 \|.*contact.*\| logit flexible \|/)
  })

  it('never ends a chunk with a table header without its rows, nor opens one with rows without their header', async () => {
    const words =
      'the wine ratings were fitted again with the thresholds forced to be equally spaced apart'.split(' ')
    for (let n = 4; n <= 40; n += 3) {
      const intro = Array.from({ length: n }, (_, i) => words[i % words.length]).join(' ')
      const lines = [
        'Coefficients:',
        '           Estimate Std. Error z value',
        'tempwarm     2.4632     0.5164   4.770',
        'contactyes   1.5080     0.4712   3.200',
        'Signif. codes: 0 *** 0.001 ** 0.01 * 0.05',
        'Threshold coefficients:',
        '            Estimate Std. Error z value',
        'threshold.1  -1.0010     0.3978  -2.517',
        'spacing       2.1229     0.2455   8.646',
      ]
      const texts: Drawn[] = [
        { text: intro, x: 72, y: 720 },
        ...lines.map((text, i) => ({ text, x: 72, y: 700 - i * 12, mono: true })),
        ...prose(560),
      ]
      const doc = await readPdf(await pdfOf([{ texts }]), 'equi.pdf', {
        chunking: { targetWords: 24, maxWords: 34, overlapWords: 8 },
      })
      for (const c of doc.chunks) {
        const ls = c.text.split('\n')
        // The last line of a chunk is no header rule, and every body row has its header above it.
        expect(ls.at(-1), `${n}: ${c.text}`).not.toMatch(/^\| ---/)
        ls.forEach((l, i) => {
          if (!/^\| (tempwarm|contactyes|threshold\.1|spacing) \|/.test(l)) return
          let j = i
          while (j > 0 && ls[j - 1]!.startsWith('|')) j--
          expect(ls[j + 1], `${n}: ${c.text}`).toMatch(/^\| ---/)
        })
      }
      expect(doc.chunks.map((c) => c.text).join('\n')).toContain('| spacing | 2.1229 | 0.2455 | 8.646 |')
    }
  })

  it('reads a one-row printout under its right-aligned header, a two-word name one column, the call not its header', async () => {
    const lines = [
      'R> accuracy(etsfit)',
      '',
      '                   ME     RMSE      MAE       MPE     MAPE      MASE',
      'Training set 1.162583 52.00363 36.77721 0.2629582 1.942062 0.5211014',
      '',
      'R> fcast',
      '     Point Forecast    Lo 80    Hi 80    Lo 95    Hi 95',
      '2004       3900.329 3770.801 4029.857 3702.233 4098.425',
      '2005       3952.650 3747.279 4158.022 3638.562 4266.738',
    ]
    const texts = lines.map((text, i) => ({ text, x: 72, y: 600 - i * 12, mono: true }))
    const doc = await readPdf(await pdfOf([{ texts: [...prose(700), ...texts, ...prose(460)] }]), 'ets.pdf')
    const text = doc.chunks.map((c) => c.text).join('\n')
    expect(text).toContain(
      'R> accuracy(etsfit)\n|  | ME | RMSE | MAE | MPE | MAPE | MASE |\n| --- | --- | --- | --- | --- | --- | --- |\n| Training set | 1.162583 | 52.00363 | 36.77721 | 0.2629582 | 1.942062 | 0.5211014 |',
    )
    expect(text).toContain(
      'R> fcast\n|  | Point Forecast | Lo 80 | Hi 80 | Lo 95 | Hi 95 |\n| --- | --- | --- | --- | --- | --- |\n| 2004 | 3900.329 |',
    )
  })

  it('reads a two-way count table under both its header lines: the column variable over its values', async () => {
    const lines = [
      '> statetable.msm(state, PTNUM, data=cav)',
      '    to',
      'from    1    2    3    4',
      '   1 1367  204   44  148',
      '   2   46  134   54   48',
      '   3    4   13  107   55',
    ]
    const texts = lines.map((text, i) => ({ text, x: 72, y: 600 - i * 12, mono: true }))
    const doc = await readPdf(await pdfOf([{ texts: [...prose(700), ...texts, ...prose(460)] }]), 'cav.pdf')
    const text = doc.chunks.map((c) => c.text).join('\n')
    expect(text).toContain(
      '> statetable.msm(state, PTNUM, data=cav)\n| from | to / 1 | to / 2 | to / 3 | to / 4 |\n| --- | --- | --- | --- | --- |\n| 1 | 1367 | 204 | 44 | 148 |',
    )
    // A table of words with a cell's word wrapped onto the line above is no count table.
    const words = [
      'Table 3.4: Font categorisation and commands',
      '                 Shape',
      'Upright shape    textup Upright shape',
      'Italic shape     textit Italic shape',
      'Slanted shape    textsl Slanted shape',
    ]
    const wordTexts = words.map((text, i) => ({ text, x: 72, y: 600 - i * 12, mono: true }))
    const fonts = await readPdf(
      await pdfOf([{ texts: [...prose(700), ...wordTexts, ...prose(460)] }]),
      'fonts.pdf',
    )
    expect(fonts.chunks.map((c) => c.text).join('\n')).not.toContain('Shape /')
  })

  it('does not take a heading over a line of prose for a one-row printout', async () => {
    const texts = [
      { text: '            Results       Discussion', x: 72, y: 600, mono: true },
      { text: 'The rate was 1.5 and then 2.25 in the second run of it.', x: 72, y: 588, mono: true },
    ]
    const doc = await readPdf(await pdfOf([{ texts: [...prose(700), ...texts, ...prose(540)] }]), 'h.pdf')
    expect(doc.chunks.map((c) => c.text).join('\n')).not.toContain('|')
  })

  it('does not take a displayed equation array for a table', async () => {
    const texts = ['r  =  1 - k - c    (1)', 'g  =  1 - k - m    (2)', 'b  =  1 - k - y    (3)'].map(
      (text, i) => ({ text, x: 200, y: 600 - i * 14, mono: true }),
    )
    const doc = await readPdf(await pdfOf([{ texts: [...prose(700), ...texts, ...prose(500)] }]), 'eq.pdf')
    expect(doc.chunks.map((c) => c.text).join('\n')).not.toContain('|')
  })

  it('does not take a console transcript or commented code for a table', async () => {
    const transcript = [
      'R> (HC5.estimates <- c(',
      '+     empirical = as.numeric(quantile(ATV, probs = 0.05)),',
      '+     Burr = as.numeric(quantile(fendo.B, probs = 0.05)$quantiles),',
      '+     lognormal_MLE = as.numeric(quantile(fendo.ln, probs = 0.05)$quantiles)))',
    ]
    const script = [
      'model in "line.bug"          # Read model file',
      'data in "line-data.R"        # Read data in from file',
      'compile, nchains(2)          # Compile a model with two parallel chains',
    ]
    const texts = [...transcript, '', ...script].map((text, i) => ({
      text,
      x: 72,
      y: 600 - i * 12,
      mono: true,
    }))
    const doc = await readPdf(await pdfOf([{ texts: [...prose(700), ...texts, ...prose(480)] }]), 'code.pdf')
    expect(doc.chunks.map((c) => c.text).join('\n')).not.toContain('|')
  })

  it('reads a caption printed inside a ruled box as the caption, not as a first row of words over the cells', async () => {
    // memoir's Table 11.6: the frame's top band holds the caption, the columns' rules start under it.
    const rows = [
      ['Name', 'Kind', 'Default'],
      ['width', 'length', '10pt'],
      ['style', 'choice', 'plain'],
      ['count', 'integer', '3'],
    ]
    const xs = [150, 250, 350]
    const top = 640
    const texts: Drawn[] = [{ text: 'Table 3: Options of the frame command', x: 160, y: top - 14 }]
    rows.forEach((r, i) => r.forEach((text, c) => texts.push({ text, x: xs[c]!, y: top - 40 - i * 16 })))
    const bottom = top - 40 - rows.length * 16 + 8
    const lines: [number, number, number, number][] = [
      [140, top, 460, top],
      [140, top - 24, 460, top - 24],
      [140, top - 44, 460, top - 44],
      [140, bottom, 460, bottom],
      [140, top, 140, bottom],
      [460, top, 460, bottom],
      [240, top - 24, 240, bottom],
      [340, top - 24, 340, bottom],
    ]
    const doc = await readPdf(await pdfOf([{ texts: [...prose(720), ...texts], lines }]), 'frame.pdf')
    const text = doc.chunks.map((c) => c.text).join('\n')
    expect(text).toContain(
      'Table 3: Options of the frame command\n| Name | Kind | Default |\n| --- | --- | --- |',
    )
    expect(text).toContain('| count | integer | 3 |')
    expect(text).not.toMatch(/\| Table \|/)
  })

  it('reads a caption just above a table set without rules as its caption, and a row of names over codes as its header', async () => {
    // xcolor's Table 5: the caption had been taken for the header line, its words spread over the
    // columns ("| Table | 5: | Drivers | … | models | models |"), and the real header read as a row.
    const rows = [
      ['Driver', 'Version', 'rgb', 'cmy', 'hsb'],
      ['dvipdf', '2015/12/30 v3.0k', 'd', 'n', 'n'],
      ['dvips', '2015/12/30 v3.0k', 'd', 'n', 'd'],
      ['pdftex', '2011/05/27 v0.06d', 'd', 'n', 'n'],
      ['textures', '1997/5/28 v0.3', 'd', 'n', '?'],
      ['dviwin', '2015/12/30 v3.0k', 'n', 'n', 'n'],
    ]
    const xs = [120, 190, 300, 340, 380]
    const texts: Drawn[] = [{ text: 'Table 5: Drivers and color models', x: 200, y: 620 }]
    rows.forEach((r, i) => r.forEach((text, c) => texts.push({ text, x: xs[c]!, y: 600 - i * 14 })))
    const doc = await readPdf(
      await pdfOf([{ texts: [...prose(720), ...texts, ...prose(480)] }]),
      'drivers.pdf',
    )
    const text = doc.chunks.map((c) => c.text).join('\n')
    expect(text).toContain(
      'Table 5: Drivers and color models\n| Driver | Version | rgb | cmy | hsb |\n| --- | --- | --- | --- | --- |\n| dvipdf | 2015/12/30 v3.0k | d | n | n |',
    )
    expect(text).not.toContain('| Table |')
  })

  it('reads the header sitting on the first rule of a table ruled under its header, not into the caption above', async () => {
    // coin's Table 3: no rule over the header, one under it and one at the foot. The header had
    // been read into the caption ("Table 3: Melanoma data. In situ Control Total"), and "In situ",
    // wider than its column of counts, was parted over two columns ("In | situ Control").
    const texts: Drawn[] = [
      { text: 'Table 3: Melanoma data.', x: 250, y: 700 },
      { text: 'In situ', x: 262, y: 680 },
      { text: 'Control', x: 305, y: 680 },
      { text: 'Total', x: 353, y: 680 },
    ]
    const rows = [
      ['AA', '6', '32', '38'],
      ['AG', '8', '47', '55'],
      ['GG', '10', '20', '30'],
      ['Total', '24', '99', '123'],
    ]
    const xs = [225, 262, 305, 353]
    rows.forEach((r, i) => r.forEach((text, c) => texts.push({ text, x: xs[c]!, y: 664 - i * 14 })))
    const lines: [number, number, number, number][] = [
      [215, 676, 390, 676],
      [215, 616, 390, 616],
    ]
    const doc = await readPdf(
      await pdfOf([{ texts: [...prose(760), ...texts, ...prose(580)], lines }]),
      'melanoma.pdf',
    )
    const text = doc.chunks.map((c) => c.text).join('\n')
    expect(text).toContain(
      'Table 3: Melanoma data.\n|  | In situ | Control | Total |\n| --- | --- | --- | --- |',
    )
    expect(text).toContain('| AG | 8 | 47 | 55 |')
  })

  it('reads a row with a raised mark and a stacked fraction in it as one row', async () => {
    // xcolor's Tables 2, 3 and 7: an exponent ("[0, 1]³"), a footnote mark ("allowed¹") or a
    // fraction's figures (½ set as 1 over 2) parted their row into lines of their own, and the
    // table into pieces or run-on text.
    const texts: Drawn[] = [{ text: 'Table 3: Supported color models', x: 200, y: 640 }]
    const xs = [150, 220, 360, 440]
    const rows = [
      ['Name', 'Base colors', 'Range', 'Gray'],
      ['rgb', 'red, green, blue', '[0, 1]', '(0.5)'],
      ['cmyk', 'cyan, magenta, black', '[0, 1]', '(0, 0, 0, '],
      ['gray', 'gray', '[0, 1]', '0.5'],
      ['RGB', 'Red, Green, Blue', '{0, 1, 255}', '(128)'],
    ]
    // Drawn in reading order, as a typesetter writes them: the exponents of rows 1 and 2 raised
    // 3.6 points in 7-point type after their cell, row 2's half (1 over 2) before its parenthesis.
    const marks: Record<string, Drawn[]> = {
      '1,2': [{ text: '3', x: 385, y: 603.6, size: 7 }],
      '2,2': [{ text: '4', x: 385, y: 587.6, size: 7 }],
      '2,3': [
        { text: '1', x: 478, y: 587.6, size: 7 },
        { text: '2', x: 478, y: 581.5, size: 7 },
        { text: ')', x: 484, y: 584 },
      ],
    }
    rows.forEach((r, i) =>
      r.forEach((text, c) => texts.push({ text, x: xs[c]!, y: 616 - i * 16 }, ...(marks[`${i},${c}`] ?? []))),
    )
    const doc = await readPdf(
      await pdfOf([{ texts: [...prose(720), ...texts, ...prose(480)] }]),
      'models.pdf',
    )
    const text = doc.chunks.map((c) => c.text).join('\n')
    expect(text).toContain('| Name | Base colors | Range | Gray |\n| --- | --- | --- | --- |')
    expect(text).toContain('| rgb | red, green, blue | [0, 1] 3 | (0.5) |')
    expect(text).toContain('| cmyk | cyan, magenta, black | [0, 1] 4 | (0, 0, 0, 1 2 ) |')
    expect(text).toContain('| RGB | Red, Green, Blue | {0, 1, 255} | (128) |')
  })

  it('does not read numbered displayed equations as a table', async () => {
    const texts: Drawn[] = [
      { text: 'Level:', x: 120, y: 600 },
      { text: 'l = a (y - s) + (1 - a) l', x: 200, y: 600 },
      { text: '(1a)', x: 480, y: 600 },
      { text: 'Growth:', x: 120, y: 584 },
      { text: 'b = c (l - l) + (1 - c) b', x: 200, y: 584 },
      { text: '(1b)', x: 480, y: 584 },
      { text: 'Seasonal:', x: 120, y: 568 },
      { text: 's = g (y - l) + (1 - g) s', x: 200, y: 568 },
      { text: '(1c)', x: 480, y: 568 },
    ]
    const doc = await readPdf(await pdfOf([{ texts: [...prose(720), ...texts, ...prose(480)] }]), 'eqs.pdf')
    expect(doc.chunks.map((c) => c.text).join('\n')).not.toContain('| (1b) |')
  })

  it('parts the columns a ruled frame leaves unruled where its words stand apart', async () => {
    // coin's Table 2 (`{cccc|cccc}`): one vertical rule between two groups of four columns had
    // read as two columns of four values each ("1 Case aa raa | 1 0 0 0").
    const rows = [
      ['i', 'Group', 'Code', 'h', 'add', 'dom'],
      ['1', 'Case', 'aa', '1', '0', '0'],
      ['2', 'Case', 'Aa', '1', '1', '1'],
      ['3', 'Control', 'AA', '0', '2', '1'],
    ]
    const xs = [150, 175, 230, 285, 330, 380]
    const top = 640
    const texts: Drawn[] = [{ text: 'Table 2: Genotypes reformulated.', x: 200, y: top + 14 }]
    rows.forEach((r, i) => r.forEach((text, c) => texts.push({ text, x: xs[c]!, y: top - 12 - i * 16 })))
    const bottom = top - rows.length * 16 - 4
    const lines: [number, number, number, number][] = [
      [140, top, 420, top],
      [140, top - 16, 420, top - 16],
      [140, bottom, 420, bottom],
      [140, top, 140, bottom],
      [270, top, 270, bottom],
      [420, top, 420, bottom],
    ]
    const doc = await readPdf(
      await pdfOf([{ texts: [...prose(740), ...texts, ...prose(540)], lines }]),
      'coin.pdf',
    )
    const text = doc.chunks.map((c) => c.text).join('\n')
    expect(text).toContain('| i | Group | Code | h | add | dom |\n| --- | --- | --- | --- | --- | --- |')
    expect(text).toContain('| 3 | Control | AA | 0 | 2 | 1 |')
  })

  it('keeps a first row of the same kind as the rows under it a body row', async () => {
    const rows = [
      ['alpha', 'd', 'n', '(rgb)'],
      ['beta', 'n', 'd', '(cmy)'],
      ['gamma', 'd', 'd', '(rgb)'],
      ['delta', 'n', 'n', '(hsb)'],
    ]
    const xs = [120, 220, 280, 340]
    const texts: Drawn[] = []
    rows.forEach((r, i) => r.forEach((text, c) => texts.push({ text, x: xs[c]!, y: 600 - i * 14 })))
    const doc = await readPdf(await pdfOf([{ texts: [...prose(720), ...texts, ...prose(480)] }]), 'codes.pdf')
    const text = doc.chunks.map((c) => c.text).join('\n')
    expect(text).toContain('| alpha | d | n | (rgb) |')
    expect(text).not.toContain('| alpha | d | n | (rgb) |\n| --- |')
  })

  it('reads a table with centred row labels under columns numbered in order as one table, its caption without the paragraph below', async () => {
    // Speex's bit-allocation table: row labels centred in their column (so they start at varied
    // places), a header naming the sub-modes 0 … 4, the caption under it without a full stop and
    // the next paragraph a blank line lower.
    const rows = [
      ['Parameter', 'Update rate', '0', '1', '2', '3', '4'],
      ['Wideband bit', 'frame', '1', '1', '1', '1', '1'],
      ['Mode ID', 'frame', '4', '4', '4', '4', '4'],
      ['LSP', 'frame', '0', '18', '18', '18', '18'],
      ['OL pitch', 'frame', '0', '7', '7', '0', '0'],
      ['OL pitch gain', 'frame', '0', '4', '0', '0', '0'],
      ['Fine pitch', 'sub-frame', '0', '0', '0', '7', '7'],
      ['Innovation VQ', 'sub-frame', '0', '0', '16', '20', '35'],
      ['Total', 'frame', '5', '43', '119', '160', '220'],
    ]
    const centre = 170
    const xs = [0, 215, 270, 295, 320, 345, 370]
    const texts: Drawn[] = []
    rows.forEach((r, i) =>
      r.forEach((text, c) =>
        texts.push({ text, x: c === 0 ? centre - text.length * 2.6 : xs[c]!, y: 600 - i * 12.4 }),
      ),
    )
    texts.push({ text: 'Table 9.1: Bit allocation for narrowband modes', x: 200, y: 600 - 9 * 12.4 - 20 })
    const after = 'So far, no listening test of the modes has been made for this codec by anyone else'
    texts.push({ text: after, x: 72, y: 600 - 9 * 12.4 - 46 })
    const doc = await readPdf(await pdfOf([{ texts: [...prose(720), ...texts] }]), 'speex.pdf')
    const text = doc.chunks.map((c) => c.text).join('\n')
    expect(text).toContain('| Parameter | Update rate | 0 | 1 | 2 | 3 | 4 |\n| --- |')
    expect(text).toMatch(/\| OL pitch gain \| frame \| 0 \| 4 \| 0 \| 0 \| 0 \|\n\| Fine pitch \|/)
    expect(text).toContain('| Total | frame | 5 | 43 | 119 | 160 | 220 |')
    expect(text).toContain('Table 9.1: Bit allocation for narrowband modes\n')
    expect(text).not.toContain('narrowband modes So far')
  })

  it('reads a cell wrapped onto a line of its own as the end of its row, the table going on under it', async () => {
    // Polyglossia's Table 3: the options of some rows wrap, their last words alone on a line under
    // the options column. Each such line ended the run of column-laid lines, parting the table.
    const rows: [string, string, string][] = [
      ['de-DE', 'german', 'variant=german, spelling=new'],
      ['de-Latf', 'german', 'script=blackletter'],
      ['de-Latf-AT', 'german', 'variant=austrian, spelling=new,'],
      ['', '', 'script=blackletter'],
      ['de-Latf-CH', 'german', 'variant=swiss, spelling=new,'],
      ['', '', 'script=blackletter'],
      ['dsb', 'sorbian', 'variant=lower'],
      ['el-polyton', 'greek', 'variant=polytonic'],
    ]
    const texts: Drawn[] = []
    rows.forEach((r, i) =>
      r.forEach((text, c) => text && texts.push({ text, x: [144, 224, 315][c]!, y: 600 - i * 12.5 })),
    )
    const doc = await readPdf(await pdfOf([{ texts: [...prose(720), ...texts, ...prose(460)] }]), 'bcp47.pdf')
    const text = doc.chunks.map((c) => c.text).join('\n')
    expect(text).toContain(
      '| de-Latf-AT | german | variant=austrian, spelling=new, script=blackletter |\n| de-Latf-CH |',
    )
    expect(text).toMatch(
      /\| de-DE \| german \| variant=german, spelling=new \|[^]*\| el-polyton \| greek \| variant=polytonic \|/,
    )
    expect(text).not.toMatch(/^\|\s*\|\s*\| script=blackletter \|/m)
  })

  it('reads the first row each page of a continued table repeats as its header, once on each page', async () => {
    const header = ['BCP-47 tag', 'Polyglossia name', 'Polyglossia options']
    const part = (tags: string[], caption: string | null, top: number): Drawn[] => {
      const texts: Drawn[] = caption ? [{ text: caption, x: 169, y: top + 24 }] : []
      ;[header, ...tags.map((t, i) => [t, `lang${i}`, i % 2 ? 'variant=old' : ''])].forEach((r, i) =>
        r.forEach((text, c) => text && texts.push({ text, x: [144, 224, 315][c]!, y: top - i * 12.5 })),
      )
      return texts
    }
    const first = part(
      ['aeb', 'af', 'afb', 'am', 'ar'],
      'Table 3. BCP47-polyglossia language name matching',
      110,
    )
    const second = part(['cop', 'cy', 'cz', 'da', 'de'], null, 740)
    const doc = await readPdf(
      await pdfOf([
        { texts: [...prose(720), ...prose(600), ...first] },
        { texts: [...second, ...prose(600)] },
      ]),
      'continued.pdf',
    )
    const text = doc.chunks.map((c) => c.text).join('\n')
    const headerRow = '| BCP-47 tag | Polyglossia name | Polyglossia options |\n| --- | --- | --- |\n'
    expect(text).toContain(`${headerRow}| aeb | lang0 |`)
    expect(text).toContain(`${headerRow}| cop | lang0 |`)
    expect(text.split('| BCP-47 tag |').length - 1).toBe(2)
    expect(text).toContain('Table 3. BCP47-polyglossia language name matching (continued)')
  })

  it("joins a long cell's last word, set past every other row, back in its place when the cell wraps", async () => {
    // Maxima's key table: "… With an argument, assemble" ends past every other row, a column of
    // its own until joined back, and the cell goes on a line lower; it read "… the package that
    // the cell defines. assemble".
    const rows: [string, string][] = [
      ['C-c C-d', 'Delete the output from the current cell.'],
      ['C-c C-t', 'Toggle whether or not the current cell is an initialization cell.'],
      ['C-c @', 'Assemble the references contained in the cell. With an argument,'],
      ['', 'the package that the cell defines.'],
      ['C-c C-x', 'Insert a heading for the cell indicating that it is part of a package.'],
    ]
    const texts: Drawn[] = []
    rows.forEach((r, i) => {
      r.forEach((text, c) => text && texts.push({ text, x: [78, 160][c]!, y: 600 - i * 12 }))
      // "argument," ends at 447.5 (Helvetica 10), past every other row; 4 points on, more than
      // the 0.35 em that parts columns and less than the 0.7 em that joins a stray one back.
      if (i === 2) texts.push({ text: 'assemble', x: 451.5, y: 600 - i * 12 })
    })
    const doc = await readPdf(await pdfOf([{ texts: [...prose(720), ...texts, ...prose(480)] }]), 'keys.pdf')
    const text = doc.chunks.map((c) => c.text).join('\n')
    expect(text).toContain('With an argument, assemble the package that the cell defines. |')
  })

  it('drops the bars and dashes a printout draws its table with, the line of dashes marking the header', async () => {
    // A trace tool's report (blktrace's btt): groups of columns parted by a column of "|", a line
    // of dashes under the header. Read by whitespace, each bar was a column and the dashes a row.
    const rows = [
      // A last column named but left empty (hmmer's "Description" over hits without one).
      ['DEV', '|', 'Queued', 'Dispatched', 'Ratio', '|', 'BLKmin', 'BLKavg', 'Description'],
      ['----------', '|', '-------', '----------', '-----', '|', '------', '------', '-----------'],
      ['( 68, 64)', '|', '2262311', '18178', '124.5', '|', '2', '124'],
      ['( 8, 32)', '|', '1000', '500', '2.0', '|', '4', '64'],
      ['( 8, 0)', '|', '3000', '600', '5.0', '|', '8', '96'],
    ]
    const texts: Drawn[] = []
    rows.forEach((r, i) =>
      r.forEach((text, c) =>
        texts.push({
          text,
          x: [80, 150, 165, 225, 290, 330, 345, 395, 445][c]!,
          y: 600 - i * 12,
          mono: true,
        }),
      ),
    )
    const doc = await readPdf(await pdfOf([{ texts: [...prose(720), ...texts, ...prose(480)] }]), 'btt.pdf')
    const text = doc.chunks.map((c) => c.text).join('\n')
    expect(text).toContain(
      '| DEV | Queued | Dispatched | Ratio | BLKmin | BLKavg |\n| --- | --- | --- | --- | --- | --- |\n| ( 68, 64) | 2262311 | 18178 | 124.5 | 2 | 124 |',
    )
    expect(text).not.toContain('\\|')
    expect(text).not.toContain('------')
  })

  it('keeps a bar that is the content of some cells of a column', async () => {
    // flex's REJECT example: the action "|" (same as the next rule's) beside rules with actions.
    const rows = [
      ['Rule', 'Action'],
      ['a', '|'],
      ['ab', '|'],
      ['abc', '|'],
      ['abcd', 'ECHO; REJECT;'],
      ['.|\\n', '/* eat up any unmatched character */'],
    ]
    const texts: Drawn[] = []
    rows.forEach((r, i) =>
      r.forEach((text, c) => texts.push({ text, x: [80, 200][c]!, y: 600 - i * 12, mono: true })),
    )
    const doc = await readPdf(await pdfOf([{ texts: [...prose(720), ...texts, ...prose(480)] }]), 'flex.pdf')
    const text = doc.chunks.map((c) => c.text).join('\n')
    expect(text).toContain('| ab | \\| |')
  })

  it('does not take a bulleted list whose items wrap for a table', async () => {
    const items = [
      ['•', 'crypto:block_decrypt/3 (use crypto:crypto_one_time/4 or crypto:crypto_init/3 instead)'],
      ['', 'and crypto:crypto_final/1 after it'],
      ['•', 'crypto:block_encrypt/3 (use crypto:crypto_one_time/4 or crypto:crypto_init/3 instead)'],
      ['', 'and crypto:crypto_final/1 after it'],
      ['•', 'crypto:stream_encrypt/2 (use crypto:crypto_update/2 instead)'],
      ['•', 'crypto:stream_init/2 (use crypto:crypto_init/3 instead)'],
    ]
    const texts: Drawn[] = []
    items.forEach((r, i) =>
      r.forEach((text, c) => text && texts.push({ text, x: [80, 100][c]!, y: 600 - i * 12 })),
    )
    const doc = await readPdf(await pdfOf([{ texts: [...prose(720), ...texts, ...prose(480)] }]), 'list.pdf')
    expect(doc.chunks.map((c) => c.text).join('\n')).not.toContain('|')
  })

  it('leaves prose alone', async () => {
    const doc = await readPdf(
      await pdfOf([{ texts: [...prose(700), ...prose(600), ...prose(500)] }]),
      'p.pdf',
    )
    expect(doc.chunks.map((c) => c.text).join('\n')).not.toContain('|')
  })
})

describe('ruled regions', () => {
  it('joins pieces of a rule and finds the columns and the header rule of a frame', () => {
    const seg = (dir: 'h' | 'v', at: number, from: number, to: number) => ({ dir, at, from, to })
    const regions = ruledRegions([
      seg('h', 100, 0, 50),
      seg('h', 100.5, 51, 100),
      seg('h', 80, 0, 100),
      seg('h', 40, 0, 100),
      ...[0, 30, 100].flatMap((x) => [seg('v', x, 40, 70), seg('v', x, 71, 100)]),
    ])
    expect(regions).toHaveLength(1)
    expect(regions[0]!.columns).toEqual([30])
    expect(regions[0]!.headerRule).toBe(80)
  })

  it('bounds a table by a stack of rules without vertical ones (booktabs)', () => {
    const seg = (at: number, from = 72, to = 400) => ({ dir: 'h' as const, at, from, to })
    const regions = ruledRegions([seg(700), seg(680), seg(600), seg(650, 150, 300)])
    expect(regions).toHaveLength(1)
    expect(regions[0]!.columns).toEqual([])
    expect(regions[0]!.headerRule).toBe(680)
  })
})

describe('the line above a run of columns', () => {
  /** A line of words at the given x positions (each 20 points wide), on baseline y. */
  const lineOf = (line: number, y: number, words: [string, number][]): TextLine => ({
    line,
    fontSize: 10,
    text: words.map(([t]) => t).join(' '),
    words: words.map(([text, x], k): PageWord => ({
      text,
      start: k * 10,
      end: k * 10 + text.length,
      box: { x, y, w: 20, h: 10 },
      line,
      item: k,
    })),
  })
  const run = [
    lineOf(1, 686, [
      ['5.6255', 100],
      ['10.6845', 160],
      ['5.0590', 220],
    ]),
    lineOf(2, 674, [
      ['1.4675', 100],
      ['5.0590', 160],
      ['3.5915', 220],
    ]),
  ]

  it('takes a line of names for the header', () => {
    expect(
      headerAbove(
        lineOf(0, 698, [
          ['alpha', 100],
          ['beta', 160],
          ['gamma', 220],
        ]),
        run,
      ),
    ).toBe(true)
  })

  it("never takes a line of numbers (a matrix's first row) or a caption for the header", () => {
    expect(
      headerAbove(
        lineOf(0, 698, [
          ['4.1579', 100],
          ['5.6255', 160],
          ['1.4675', 220],
        ]),
        run,
      ),
    ).toBe(false)
    expect(
      headerAbove(
        lineOf(0, 698, [
          ['Table', 100],
          ['5', 130],
          ['Drivers', 160],
        ]),
        run,
      ),
    ).toBe(false)
  })
})
