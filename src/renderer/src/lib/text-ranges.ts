// Finds where a passage (or a search term) sits in a page's stored text, tolerant of whitespace
// differences, and turns character ranges into boxes using the page's text items.
import type { TextItemBox } from '@shared/library-types.js'
import { foldTypography } from '@shared/typography.js'

export interface CharRange {
  start: number
  end: number
}

export interface Box {
  x: number
  y: number
  w: number
  h: number
}

/** Collapses whitespace, lowercases and folds quotes and dashes, keeping a map from each kept character to its source index. */
function squash(text: string): { s: string; map: number[] } {
  let s = ''
  const map: number[] = []
  let pendingSpace = false
  // A passage quotes the printed "−5" or "’<’"; a page stored before it did holds "-5", "'<'".
  // Folded once, character for character, so indices into it are indices into `text`.
  const folded = foldTypography(text)
  for (let i = 0; i < folded.length; i++) {
    const ch = folded[i]!
    if (/\s/.test(ch)) {
      pendingSpace = s.length > 0
      continue
    }
    if (pendingSpace) {
      s += ' '
      map.push(i - 1)
      pendingSpace = false
    }
    s += ch.toLowerCase()
    map.push(i)
  }
  return { s, map }
}

/** A Markdown table's rule lines ("| --- | --- |") dropped and its pipes made spaces. */
function withoutTableMarkup(text: string): string {
  return text.replace(/^[ \t]*\|?(?:[ \t]*:?-{3,}:?[ \t]*\|)+[ \t]*:?-*:?[ \t]*$/gm, ' ').replace(/\|/g, ' ')
}

function toRange(map: number[], at: number, len: number): CharRange {
  return { start: map[at]!, end: map[at + len - 1]! + 1 }
}

/**
 * Where the passage appears on the page. A passage that spans pages matches on each page only in
 * part, so when the whole is not found, the longest head (passage continues on the next page) or
 * tail (passage began on the previous page) that is found wins; a page the passage runs through is
 * covered whole.
 */
export function findPassage(pageText: string, passage: string): CharRange | null {
  // A PDF page holds a table's cells apart ("7 cmyk"): a passage or row read from it as Markdown
  // ("| 7 | cmyk |") is found by its cells, pipes as spaces and the header rule dropped. Text with
  // pipes of its own (a reader section's rows, "a | b") is matched as it is, and failing that
  // whole with the page's bars and rules as spaces: a table drawn with characters
  // ("|Abba  |  37836.18|" under "+------+") read as Markdown rows.
  if (pageText.includes('|')) {
    const found = findIn(pageText, passage)
    if (found || !passage.includes('|')) return found
    const drawn = pageText.replace(/\+?(?:[-=]{3,}\+)+[-=]*|\|/g, (m) => ' '.repeat(m.length))
    return findIn(drawn, withoutTableMarkup(passage), true)
  }
  return findIn(pageText, withoutTableMarkup(passage))
}

function findIn(pageText: string, passage: string, wholeOnly = false): CharRange | null {
  const page = squash(pageText)
  const pass = squash(passage).s
  if (!pass || !page.s) return null
  const whole = page.s.indexOf(pass)
  if (whole >= 0) return toRange(page.map, whole, pass.length)
  if (wholeOnly) return null
  // A passage of three or more pages holds the middle pages whole.
  if (pass.includes(page.s)) return { start: page.map[0]!, end: pageText.length }
  const MIN = 24
  for (let len = Math.min(pass.length - 1, page.s.length); len >= MIN; len = Math.floor(len * 0.8)) {
    const head = pass.slice(0, len)
    const h = page.s.indexOf(head)
    if (h >= 0) return { start: page.map[h]!, end: pageText.length }
    const tail = pass.slice(pass.length - len)
    const t = page.s.indexOf(tail)
    if (t >= 0) return { start: 0, end: page.map[t + len - 1]! + 1 }
  }
  return null
}

/** All case-insensitive occurrences of `term` in the page text. */
export function findAll(pageText: string, term: string): CharRange[] {
  const needle = term.trim().toLowerCase()
  if (!needle) return []
  const hay = pageText.toLowerCase()
  const out: CharRange[] = []
  for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + needle.length)) {
    out.push({ start: at, end: at + needle.length })
  }
  return out
}

/**
 * Boxes in PDF user space (origin bottom-left) covering the range. Items give a baseline origin,
 * width and font height; a partly covered item is cut proportionally by character count.
 */
export function rangeBoxes(items: TextItemBox[], range: CharRange): Box[] {
  const boxes: Box[] = []
  for (const it of items) {
    const a = Math.max(range.start, it.start)
    const b = Math.min(range.end, it.end)
    if (b <= a || it.end <= it.start) continue
    const len = it.end - it.start
    const x = it.x + (it.w * (a - it.start)) / len
    const w = (it.w * (b - a)) / len
    // Descenders sit below the baseline; a quarter of the font height covers them.
    boxes.push({ x, y: it.y - it.h * 0.25, w, h: it.h * 1.2 })
  }
  return boxes
}

/**
 * Where each focus sentence sits inside the passage's range on this page. A sentence that runs
 * onto the next page matches in part; ranges are clipped to the passage so a partial match never
 * spreads over the rest of the page.
 */
export function findFocus(pageText: string, passage: CharRange, sentences: string[]): CharRange[] {
  const out: CharRange[] = []
  for (const sentence of sentences) {
    const r = findPassage(pageText, sentence)
    if (!r) continue
    const start = Math.max(r.start, passage.start)
    const end = Math.min(r.end, passage.end)
    if (end > start) out.push({ start, end })
  }
  return out
}
