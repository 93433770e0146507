import type { RawLine } from '../extract-pdf.js'

// Reading a page's drawing operators for its ruling lines costs about as much as reading its
// text, so it is done only on pages whose text already hints at a table: a caption line, or
// lines laid out in columns (wide gaps between words). A ruled table has both; a page of prose
// has neither.

const CAPTION = /^\s*(table|tab\.)\s+([0-9]+|[ivxlc]+)\b/i
const WIDE_GAP_EMS = 0.9

function wideGaps(l: RawLine): boolean {
  const em = l.fontSize || 10
  const items = l.items.filter((i) => i.str.trim())
  for (let k = 1; k < items.length; k++) {
    const a = items[k - 1]!
    if (items[k]!.x - (a.x + a.w) >= WIDE_GAP_EMS * em) return true
  }
  return items.some((i) => /\S {2,}\S/.test(i.str))
}

export function mayHoldTable(lines: RawLine[]): boolean {
  let columnLines = 0
  for (const l of lines) {
    if (CAPTION.test(l.items.map((i) => i.str).join(''))) return true
    if (wideGaps(l) && ++columnLines >= 3) return true
  }
  return false
}
