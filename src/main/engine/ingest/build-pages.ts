import type { TextItemBox } from '@shared/library-types.js'
import type { CleanPage, PageLine } from '../store/page-records.js'
import type { RawLine, RawPage } from './extract-pdf.js'
import { foldTypography } from '@shared/typography.js'
import { cleanText, normalizeText } from './normalize-text.js'
import { attachTexAccents } from './tex-accents.js'

/** Lines that repeat at the top or bottom of at least this many pages are running headers/footers. */
const MIN_REPEATS = 3
const EDGE_LINES = 2
/**
 * A repeated edge line that carries the page number ("Chapter 2: Installation 14", "Page 3 of 40",
 * a lone "vii") is running matter from 2% of the pages on, so that a chapter's own running header
 * goes too. Any other repeated edge line must be on half of the pages ("CONFIDENTIAL", a journal's
 * name): otherwise it is content that happens to open or close pages — a code line ("}", "%%"), a
 * reference entry's "Synopsis", an e-mail's "From:" line, a "Chapter 3" or "Section 3" title.
 */
const CHAPTER_SHARE = 0.02
const CONSTANT_SHARE = 0.5
/** Share of a line's occurrences whose number must follow the page index at one fixed offset. */
const PAGE_NUMBER_SHARE = 0.6

/** A line's text, normalised and lower-cased: what edge lines are compared by. */
function edgeText(line: RawLine): string {
  return normalizeText(attachTexAccents(line.items.map((i) => i.str)).join('')).toLowerCase()
}

/** Digits vary (page numbers), so they are folded before comparing edge lines across pages. */
function signatureOf(text: string): string {
  return text
    .replace(/[ivxlc]+$/g, '#')
    .replace(/\d+/g, '#')
    .replace(/\s+/g, '')
}

function signature(line: RawLine): string {
  return signatureOf(edgeText(line))
}

const ROMAN: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100 }

function romanValue(s: string): number {
  let total = 0
  for (let i = 0; i < s.length; i++) {
    const v = ROMAN[s[i]!]!
    const next = ROMAN[s[i + 1] ?? ''] ?? 0
    total += v < next ? -v : v
  }
  return total
}

/** The numbers a line could be showing as its page number: every arabic number, a trailing roman one. */
function lineNumbers(text: string): number[] {
  const out = (text.match(/\d+/g) ?? []).map(Number)
  const roman = /(?:^|\s)([ivxlc]+)$/.exec(text)
  if (roman) out.push(romanValue(roman[1]!))
  return out
}

interface EdgeStats {
  pages: number
  /** For each offset (page index − a number on the line), on how many pages it occurs. */
  offsets: Map<number, number>
}

/**
 * Counts of the edge lines of the pages added so far, from which the running headers/footers are
 * decided. Pages can be added one at a time as they are read (draft-chunks.ts).
 */
export class EdgeLineStats {
  private readonly seen = new Map<string, EdgeStats>()
  pages = 0

  add(p: RawPage): void {
    this.pages++
    const edge = new Map<string, Set<number>>()
    const n = p.lines.length
    const add = (l: RawLine) => {
      const text = edgeText(l)
      const sig = signatureOf(text)
      const offsets = edge.get(sig) ?? new Set<number>()
      for (const num of lineNumbers(text)) offsets.add(p.pageNo - num)
      edge.set(sig, offsets)
    }
    for (let i = 0; i < Math.min(EDGE_LINES, n); i++) add(p.lines[i]!)
    for (let i = Math.max(0, n - EDGE_LINES); i < n; i++) add(p.lines[i]!)
    for (const [sig, offsets] of edge) {
      const e = this.seen.get(sig) ?? { pages: 0, offsets: new Map<number, number>() }
      e.pages++
      for (const o of offsets) e.offsets.set(o, (e.offsets.get(o) ?? 0) + 1)
      this.seen.set(sig, e)
    }
  }

  /**
   * The running lines among the pages added. `totalPages` is the document's page count when they
   * are only its first pages: a numbered line needs its share of the whole document, as it will in
   * the end; a constant line its share of the pages added.
   */
  running(totalPages = this.pages): Set<string> {
    const running = new Set<string>()
    if (this.pages < MIN_REPEATS) return running
    const numbered = numberedRepeats(totalPages)
    const constant = Math.max(MIN_REPEATS, Math.ceil(this.pages * CONSTANT_SHARE))
    for (const [sig, e] of this.seen) {
      if (sig.length === 0) continue
      const tracksPage =
        Math.max(0, ...e.offsets.values()) >= Math.max(MIN_REPEATS, e.pages * PAGE_NUMBER_SHARE)
      if (e.pages >= (tracksPage ? numbered : constant)) running.add(sig)
    }
    return running
  }
}

