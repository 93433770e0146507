import { describe, expect, it } from 'vitest'
import type { Chunk, CleanPage } from '../store/page-records.js'
import { buildPages } from './build-pages.js'
import {
  chunkPages,
  DEFAULT_CHUNK_OPTIONS,
  headingLines,
  validateChunkOptions,
  type ChunkOptions,
} from './chunk-pages.js'
import type { RawLine, RawPage } from './extract-pdf.js'
import { splitSentences } from '../text/sentences.js'
import { mulberry32 } from '@tests/helpers/seeded-random.js'

const VOCAB = (
  'river stone light paper signal model field value water table method sample ' +
  'result measure green quiet early market theory system window garden number simple ' +
  'careful distant silver winter summer bridge forest engine letter mirror orbit'
).split(' ')

const BODY = 10
const HEADING = 14

interface GeneratedDoc {
  pages: CleanPage[]
  sentences: string[]
  headings: string[]
}

const ws = (s: string) => s.replace(/\s+/g, ' ').trim()
const wordCount = (s: string) => (s.match(/\S+/g) ?? []).length

/**
 * Random documents shaped like real ones: paragraphs of sentences wrapped into lines, the last
 * line of a paragraph short, and headings in a larger font between them.
 */
function generateDoc(rand: () => number): GeneratedDoc {
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1))
  const word = () => VOCAB[int(0, VOCAB.length - 1)]!
  const sentences: string[] = []
  const headings: string[] = []
  const raw: RawPage[] = []
  const nPages = int(1, 6)
  let headingNo = 0
  for (let pageNo = 1; pageNo <= nPages; pageNo++) {
    const lines: RawLine[] = []
    let y = 740
    const push = (text: string, size: number) => {
      lines.push({
        fontSize: size,
        y,
        items: [{ str: text, x: 72, y, w: text.length * size * 0.5, h: size }],
      })
      y -= size * 1.4
    }
    for (let para = int(1, 5); para > 0; para--) {
      if (rand() < 0.3) {
        // Unique words keep headings from looking like running headers.
        const h = `Part ${'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[headingNo++ % 26]} ${word()} ${word()}`
        headings.push(h)
        push(h, HEADING)
      }
      const paraSentences = Array.from({ length: int(1, 6) }, () => {
        // Mostly ordinary sentences, sometimes one long enough to be cut into word windows.
        const n = rand() < 0.08 ? int(61, 140) : int(3, 35)
        const words = Array.from({ length: n }, word)
        words[0] = words[0]![0]!.toUpperCase() + words[0]!.slice(1)
        return `${words.join(' ')}.`
      })
      sentences.push(...paraSentences)
      let current = ''
      for (const w of paraSentences.join(' ').split(' ')) {
        if (current.length > 0 && current.length + 1 + w.length > 70) {
          push(current, BODY)
          current = w
        } else current = current ? `${current} ${w}` : w
      }
      // Keep the paragraph's last line short so the chunker sees the paragraph end.
      if (current.length > 40) {
        const cut = current.lastIndexOf(' ', 30)
        if (cut > 0) {
          push(current.slice(0, cut), BODY)
          current = current.slice(cut + 1)
        }
      }
      push(current, BODY)
    }
    raw.push({ pageNo, width: 612, height: 792, lines })
  }
  return { pages: buildPages(raw), sentences, headings }
}

/** One line of one text item at x = 72, as extract-pdf.ts gives it (with OCR's confidence if set). */
function rawLine(text: string, size: number, y: number, confidence?: number): RawLine {
  return {
    fontSize: size,
    y,
    items: [{ str: text, x: 72, y, w: text.length * size * 0.5, h: size }],
    ...(confidence === undefined ? {} : { confidence }),
  }
}

/** Page 1 of a US-letter document with these lines. */
const firstPage = (lines: RawLine[]): RawPage => ({ pageNo: 1, width: 612, height: 792, lines })

function randomOptions(rand: () => number): ChunkOptions {
  const targetWords = 20 + Math.floor(rand() * 150)
  const maxWords = targetWords + Math.floor(rand() * 80)
  const overlapWords = Math.floor(rand() * Math.min(targetWords, 50))
  return { targetWords, maxWords, overlapWords }
}

