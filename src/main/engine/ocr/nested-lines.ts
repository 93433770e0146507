import type { OcrLine, OcrWord } from './ocr-engine.js'

/**
 * Tesseract's layout analysis now and then cuts a stretch out of a printed line and reads it as a
 * line of its own, in another block, after the rest of the paragraph: `… extractor functions for
 * fitted model objec including the usual summary() method that … 's available for objects of
 * class "zeroinfl"`. The host line keeps a blank where the stretch was. Such a stretch is put back
 * into the blank it came from, so the page reads as printed and passages, citations and
 * highlights follow the sentence.
 *
 * A line is put back when it sits on the host's baseline (they overlap by at least half the
 * shorter line's height), is no taller than 1.5× the host (a column of a table read downwards, or
 * a word set sideways, spans several printed lines and stays apart) and fits wholly inside one
 * blank between two of the host's words. Nothing else is reordered: two columns never nest one
 * inside a gap of the other, so multi-column pages keep tesseract's reading order.
 */
export function placeNestedLines(lines: OcrLine[]): OcrLine[] {
  const boxes = lines.map(lineBox)
  const hostOf = lines.map((_, i) => lines.findIndex((h, j) => j !== i && nestsIn(boxes[i]!, h, boxes[j]!)))
  // A line that is itself put back elsewhere takes no guests (no chains).
  const guest = (i: number) => hostOf[i]! >= 0 && hostOf[hostOf[i]!]! < 0
  if (!lines.some((_, i) => guest(i))) return lines
  return lines.flatMap((line, j) => {
    if (guest(j)) return []
    const guests = lines.filter((_, i) => guest(i) && hostOf[i] === j)
    if (!guests.length) return [line]
    const words: OcrWord[] = [...line.words, ...guests.flatMap((g) => g.words)]
    return [{ ...line, words: words.sort((a, b) => a.x0 - b.x0) }]
  })
}

interface Box {
  x0: number
  y0: number
  x1: number
  y1: number
}

function lineBox(line: OcrLine): Box {
  const ws = line.words
  return {
    x0: Math.min(...ws.map((w) => w.x0)),
    y0: Math.min(...ws.map((w) => w.y0)),
    x1: Math.max(...ws.map((w) => w.x1)),
    y1: Math.max(...ws.map((w) => w.y1)),
  }
}

function nestsIn(guest: Box, host: OcrLine, hostBox: Box): boolean {
  if (host.words.length < 2) return false
  const gh = guest.y1 - guest.y0
  const hh = hostBox.y1 - hostBox.y0
  if (gh <= 0 || hh <= 0 || gh > 1.5 * hh) return false
  const overlap = Math.min(guest.y1, hostBox.y1) - Math.max(guest.y0, hostBox.y0)
  if (overlap < 0.5 * Math.min(gh, hh)) return false
  const ws = host.words
  for (let k = 0; k + 1 < ws.length; k++) if (ws[k]!.x1 <= guest.x0 && guest.x1 <= ws[k + 1]!.x0) return true
  return false
}
