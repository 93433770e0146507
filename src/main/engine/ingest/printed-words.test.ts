import { describe, expect, it } from 'vitest'
import { makeTextPdf } from '@tests/fixtures/pdf-factory.js'
import type { CleanPage } from '../store/page-records.js'
import { buildPages } from './build-pages.js'
import type { RawPage } from './extract-pdf.js'
import { parseDocument } from './parse-document.js'
import { printedForms, restorePrinted } from './printed-words.js'

function rawPage(pageNo: number, ...lines: string[]): RawPage {
  return {
    pageNo,
    width: 612,
    height: 792,
    lines: lines.map((str, i) => ({
      items: [{ str, x: 72, y: 700 - i * 14, w: str.length * 5, h: 10 }],
      fontSize: 10,
      y: 700 - i * 14,
    })),
  }
}

describe('a page printed with typographic characters', () => {
  it('keeps its layout text folded and its printed text alongside, the same length', () => {
    const [page] = buildPages([
      rawPage(1, 'A rem B for \u221210 and \u22125 is \u22120', 'sign \u2019<\u2019 prints \u2019b\u2019'),
    ])
    expect(page!.text).toBe("A rem B for -10 and -5 is -0\nsign '<' prints 'b'")
    expect(page!.printed).toBe(
      'A rem B for \u221210 and \u22125 is \u22120\nsign \u2019<\u2019 prints \u2019b\u2019',
    )
    expect(page!.printed!.length).toBe(page!.text.length)
  })

  it('records no printed text for a page that prints nothing differently', () => {
    const [page] = buildPages([rawPage(1, 'plain - ascii "text"')])
    expect(page!.printed).toBeUndefined()
    expect(printedForms(page!)).toEqual({
      forms: new Map([
        ['-', new Set(['-'])],
        ['"text"', new Set(['"text"'])],
      ]),
      differs: false,
    })
    expect(restorePrinted('plain - ascii', [printedForms(page!)])).toBe('plain - ascii')
  })

  it('keeps the two equal in length where a word hyphenated across lines is joined', () => {
    const [page] = buildPages([rawPage(1, 'the \u2212value exam-', 'ple \u201cquoted\u201d')])
    expect(page!.text).toBe('the -value example "quoted"')
    expect(page!.printed).toBe('the \u2212value example \u201cquoted\u201d')
  })
})

describe('restorePrinted', () => {
  const page = (text: string, printed: string): CleanPage => ({
    pageNo: 1,
    width: 0,
    height: 0,
    text,
    printed,
    lines: [],
    items: [],
  })

  it('gives a passage the words its pages print', () => {
    const forms = printedForms(
      page(
        "| -12 | 5 | -2 |\n'<' 50 MHz-4 GHz",
        '| \u221212 | 5 | \u22122 |\n\u2019<\u2019 50 MHz\u20134 GHz',
      ),
    )
    expect(restorePrinted("| -12 | 5 | -2 | '<' rad1o 50 MHz-4 GHz", [forms])).toBe(
      '| \u221212 | 5 | \u22122 | \u2019<\u2019 rad1o 50 MHz\u20134 GHz',
    )
  })

  it('leaves a word its pages print two ways as it is, and words they do not hold', () => {
    const one = printedForms(page('x = -5 y = -5', 'x = -5 y = \u22125'))
    expect(restorePrinted('x = -5 and -7', [one])).toBe('x = -5 and -7')
    const other = printedForms(page('total -5', 'total -5'))
    const minus = printedForms(page('total -5', 'total \u22125'))
    expect(restorePrinted('total -5', [minus])).toBe('total \u22125')
    expect(restorePrinted('total -5', [minus, other])).toBe('total -5')
  })
})

describe('a PDF passage', () => {
  it('quotes the dashes and curly quotes the PDF prints, in its text and its heading', async () => {
    const bytes = await makeTextPdf({
      pages: [
        {
          lines: [
            { text: 'Boards \u2013 supported versions', size: 16 },
            { text: 'The rad1o covers 50 MHz\u20134 GHz at 20 Msps.' },
            { text: 'Sign control \u2019<\u2019 prints \u2018b\u2019 for a nonnegative number.' },
          ],
        },
      ],
    })
    const doc = await parseDocument(bytes, '/x/boards.pdf', { ocr: false })
    const text = doc.chunks.map((c) => c.text).join('\n')
    expect(text).toContain('50 MHz\u20134 GHz')
    expect(text).toContain('\u2019<\u2019 prints \u2018b\u2019')
    // The section's heading too, as the document prints it.
    expect(doc.chunks.map((c) => c.heading)).toContain('Boards \u2013 supported versions')
    // The stored page text stays what the layout analysis read.
    expect(doc.pages[0]!.text).toContain('50 MHz-4 GHz')
  })
})