/** Character ranges shared by two chunks' spans, as page text. */
function overlapText(a: Chunk, b: Chunk, pages: CleanPage[]): string {
  let out = ''
  for (const sa of a.spans)
    for (const sb of b.spans) {
      if (sa.page !== sb.page) continue
      const start = Math.max(sa.start, sb.start)
      const end = Math.min(sa.end, sb.end)
      if (end > start) out += ' ' + pages[sa.page - 1]!.text.slice(start, end)
    }
  return out
}

function checkInvariants(doc: GeneratedDoc, options: ChunkOptions, chunks: Chunk[]): void {
  const { pages } = doc
  const all = chunks.map((c) => ws(c.text))
  expect(chunks.map((c) => c.ord)).toEqual(chunks.map((_, i) => i))

  // Nothing dropped: every sentence is in some chunk, and the spans cover every non-space character.
  // Sentences over the chunker's window size are cut, so they are covered only through spans.
  for (const s of doc.sentences) {
    if (wordCount(s) <= Math.min(60, options.maxWords))
      expect(
        all.some((c) => c.includes(s)),
        s,
      ).toBe(true)
  }
  for (const p of pages) {
    const covered = new Uint8Array(p.text.length)
    for (const c of chunks) for (const s of c.spans) if (s.page === p.pageNo) covered.fill(1, s.start, s.end)
    for (let i = 0; i < p.text.length; i++) {
      if (!/\s/.test(p.text[i]!) && !covered[i]) {
        throw new Error(`page ${p.pageNo} char ${i} not in any chunk: …${p.text.slice(i - 20, i + 20)}…`)
      }
    }
  }

  chunks.forEach((c, i) => {
    expect(wordCount(c.text), `chunk ${i} size`).toBeLessThanOrEqual(options.maxWords)
    expect(c.text.trim().length).toBeGreaterThan(0)
    // Page numbers are the 1-based numbers of the pages given.
    expect(c.pageStart).toBeGreaterThanOrEqual(1)
    expect(c.pageEnd).toBeLessThanOrEqual(pages.length)
    expect(c.pageStart).toBeLessThanOrEqual(c.pageEnd)
    expect(new Set(c.spans.map((s) => s.page))).toEqual(
      new Set(c.spans.map((s) => s.page).filter((n) => n >= c.pageStart && n <= c.pageEnd)),
    )
    expect(c.spans.map((s) => s.page)).toContain(c.pageStart)
    expect(c.spans.map((s) => s.page)).toContain(c.pageEnd)
    // Every span points at text that is really in the chunk.
    for (const s of c.spans) {
      const page = pages[s.page - 1]!
      expect(0 <= s.start && s.start < s.end && s.end <= page.text.length).toBe(true)
      const onPage = ws(page.text.slice(s.start, s.end))
      expect(all[i]!.includes(onPage) || onPage.includes(all[i]!), `chunk ${i} span on page ${s.page}`).toBe(
        true,
      )
    }
    if (c.heading !== null) expect(doc.headings).toContain(c.heading.split(' > ').at(-1))
    // A chunk that opens with a heading belongs to that heading's section.
    const opener = doc.headings.find((h) => all[i]!.startsWith(h))
    if (opener) expect(c.heading?.split(' > ').at(-1)).toBe(opener)
    // A heading inside a chunk follows fresh text (a section too short to stand alone), never
    // just the overlap of the chunk before, which belongs to the section before.
    if (i > 0)
      for (const h of doc.headings) {
        const at = c.text.indexOf(`\n${h}\n`)
        if (at > 0)
          expect(all[i - 1]!.includes(ws(c.text.slice(0, at))), `chunk ${i} before ${h}`).toBe(false)
      }
  })

  // Consecutive chunks share at most overlapWords words, and each adds something new.
  for (let i = 1; i < chunks.length; i++) {
    const shared = overlapText(chunks[i - 1]!, chunks[i]!, pages)
    expect(wordCount(shared), `overlap ${i - 1}→${i}`).toBeLessThanOrEqual(options.overlapWords)
    expect(wordCount(shared)).toBeLessThan(wordCount(chunks[i]!.text))
  }
}

