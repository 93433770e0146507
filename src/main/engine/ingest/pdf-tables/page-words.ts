import type { CleanPage } from '../../store/page-records.js'
import type { Box } from './geometry.js'
import { isSpaceCode } from './whitespace.js'

/** A word of a page's stored text with its box and its character range in the page text. */
export interface PageWord {
  text: string
  start: number
  end: number
  box: Box
  /** Index of the page line (CleanPage.lines) the word is on. */
  line: number
  /** Index of the text item (CleanPage.items) the word is part of. */
  item: number
}

/**
 * The page's words. pdf.js items often hold several words ("Estimate Std. Error"); a word's box is
 * its share of the item's width by characters, exact for the monospaced printouts tables come in
 * most often and close enough elsewhere to tell columns apart.
 */
export function pageWords(page: CleanPage): PageWord[] {
  const words: PageWord[] = []
  const text = page.text
  let line = 0
  for (let k = 0; k < page.items.length; k++) {
    const it = page.items[k]!
    // As many characters as the page text holds of the item (what slicing it would give).
    const n = Math.min(it.end, text.length) - it.start
    if (n <= 0) continue
    while (line < page.lines.length - 1 && page.lines[line]!.end < it.start) line++
    // The item's words (runs of non-space characters, /\S+/g), found in the page text in place:
    // this runs on every page that may hold a table, and slicing and matching each item made
    // garbage enough to cost the parse threads' heap collections.
    let a = 0
    while (a < n) {
      if (isSpaceCode(text.charCodeAt(it.start + a))) {
        a++
        continue
      }
      let b = a + 1
      while (b < n && !isSpaceCode(text.charCodeAt(it.start + b))) b++
      words.push({
        text: text.slice(it.start + a, it.start + b),
        start: it.start + a,
        end: it.start + b,
        box: { x: it.x + (it.w * a) / n, y: it.y, w: (it.w * (b - a)) / n, h: it.h },
        line,
        item: k,
      })
      a = b
    }
  }
  return words
}
