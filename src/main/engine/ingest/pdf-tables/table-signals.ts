import type { RawLine } from '../raw-line.js'

// Reading a page's drawing operators for its ruling lines costs about as much again as reading
// its text (pdf.js parses the content stream a second time and decodes its images), so it is done
// only on pages with a table caption ("Table 3: …", "Table 10: Operators (continued)"): a ruled
// table is nearly always captioned. A table without a caption is still found by its columns of
// words (text-tables.ts). Reading the rulings on every page whose lines have wide gaps as well
// cost 40% more extraction time on the dev and tables corpora (bench section extract-tables).

const CAPTION = /^\s*(table|tab\.)\s+([0-9]+|[ivxlc]+)\b/i

export function mayHoldTable(lines: RawLine[]): boolean {
  return lines.some((l) => CAPTION.test(l.items.map((i) => i.str).join('')))
}