describe('chunkPages', () => {
  it('keeps its invariants on random documents with the default options', () => {
    for (let seed = 1; seed <= 100; seed++) {
      const doc = generateDoc(mulberry32(seed))
      checkInvariants(doc, DEFAULT_CHUNK_OPTIONS, chunkPages(doc.pages))
    }
  })

  it('keeps its invariants on random documents with random options', () => {
    for (let seed = 1000; seed < 1300; seed++) {
      const rand = mulberry32(seed)
      const doc = generateDoc(rand)
      const options = randomOptions(rand)
      try {
        checkInvariants(doc, options, chunkPages(doc.pages, options))
      } catch (err) {
        throw new Error(`seed ${seed}, options ${JSON.stringify(options)}: ${(err as Error).message}`, {
          cause: err,
        })
      }
    }
  })

  it('starts a new chunk at each heading and records the heading path', () => {
    const sentence = (topic: string, n: number) =>
      `The ${topic} study reports finding number ${n} in detail here.`
    const raw: RawPage[] = [1, 2].map((pageNo) => {
      const lines: RawLine[] = []
      let y = 740
      const push = (text: string, size: number) => {
        lines.push({
          fontSize: size,
          y,
          items: [{ str: text, x: 72, y, w: text.length * size * 0.5, h: size }],
        })
        y -= size * 1.5
      }
      const topics = pageNo === 1 ? ['Methods', 'Sampling'] : ['Results', 'Errors']
      push(topics[0]!, 18)
      for (let k = 0; k < 4; k++) push(sentence(topics[0]!.toLowerCase(), k), 10)
      push(topics[1]!, 14)
      for (let k = 0; k < 4; k++) push(sentence(topics[1]!.toLowerCase(), k), 10)
      return { pageNo, width: 612, height: 792, lines }
    })
    const chunks = chunkPages(buildPages(raw), { targetWords: 200, maxWords: 250, overlapWords: 20 })
    expect(chunks.map((c) => [c.heading, c.text.split('\n')[0], c.pageStart, c.pageEnd])).toEqual([
      ['Methods', 'Methods', 1, 1],
      ['Methods > Sampling', 'Sampling', 1, 1],
      ['Results', 'Results', 2, 2],
      ['Results > Errors', 'Errors', 2, 2],
    ])
    // Headings start fresh chunks: no overlap carried across a section boundary.
    expect(chunks[1]!.text).not.toContain('methods study')
  })

  it('carries no overlap into a section when the last chunk closed just before its heading', () => {
    const para = (topic: string, y: number) => [
      rawLine(`The ${topic} study reports its first finding in full detail here and now.`, 10, y),
      rawLine(`The ${topic} study reports its second finding in full detail here and now.`, 10, y - 14),
      rawLine(`A short ${topic} line ends it.`, 10, y - 28),
    ]
    const raw = firstPage([
      rawLine('Methods', 14, 740),
      ...para('methods', 720),
      rawLine('Results', 14, 660),
      ...para('results', 640),
    ])
    // The first section reaches the target at its paragraph's end, so its chunk closes there and
    // would carry its last sentence on as overlap.
    const chunks = chunkPages(buildPages([raw]), { targetWords: 20, maxWords: 60, overlapWords: 15 })
    expect(chunks.map((c) => [c.heading, c.text.split('\n')[0]])).toEqual([
      ['Methods', 'Methods'],
      ['Results', 'Results'],
    ])
    expect(chunks[1]!.text).not.toContain('methods')
  })

  it('keeps a too-short section with the next one rather than making a tiny chunk', () => {
    const body = 'A long body sentence that repeats the same few words again and again for the test.'
    const raw = firstPage([
      rawLine('Abstract', 14, 740),
      rawLine('Short.', 10, 720),
      rawLine('Introduction', 14, 700),
      ...[0, 1, 2].map((k) => rawLine(body, 10, 680 - k * 14)),
    ])
    const chunks = chunkPages(buildPages([raw]))
    expect(chunks).toHaveLength(1)
    expect(chunks[0]!.heading).toBe('Abstract')
  })

  it('takes no table-of-contents entry or low-confidence line for a heading on OCR pages', () => {
    const prose = 'Body text of a section, long enough to be a paragraph of its own on the page here.'
    // A contents page as OCR reads it: leaders kept on some entries, lost (with their page
    // numbers) on others, which then look like numbered headings; a chapter entry set larger.
    const contents = (confidence?: number): RawPage => ({
      pageNo: 1,
      width: 612,
      height: 792,
      lines: [
        rawLine('Table of Contents', 16, 740, confidence),
        ...[
          '1 Description............ 1',
          '2 Installation . . . . . . 2',
          '2.1 UNIX binary distributions',
          '2.2 MacOS X binary distribution:',
          '2.3 Microsoft Windows ........',
          '2.4 Configuring',
          '2.5 Search paths .. 5',
          'glossary.numbered 72',
          '3.1 Drawing in batch mode',
        ].map((t, k) => rawLine(t, t.startsWith('glossary') ? 12.5 : 10, 720 - k * 14, confidence)),
        rawLine('6 Programming', 13, 580, confidence),
      ],
    })
    const body: RawPage = {
      pageNo: 2,
      width: 612,
      height: 792,
      lines: [
        rawLine('2.4 Configuring', 10, 740, 90),
        ...[0, 1, 2].map((k) => rawLine(prose, 10, 720 - k * 14, 90)),
        // A displayed formula, tall on a scan, read with little confidence.
        rawLine('fp = SERIE ®', 22, 670, 50),
        ...[0, 1, 2].map((k) => rawLine(prose, 10, 650 - k * 14, 90)),
        rawLine('Model fitting', 14, 600, 95),
        ...[0, 1, 2].map((k) => rawLine(prose, 10, 580 - k * 14, 90)),
        // A short contents line with leaders is an entry wherever it stands.
        rawLine('Editing modes . . . . 7', 10, 530, 90),
      ],
    }
    const headings = (pages: RawPage[]) => headingLines(buildPages(pages)).map((h) => `${h.page} ${h.text}`)
    expect(headings([contents(90), body])).toEqual([
      '1 Table of Contents',
      '2 2.4 Configuring',
      '2 Model fitting',
    ])
    // A text layer keeps the rule it was tuned with (its leaders make entries too long to count).
    expect(headings([contents()])).toEqual([
      '1 Table of Contents',
      '1 2.1 UNIX binary distributions',
      '1 2.2 MacOS X binary distribution:',
      '1 2.4 Configuring',
      '1 2.5 Search paths .. 5',
      '1 glossary.numbered 72',
      '1 3.1 Drawing in batch mode',
      '1 6 Programming',
    ])
  })

  it('cuts text into the sentences answers use (one splitter, text/sentences.ts)', () => {
    // Decimals, abbreviations, initials and a figure number: none of them ends a sentence.
    const prose =
      'Costs rose by 4.5 per cent in Ghent, e.g. in the north. See Fig. 3 for the regional ' +
      'details of the rise. J. Smith wrote the report in May of that year. Output fell sharply.'
    const lines: RawLine[] = []
    let y = 740
    for (const text of [prose.slice(0, 70), prose.slice(71, 140), prose.slice(141)]) {
      lines.push({ fontSize: BODY, y, items: [{ str: text, x: 72, y, w: text.length * 5, h: BODY }] })
      y -= 14
    }
    const pages = buildPages([{ pageNo: 1, width: 612, height: 792, lines }])
    // Chunks of at most 12 words close at every unit, so each chunk is exactly one sentence.
    const chunks = chunkPages(pages, { targetWords: 5, maxWords: 12, overlapWords: 0 })
    expect(chunks.map((c) => ws(c.text))).toEqual(splitSentences(prose))
    expect(chunks).toHaveLength(4)
  })

  it('returns no chunks for pages without text', () => {
    expect(chunkPages([])).toEqual([])
    expect(chunkPages([{ pageNo: 1, width: 612, height: 792, text: '', lines: [], items: [] }])).toEqual([])
  })
})

describe('validateChunkOptions', () => {
  it('accepts the defaults', () => {
    expect(() => validateChunkOptions(DEFAULT_CHUNK_OPTIONS)).not.toThrow()
    expect(() => validateChunkOptions({ targetWords: 10, maxWords: 10, overlapWords: 0 })).not.toThrow()
  })

  it('rejects overlap at or above the target, and impossible sizes', () => {
    expect(() => validateChunkOptions({ targetWords: 50, maxWords: 80, overlapWords: 50 })).toThrow(/overlap/)
    expect(() => validateChunkOptions({ targetWords: 50, maxWords: 80, overlapWords: 60 })).toThrow(/overlap/)
    expect(() => validateChunkOptions({ targetWords: 50, maxWords: 80, overlapWords: -1 })).toThrow(/overlap/)
    expect(() => validateChunkOptions({ targetWords: 0, maxWords: 80, overlapWords: 0 })).toThrow()
    expect(() => validateChunkOptions({ targetWords: 90, maxWords: 80, overlapWords: 0 })).toThrow()
    expect(() => chunkPages([], { targetWords: 50, maxWords: 80, overlapWords: 50 })).toThrow(/overlap/)
  })
})
