import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs'
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js'
import { afterEach, describe, expect, it } from 'vitest'
import {
  emptyFile,
  makeEncryptedPdf,
  makeScannedPdf,
  makeTextPdf,
  makeTruncatedPdf,
  notAPdf,
} from '@tests/fixtures/pdf-factory.js'
import { QuireError } from '@shared/errors.js'
import { checkPdfBytes, extractPage, groupIntoLines, openPdf, type RawPage } from './extract-pdf.js'

const open: PDFDocumentProxy[] = []
afterEach(async () => {
  for (const doc of open.splice(0)) await doc.loadingTask.destroy()
})

async function load(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  const doc = await openPdf(bytes, 'doc.pdf')
  open.push(doc)
  return doc
}

async function openFailure(bytes: Uint8Array): Promise<QuireError> {
  const err = await openPdf(bytes, 'bad.pdf').then(
    (doc) => {
      open.push(doc)
      return new Error('opened')
    },
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(QuireError)
  return err as QuireError
}

const lineTexts = (p: RawPage) => p.lines.map((l) => l.items.map((i) => i.str).join(''))

describe('openPdf', () => {
  it('rejects a password-protected file', async () => {
    const err = await openFailure(makeEncryptedPdf())
    expect(err.code).toBe('PDF_ENCRYPTED')
    expect(err.message).toContain('bad.pdf')
  })

  it('rejects a truncated file as corrupt', async () => {
    expect((await openFailure(await makeTruncatedPdf())).code).toBe('PDF_CORRUPT')
  })

  it('rejects files that are not PDFs before pdf.js sees them', async () => {
    expect((await openFailure(notAPdf())).code).toBe('PDF_NOT_A_PDF')
    expect((await openFailure(new TextEncoder().encode('hello, world\n'))).code).toBe('PDF_NOT_A_PDF')
    expect((await openFailure(emptyFile())).code).toBe('PDF_EMPTY_FILE')
  })

  it('rejects a PDF header followed by garbage as corrupt', async () => {
    expect((await openFailure(new TextEncoder().encode('%PDF-1.7\nthis is not a pdf body\n'))).code).toBe(
      'PDF_CORRUPT',
    )
  })

  it('leaves the caller’s buffer intact (pdf.js detaches what it is given)', async () => {
    const bytes = await makeTextPdf({ pages: [{ lines: [{ text: 'Hello.' }] }] })
    const length = bytes.byteLength
    await load(bytes)
    expect(bytes.byteLength).toBe(length)
    await load(bytes) // and it can be opened again
  })
})

describe('checkPdfBytes', () => {
  it('accepts a header preceded by junk within the first kilobyte, as readers do', () => {
    expect(() => checkPdfBytes(new TextEncoder().encode('junk\n%PDF-1.4\n'), 'a.pdf')).not.toThrow()
    const late = new TextEncoder().encode(' '.repeat(2000) + '%PDF-1.4\n')
    expect(() => checkPdfBytes(late, 'a.pdf')).toThrow(QuireError)
  })
})

describe('extractPage', () => {
  it('returns lines in reading order with heading font sizes and page geometry', async () => {
    const doc = await load(
      await makeTextPdf({
        pages: [
          {
            lines: [
              { text: '1 Introduction', size: 18 },
              { text: 'The first line of the body.' },
              { text: 'The second line of the body.' },
              { text: '1.1 Background', size: 14 },
              { text: 'More text follows here.' },
            ],
          },
          { lines: [{ text: 'Page two text.' }] },
        ],
      }),
    )
    expect(doc.numPages).toBe(2)
    const p1 = await extractPage(doc, 1)
    expect(p1.pageNo).toBe(1)
    expect(p1.width).toBe(612)
    expect(p1.height).toBe(792)
    expect(lineTexts(p1)).toEqual([
      '1 Introduction',
      'The first line of the body.',
      'The second line of the body.',
      '1.1 Background',
      'More text follows here.',
    ])
    expect(p1.lines.map((l) => Math.round(l.fontSize))).toEqual([18, 11, 11, 14, 11])
    // Top to bottom means decreasing y in PDF user space.
    const ys = p1.lines.map((l) => l.y)
    expect([...ys].sort((a, b) => b - a)).toEqual(ys)
    const p2 = await extractPage(doc, 2)
    expect(p2.pageNo).toBe(2)
    expect(lineTexts(p2)).toEqual(['Page two text.'])
  })

  it('returns no lines for a scanned page', async () => {
    const doc = await load(await makeScannedPdf(1))
    expect((await extractPage(doc, 1)).lines).toEqual([])
  })
})

function item(str: string, x: number, y: number, opts: { h?: number; eol?: boolean } = {}): TextItem {
  const h = opts.h ?? 10
  return {
    str,
    dir: 'ltr',
    transform: [h, 0, 0, h, x, y],
    width: str.length * h * 0.5,
    height: h,
    fontName: 'F1',
    hasEOL: opts.eol ?? false,
  }
}

describe('groupIntoLines', () => {
  it('keeps items on one baseline together and starts a line when the baseline moves', () => {
    const lines = groupIntoLines([item('Hello ', 72, 700), item('world', 102, 700.5), item('Next', 72, 686)])
    expect(lines.map((l) => l.items.map((i) => i.str))).toEqual([['Hello ', 'world'], ['Next']])
  })

  it('breaks after an end-of-line mark even on the same baseline', () => {
    const lines = groupIntoLines([item('a', 72, 700, { eol: true }), item('b', 90, 700)])
    expect(lines).toHaveLength(2)
  })

  it('keeps a raised mark and the rest of its line on the line, past the end-of-line mark pdf.js sets there', () => {
    const lines = groupIntoLines([
      item('allowed', 72, 700, { eol: false }),
      item('1', 110, 703.6, { h: 7, eol: true }),
      item(' ', 114, 703.6, { h: 0 }),
      item('no no', 130, 700),
      item('Next row', 72, 686),
    ])
    expect(lines.map((l) => l.items.map((i) => i.str).join(''))).toEqual(['allowed1 no no', 'Next row'])
    expect(lines[0]!.fontSize).toBe(10)
  })

  it('joins a footnote opening with its raised mark, and leaves small type on a line of its own apart', () => {
    const lines = groupIntoLines([
      item('Body text ends here.', 72, 700),
      item('1', 72, 616.6, { h: 7 }),
      item('recent versions load it', 78, 613),
      item('small print below', 72, 604, { h: 7 }),
    ])
    expect(lines.map((l) => l.items.map((i) => i.str).join(''))).toEqual([
      'Body text ends here.',
      '1recent versions load it',
      'small print below',
    ])
    expect(lines[1]!.y).toBe(613)
  })

  it('drops blank lines and takes the line font size from non-blank items', () => {
    const lines = groupIntoLines([
      item('  ', 72, 700, { h: 30 }),
      item('Title', 72, 650, { h: 20 }),
      item(' ', 130, 650, { h: 40 }),
    ])
    expect(lines).toHaveLength(1)
    expect(lines[0]!.fontSize).toBe(20)
  })
})
