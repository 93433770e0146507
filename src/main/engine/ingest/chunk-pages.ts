import type { PageSpan } from '@shared/library-types.js'
import type { Chunk, CleanPage } from '../store/page-records.js'
import { sentenceBreaks } from '../text/sentences.js'

export interface ChunkOptions {
  /** Soft target: a chunk closes at the first paragraph end after this many words. */
  targetWords: number
  /**
   * Hard limit. 250 words is ~320 MiniLM tokens, so the embedder may truncate the tail of the
   * longest chunks; keyword search still sees all of it, and bigger passages answer paraphrased
   * questions better (dev set, keyword mode: 110/170 → 190/250 raised hit@5 0.69 → 0.78).
   */
  maxWords: number
  /** Words of the previous chunk repeated at the start of the next, in whole sentences. */
  overlapWords: number
}

export const DEFAULT_CHUNK_OPTIONS: ChunkOptions = { targetWords: 190, maxWords: 250, overlapWords: 40 }

/** A sentence (or a piece of an over-long one) located in one page's text. */
interface Unit {
  page: number
  start: number
  end: number
  words: number
  text: string
  /** The unit ends a paragraph. */
  paraEnd: boolean
  heading: string | null
}

export function validateChunkOptions(o: ChunkOptions): void {
  if (!(o.targetWords > 0 && o.maxWords >= o.targetWords))
    throw new Error('chunking: need 0 < targetWords ≤ maxWords')
  if (!(o.overlapWords >= 0 && o.overlapWords < o.targetWords))
    throw new Error('chunking: need 0 ≤ overlapWords < targetWords')
}

function countWords(s: string): number {
  const m = s.match(/\S+/g)
  return m ? m.length : 0
}

/** The font size most body text is set in, weighted by characters. */
export function bodyFontSize(pages: CleanPage[]): number {
  const weight = new Map<number, number>()
  for (const p of pages)
    for (const l of p.lines) {
      const size = Math.round(l.fontSize * 2) / 2
      weight.set(size, (weight.get(size) ?? 0) + (l.end - l.start))
    }
  let best = 0
  let bestW = -1
  for (const [s, w] of weight) if (w > bestW) [best, bestW] = [s, w]
  return best
}

// At body size only multi-level numbers ("2.5 Search paths") count: "1. The current directory" is a
// numbered list item, and treating it as a heading split lists into tiny sections.
const NUMBERED_HEADING = /^(\d+(\.\d+){1,4}\.?|[A-Z]\.\d+(\.\d+)*|Chapter \d+[.:]?|Appendix [A-Z][.:]?)\s+\S/

function isHeadingLine(text: string, fontSize: number, body: number): boolean {
  const t = text.trim()
  if (t.length < 2 || t.length > 100 || !/[A-Za-z]/.test(t)) return false
  if (/[.,;:]$/.test(t) && !/^\d/.test(t)) return false
  if (body > 0 && fontSize >= body * 1.12) return true
  return NUMBERED_HEADING.test(t) && t.split(/\s+/).length <= 12 && !/[.;]$/.test(t)
}

/** The lines chunking treats as headings (each starts a section), as the chunker sees them. */
export function headingLines(pages: CleanPage[]): { page: number; text: string; fontSize: number }[] {
  const body = bodyFontSize(pages)
  return pages.flatMap((p) =>
    p.lines
      .map((l) => ({ page: p.pageNo, text: p.text.slice(l.start, l.end).trim(), fontSize: l.fontSize }))
      .filter((l) => isHeadingLine(l.text, l.fontSize, body)),
  )
}

/**
 * Turns pages into sentence units with page offsets, one page at a time, tracking the heading path
 * (a stack by font size) so every chunk knows the section it came from. Headings are judged
 * against `body`, the document's body font size.
 */
class UnitReader {
  private readonly headingStack: { size: number; text: string }[] = []

  constructor(
    private readonly maxWords: number,
    public body: number,
  ) {}

  private headingPath(): string | null {
    return this.headingStack.length ? this.headingStack.map((h) => h.text).join(' > ') : null
  }

