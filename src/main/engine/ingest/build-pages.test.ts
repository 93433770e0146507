import { describe, expect, it } from 'vitest'
import { makeTextPdf } from '@tests/fixtures/pdf-factory.js'
import type { CleanPage } from '../store/page-records.js'
import { buildPages, findRunningLines } from './build-pages.js'
import { extractPage, openPdf, type RawLine, type RawPage } from './extract-pdf.js'
import { normalizeText } from './normalize-text.js'
import { mulberry32 } from '@tests/helpers/seeded-random.js'

/** A line of one or more items laid out left to right at 5 pt per character, touching. */
function line(y: number, ...strs: string[]): RawLine {
  let x = 72
  const items = strs.map((str) => {
    const it = { str, x, y, w: str.length * 5, h: 10 }
    x += it.w
    return it
  })
  return { items, fontSize: 10, y }
}

function page(pageNo: number, ...lines: string[][]): RawPage {
  return { pageNo, width: 612, height: 792, lines: lines.map((strs, i) => line(700 - i * 14, ...strs)) }
}

/**
 * The contract the highlighter relies on: each item's range holds the item's own text, as
 * normalised and whitespace-collapsed, with trimming at line edges and a hyphen removed where a
 * word was joined across lines.
 */
function expectItemOffsetsMatch(raw: RawPage, clean: CleanPage): void {
  const kept = raw.lines
    .flatMap((l) => l.items)
    .filter((it) => normalizeText(it.str).replace(/\s+/g, ' ').length > 0)
  // Boxes are stored rounded to 0.01 pt.
  const key = (x: number, y: number) => `${Math.round(x * 100)},${Math.round(y * 100)}`
  const byBox = new Map(kept.map((it) => [key(it.x, it.y), it]))
  for (const box of clean.items) {
    const src = byBox.get(key(box.x, box.y))
    expect(src, `item at ${box.x},${box.y}`).toBeDefined()
    const want = normalizeText(src!.str).replace(/\s+/g, ' ')
    expect(box.start).toBeLessThanOrEqual(box.end)
    const got = clean.text.slice(box.start, box.end)
    expect(got, `no line break inside item ${JSON.stringify(want)}`).not.toContain('\n')
    const ok = got === want || got === want.trim() || got === want.trimStart() || got === want.trimEnd()
    const hyphenJoined = want.trim().endsWith('-') && got === want.trim().slice(0, -1)
    expect(ok || hyphenJoined, `item ${JSON.stringify(want)} → ${JSON.stringify(got)}`).toBe(true)
  }
}

