import type { CleanPage } from '../../store/page-records.js'
import type { Box } from './geometry.js'

/** A word of a page's stored text with its box and its character range in the page text. */
export interface PageWord {
  text: string
  start: number
  end: number
  box: Box
  /** Index of the page line (CleanPage.lines) the word is on. */
  line: number
}

/**
 * The page's words. pdf.js items often hold several words ("Estimate Std. Error"); a word's box is
 * its share of the item's width by characters, exact for the monospaced printouts tables come in
 * most often and close enough elsewhere to tell columns apart.
 */
export function pageWords(page: CleanPage): PageWord[] {
  const words: PageWord[] = []
  let line = 0
  for (const it of page.items) {
    const s = page.text.slice(it.start, it.end)
    if (s.length === 0) continue
    while (line < page.lines.length - 1 && page.lines[line]!.end < it.start) line++
    for (const m of s.matchAll(/\S+/g)) {
      const a = m.index
      const b = a + m[0].length
      words.push({
        text: m[0],
        start: it.start + a,
        end: it.start + b,
        box: { x: it.x + (it.w * a) / s.length, y: it.y, w: (it.w * (b - a)) / s.length, h: it.h },
        line,
      })
    }
  }
  return words
}