  page(page: CleanPage): Unit[] {
    const units: Unit[] = []
    const lineLens = page.lines.map((l) => l.end - l.start).sort((a, b) => a - b)
    const typical = lineLens[Math.floor(lineLens.length * 0.75)] ?? 0
    let para: { start: number; end: number } | null = null
    const flush = () => {
      if (para) units.push(...paragraphUnits(page, para.start, para.end, this.headingPath(), this.maxWords))
      para = null
    }
    for (const line of page.lines) {
      const text = page.text.slice(line.start, line.end)
      if (isHeadingLine(text, line.fontSize, this.body)) {
        flush()
        const size = line.fontSize
        const stack = this.headingStack
        while (stack.length && stack.at(-1)!.size <= size + 0.1) stack.pop()
        stack.push({ size, text: text.trim().replace(/\s+/g, ' ') })
        if (stack.length > 3) stack.shift()
        units.push({
          page: page.pageNo,
          start: line.start,
          end: line.end,
          words: countWords(text),
          text: text.trim(),
          paraEnd: true,
          heading: this.headingPath(),
        })
        continue
      }
      if (!para) para = { start: line.start, end: line.end }
      else para.end = line.end
      // A short line ending a sentence closes the paragraph.
      if (/[.!?:]["')]?$/.test(text.trim()) && line.end - line.start < typical * 0.8) flush()
    }
    flush()
    return units
  }
}

/** One paragraph's sentences (text/sentences.ts, the rule answers use too) as located units. */
function paragraphUnits(
  page: CleanPage,
  start: number,
  end: number,
  heading: string | null,
  maxWords: number,
): Unit[] {
  const text = page.text.slice(start, end)
  const out: Unit[] = []
  let last = 0
  const cut = (to: number, paraEnd: boolean) => {
    const raw = text.slice(last, to)
    const lead = raw.length - raw.trimStart().length
    const s = raw.trim()
    if (s.length > 0) {
      const uStart = start + last + lead
      out.push(...splitLong(page.pageNo, uStart, s, paraEnd, heading, maxWords))
    }
    last = to
  }
  for (const end of sentenceBreaks(text)) cut(end, false)
  cut(text.length, true)
  return out
}

const LONG_UNIT_WORDS = 60

/**
 * Over-long sentences (tables, code, run-on reference text) are cut into word windows, never
 * longer than a whole chunk may be.
 */
function splitLong(
  page: number,
  start: number,
  s: string,
  paraEnd: boolean,
  heading: string | null,
  maxWords: number,
): Unit[] {
  const window = Math.min(LONG_UNIT_WORDS, maxWords)
  const words = [...s.matchAll(/\S+/g)]
  if (words.length <= window) {
    return [
      {
        page,
        start,
        end: start + s.length,
        words: words.length,
        text: s.replace(/\s+/g, ' '),
        paraEnd,
        heading,
      },
    ]
  }
  const out: Unit[] = []
  for (let i = 0; i < words.length; i += window) {
    const a = words[i]!.index
    const lastWord = words[Math.min(words.length, i + window) - 1]!
    const b = lastWord.index + lastWord[0].length
    const piece = s.slice(a, b)
    out.push({
      page,
      start: start + a,
      end: start + b,
      words: countWords(piece),
      text: piece.replace(/\s+/g, ' '),
      paraEnd: paraEnd && i + window >= words.length,
      heading,
    })
  }
  return out
}

function makeChunk(ord: number, units: Unit[]): Chunk {
  const spans = new Map<number, PageSpan>()
  for (const u of units) {
    const s = spans.get(u.page)
    if (s) {
      s.start = Math.min(s.start, u.start)
      s.end = Math.max(s.end, u.end)
    } else spans.set(u.page, { page: u.page, start: u.start, end: u.end })
  }
  let text = ''
  units.forEach((u, i) => {
    if (i > 0) text += units[i - 1]!.paraEnd ? '\n' : ' '
    text += u.text
  })
  const pages = [...spans.keys()]
  return {
    ord,
    heading: units[0]!.heading,
    text,
    pageStart: Math.min(...pages),
    pageEnd: Math.max(...pages),
    spans: [...spans.values()],
  }
}

/**
 * Structure-aware chunking: sentences are packed into chunks that prefer to end at paragraph
 * ends and always start fresh at a heading; consecutive chunks overlap by whole sentences.
 * Every chunk records the pages it covers and its character range on each page.
 *
 * Pages go in one at a time, in order; each call returns the chunks that closed on that page
 * (a closed chunk never changes), and `finish` returns the last one. `body` (the document's body
 * font size, for telling headings) may be a guess that is corrected between pages: import streams
 * draft chunks to the embedder this way while a document is still being read (draft-chunks.ts).
 */
export class Chunker {
  private readonly units: UnitReader
  private readonly chunks: Chunk[] = []
  private current: Unit[] = []
  private words = 0
  /** Units in `current` that are not overlap from the previous chunk. */
  private fresh = 0
  private prev: Unit | null = null

  constructor(
    body: number,
    private readonly options: ChunkOptions = DEFAULT_CHUNK_OPTIONS,
  ) {
    validateChunkOptions(options)
    this.units = new UnitReader(options.maxWords, body)
  }

  set body(size: number) {
    this.units.body = size
  }

  addPage(page: CleanPage): Chunk[] {
    const before = this.chunks.length
    const { options } = this
    for (const u of this.units.page(page)) {
      const startsSection = this.prev !== null && u.heading !== this.prev.heading
      // A new section starts a new chunk, unless what came before is too short to stand alone.
      if (startsSection && this.words >= 25) this.close(false)
      if (this.words + u.words > options.maxWords) this.close(true)
      // The carried overlap plus this unit can still exceed the hard limit: give up overlap first.
      while (this.words + u.words > options.maxWords && this.current.length > 0)
        this.words -= this.current.shift()!.words
      this.current.push(u)
      this.words += u.words
      this.fresh++
      if (this.words >= options.targetWords && u.paraEnd) this.close(true)
      this.prev = u
    }
    return this.chunks.slice(before)
  }

  /** The chunks so far, the last one closed. */
  finish(): Chunk[] {
    this.close(false)
    return this.chunks
  }

  private close(withOverlap: boolean): void {
    if (this.fresh === 0) return
    const current = this.current
    this.chunks.push(makeChunk(this.chunks.length, current))
    const carry: Unit[] = []
    if (withOverlap) {
      let w = 0
      for (let i = current.length - 1; i >= 0; i--) {
        const u = current[i]!
        if (w + u.words > this.options.overlapWords || u.heading !== current.at(-1)!.heading) break
        carry.unshift(u)
        w += u.words
      }
      if (carry.length === current.length) carry.shift()
    }
    this.current = carry
    this.words = carry.reduce((n, u) => n + u.words, 0)
    this.fresh = 0
  }
}

/** Chunks a whole document (see Chunker), with its body font size taken from all its pages. */
export function chunkPages(pages: CleanPage[], options: ChunkOptions = DEFAULT_CHUNK_OPTIONS): Chunk[] {
  const chunker = new Chunker(bodyFontSize(pages), options)
  for (const p of pages) chunker.addPage(p)
  return chunker.finish()
}

/** The section heading is embedded with the chunk: it is often the only place the topic is named. */
export function embeddingText(heading: string | null, text: string): string {
  const h = heading ? heading.split(' > ').at(-1) : null
  return h && !text.startsWith(h) ? `${h}\n${text}` : text
}