describe('buildPages', () => {
  // Edge lines are compared with digits folded, so test bodies differ in words, not just numbers.
  const bodies = ['Apples grow on trees.', 'Bees make honey.', 'Cats chase mice.', 'Dogs bark loudly.']

  it('drops running headers and footers repeated on at least three pages, keeping the body', () => {
    const raw = bodies.map((b, i) =>
      page(i + 1, ['Journal of Tests, Vol. 3'], [b], ['More body text', ` on ${b}`], [`Page ${i + 1} of 4`]),
    )
    const pages = buildPages(raw)
    expect(pages.map((p) => p.text)).toEqual(bodies.map((b) => `${b}\nMore body text on ${b}`))
    expect(pages.map((p) => p.pageNo)).toEqual([1, 2, 3, 4])
  })

  it('folds page numbers (arabic and roman) when matching running lines', () => {
    const raw = ['i', 'ii', 'iii'].map((r, n) => page(n + 1, [`Preface ${r}`], [bodies[n]!]))
    expect(findRunningLines(raw)).toEqual(new Set(['preface#']))
    expect(buildPages(raw).map((p) => p.text)).toEqual(bodies.slice(0, 3))
  })

  it('keeps a numbered heading that opens several pages: its number is not the page number', () => {
    // "Section 1" on page 2, "Section 2" on page 5, ...: same signature as a running header, but
    // the number does not follow the page index.
    const raw = Array.from({ length: 9 }, (_, i) =>
      page(
        i + 1,
        i % 3 === 1 ? [`Section ${(i + 2) / 3}`] : ['Body'],
        [`${bodies[i % 4]!} ${'x'.repeat(i)}`],
        ['z'],
      ),
    )
    const texts = buildPages(raw).map((p) => p.text.split('\n')[0] ?? '')
    expect(texts.filter((t) => t.startsWith('Section'))).toEqual(['Section 1', 'Section 2', 'Section 3'])
  })

  it('drops a header whose page number is printed with an offset from the PDF page index', () => {
    // The printed number runs two ahead of the PDF page index throughout.
    const raw = Array.from({ length: 8 }, (_, i) =>
      page(i + 1, [`Chapter 2: Installation ${i + 3}`], [`${bodies[i % 4]!} ${'y'.repeat(i)}`]),
    )
    expect(findRunningLines(raw)).toEqual(new Set(['chapter#:installation#']))
  })

  it('keeps content that opens or closes pages the same way unless it is on most pages', () => {
    // Code and reference-entry labels repeat at page edges without a changing page number.
    const raw = Array.from({ length: 10 }, (_, i) =>
      page(i + 1, i < 4 ? ['}'] : ['Synopsis'], [`${bodies[i % 4]!} (${'x'.repeat(i)})`], [`Page ${i + 1}`]),
    )
    expect(findRunningLines(raw)).toEqual(new Set(['page#', 'synopsis']))
    const texts = buildPages(raw).map((p) => p.text)
    expect(texts.slice(0, 4).every((t) => t.startsWith('}\n'))).toBe(true)
    // A constant line on most pages is running matter ("CONFIDENTIAL", a journal's name).
    expect(texts.slice(4).some((t) => t.includes('Synopsis'))).toBe(false)
  })

  it('keeps lines repeated on only two pages, and keeps repeats that are not at the edges', () => {
    const two = buildPages([
      page(1, ['Header'], ['a']),
      page(2, ['Header'], ['b']),
      page(3, ['Other'], ['c']),
    ])
    expect(two.map((p) => p.text)).toEqual(['Header\na', 'Header\nb', 'Other\nc'])
    const middle = [1, 2, 3].map((n) =>
      page(
        n,
        [`top ${'x'.repeat(n)}`],
        [`t2 ${'y'.repeat(n)}`],
        ['Repeated'],
        [`b2 ${'z'.repeat(n)}`],
        [`end ${'w'.repeat(n)}`],
      ),
    )
    expect(buildPages(middle).every((p) => p.text.includes('Repeated'))).toBe(true)
  })

  it('does not look for running lines in documents under three pages', () => {
    const pages = buildPages([page(1, ['Same'], ['a']), page(2, ['Same'], ['b'])])
    expect(pages.map((p) => p.text)).toEqual(['Same\na', 'Same\nb'])
  })

  it('joins a word hyphenated across a line break', () => {
    const raw = page(1, ['An exam-'], ['ple of joining.'])
    const [p] = buildPages([raw])
    expect(p!.text).toBe('An example of joining.')
    expect(p!.lines).toHaveLength(1)
    expect(p!.lines[0]).toMatchObject({ start: 0, end: p!.text.length })
    expectItemOffsetsMatch(raw, p!)
  })

  it('keeps the hyphen before a capital, after a lone letter, and after a spaced dash', () => {
    const cases: [string[][], string][] = [
      [[['a well-'], ['Known result']], 'a well-\nKnown result'],
      [[['the x-'], ['ray image']], 'the x-\nray image'],
      [[['values x -'], ['y are shown']], 'values x -\ny are shown'],
      [[['ends with 3-'], ['dimensional']], 'ends with 3-\ndimensional'],
    ]
    for (const [lines, want] of cases) expect(buildPages([page(1, ...lines)])[0]!.text).toBe(want)
  })

  it('normalises item text and inserts a space only where items are visibly apart', () => {
    const raw: RawPage = {
      pageNo: 1,
      width: 612,
      height: 792,
      lines: [
        {
          fontSize: 10,
          y: 700,
          items: [
            { str: 'con\u001cdence', x: 72, y: 700, w: 50, h: 10 },
            { str: 'level', x: 126, y: 700, w: 25, h: 10 }, // 4 pt gap → a space
            { str: 's', x: 151, y: 700, w: 5, h: 10 }, // touching → no space
            { str: '\ufb01ne', x: 160, y: 700, w: 15, h: 10 },
          ],
        },
      ],
    }
    const [p] = buildPages([raw])
    expect(p!.text).toBe('confidence levels fine')
    expectItemOffsetsMatch(raw, p!)
  })

  it('records line ranges and font sizes', () => {
    const raw = page(1, ['First line'], ['Second line'])
    raw.lines[0]!.fontSize = 16
    const [p] = buildPages([raw])
    expect(p!.lines.map((l) => [p!.text.slice(l.start, l.end), l.fontSize])).toEqual([
      ['First line', 16],
      ['Second line', 10],
    ])
  })

  it('keeps item ranges inside their line when an item ends with a space', () => {
    const raw = page(1, ['Trailing ', 'space '], ['next line'])
    const [p] = buildPages([raw])
    expect(p!.text).toBe('Trailing space\nnext line')
    expectItemOffsetsMatch(raw, p!)
  })

  it('moves the hyphen out of the right item when a blank item ends the line', () => {
    const raw = page(1, ['exam-', ' '], ['ple text'])
    const [p] = buildPages([raw])
    expect(p!.text).toBe('example text')
    expectItemOffsetsMatch(raw, p!)
  })

  it('keeps item offsets exact on random pages', () => {
    const rand = mulberry32(7)
    const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)]!
    const pieces = [
      'word',
      'exam-',
      'ple',
      ' ',
      'x',
      '\ufb01',
      'con\u001c',
      'dence',
      ' lead',
      'trail ',
      'A',
      '\u2212',
      '  two  spaces ',
      'end.',
      'Well-',
    ]
    for (let round = 0; round < 1000; round++) {
      const nLines = 1 + Math.floor(rand() * 6)
      const raw = page(
        1,
        ...Array.from({ length: nLines }, () =>
          Array.from({ length: 1 + Math.floor(rand() * 5) }, () => pick(pieces)),
        ),
      )
      // Random gaps between items, so some get a space inserted and some do not.
      for (const l of raw.lines) {
        let x = 72
        for (const it of l.items) {
          it.x = x
          x += it.w + pick([0, 0, 1, 3])
        }
      }
      const [p] = buildPages([raw])
      expectItemOffsetsMatch(raw, p!)
      for (const l of p!.lines) expect(p!.text.slice(l.start, l.end)).not.toMatch(/^\n|\n$/)
    }
  })

  it('cleans a real PDF: header and footer gone, body in order', async () => {
    const bytes = await makeTextPdf({
      header: 'Annual Report 2024',
      footer: '- {n} -',
      pages: bodies.slice(0, 3).map((b) => ({
        lines: [
          { text: b, size: 16 },
          { text: 'This page has an exam-' },
          { text: 'ple line.' },
          { text: `About ${b}` },
        ],
      })),
    })
    const doc = await openPdf(bytes, 'report.pdf')
    try {
      const raw = await Promise.all([1, 2, 3].map((n) => extractPage(doc, n)))
      const pages = buildPages(raw)
      expect(pages.map((p) => p.text)).toEqual(
        bodies.slice(0, 3).map((b) => `${b}\nThis page has an example line.\nAbout ${b}`),
      )
      expect(pages[0]!.lines.map((l) => Math.round(l.fontSize))).toEqual([16, 11, 11])
      pages.forEach((p, i) => expectItemOffsetsMatch(raw[i]!, p))
    } finally {
      await doc.loadingTask.destroy()
    }
  })
})