/** Pages a line carrying the page number must repeat on, in a document of `totalPages`. */
export function numberedRepeats(totalPages: number): number {
  return Math.max(MIN_REPEATS, Math.ceil(totalPages * CHAPTER_SHARE))
}

/** Finds running headers/footers: edge lines whose signature repeats across pages. */
export function findRunningLines(pages: RawPage[]): Set<string> {
  const stats = new EdgeLineStats()
  for (const p of pages) stats.add(p)
  return stats.running()
}

function isEdge(index: number, count: number): boolean {
  return index < EDGE_LINES || index >= count - EDGE_LINES
}

/**
 * Builds the stored text of every page: normalised items joined into lines, running
 * headers/footers dropped, and words hyphenated across a line break joined again.
 * Every kept item remembers its character range so a passage can be highlighted later.
 */
export function buildPages(rawPages: RawPage[]): CleanPage[] {
  const running = rawPages.length >= MIN_REPEATS ? findRunningLines(rawPages) : new Set<string>()
  return rawPages.map((p) => buildPage(p, running))
}

/** One page's stored text, without the lines in `running` (see buildPages). */
export function buildPage(p: RawPage, running: Set<string>): CleanPage {
  let text = ''
  // The same text with the document's own quotes, dashes and minus signs (see CleanPage.printed):
  // built alongside, every step the same, so the two stay equal in length.
  let printed = ''
  const lines: PageLine[] = []
  const items: TextItemBox[] = []
  const kept = p.lines.filter((l, i) => !(isEdge(i, p.lines.length) && running.has(signature(l))))
  for (const line of kept) {
    // Join a word hyphenated across the line break: "exam-" + "ple" → "example".
    const strs = attachTexAccents(line.items.map((i) => i.str))
    const first = normalizeText(strs[0] ?? '').trimStart()
    const joinHyphen = /[A-Za-z]-$/.test(text) && /^[a-z]/.test(first) && !/\s[A-Za-z]-$/.test(text)
    if (joinHyphen) {
      text = text.slice(0, -1)
      printed = printed.slice(0, -1)
      // The hyphen may belong to an item before the last (the last can be an emptied trailing space).
      for (let k = items.length - 1; k >= 0 && items[k]!.end > text.length; k--) {
        items[k]!.end = text.length
        items[k]!.start = Math.min(items[k]!.start, text.length)
      }
      const lastLine = lines.at(-1)
      if (lastLine) lastLine.end = text.length
    } else if (text.length > 0) {
      text += '\n'
      printed += '\n'
    }
    const lineStart = joinHyphen ? (lines.at(-1)?.start ?? text.length) : text.length
    let prevRight: number | null = null
    let prevY = 0
    const firstItem = items.length
    for (const [n, it] of line.items.entries()) {
      let asPrinted = cleanText(strs[n]!).replace(/\s+/g, ' ')
      if (asPrinted.length === 0) continue
      if (prevRight !== null && !/\s$/.test(text) && !asPrinted.startsWith(' ')) {
        const gap = it.x - prevRight
        // A stacked fraction's denominator goes back under its numerator on another baseline:
        // joined without a space, 1 over 65536 read "165536".
        const stacked = gap < -line.fontSize * 0.2 && Math.abs(it.y - prevY) > line.fontSize * 0.25
        if (gap > Math.max(0.8, line.fontSize * 0.12) || stacked) {
          text += ' '
          printed += ' '
        }
      }
      if (text.endsWith('\n') || text.length === 0) asPrinted = asPrinted.trimStart()
      const start = text.length
      text += foldTypography(asPrinted)
      printed += asPrinted
      items.push({ start, end: text.length, x: round(it.x), y: round(it.y), w: round(it.w), h: round(it.h) })
      prevRight = it.x + it.w
      prevY = it.y
    }
    text = text.replace(/ +$/, '')
    printed = printed.slice(0, text.length)
    // Items that ended in the trimmed spaces must not reach past the line (into the next '\n').
    for (const it of items.slice(firstItem)) {
      it.start = Math.min(it.start, text.length)
      it.end = Math.min(it.end, text.length)
    }
    if (joinHyphen && lines.length > 0) {
      lines[lines.length - 1]!.end = text.length
    } else {
      const pageLine: PageLine = { start: lineStart, end: text.length, fontSize: line.fontSize }
      if (line.confidence !== undefined) pageLine.confidence = line.confidence
      lines.push(pageLine)
    }
  }
  for (const it of items) it.end = Math.min(it.end, text.length)
  const page: CleanPage = { pageNo: p.pageNo, width: p.width, height: p.height, text, lines, items }
  if (printed !== text) page.printed = printed
  return page
}

function round(n: number): number {
  return Math.round(n * 100) / 100
}
