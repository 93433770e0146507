import type { RawLine } from '../raw-line.js'
import { isSpaceCode } from './whitespace.js'

// Reading a page's drawing operators for its ruling lines costs about as much again as reading
// its text (pdf.js parses the content stream a second time and decodes its images), so it is done
// only on pages with a table caption ("Table 3: …", "Table 10: Operators (continued)"): a ruled
// table is nearly always captioned. A table without a caption is still found by its columns of
// words (text-tables.ts). Reading the rulings on every page whose lines have wide gaps as well
// cost 40% more extraction time on the dev and tables corpora (bench section extract-tables).

/** A caption line: "Table 3: …", "Table 3. …", "TABLE III …", "Tab. 2 …", an appendix's "Table E.1: …". */
export const CAPTION = /^\s*(table|tab\.)\s+([a-z]\.?)?([0-9]+|[ivxlc]+)\b/i

export function mayHoldTable(lines: RawLine[]): boolean {
  return lines.some((l) => opensWithT(l) && CAPTION.test(l.items.map((i) => i.str).join('')))
}

/**
 * Whether the line's first character other than a space is a T, as a caption's must be: the
 * line's text is joined (and matched) only then, on every page of every PDF.
 */
function opensWithT(l: RawLine): boolean {
  for (const it of l.items)
    for (let i = 0; i < it.str.length; i++) {
      const c = it.str.charCodeAt(i)
      if (!isSpaceCode(c)) return c === 0x54 || c === 0x74
    }
  return false
}
