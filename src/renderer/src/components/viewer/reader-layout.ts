// How the reader view lays out a section: consecutive list items form one list and consecutive
// table rows one table; every block's text is cut into pieces at the edges of the marks over it
// (the cited passage, its strong sentences, find matches), so each piece renders as plain text
// with the classes of the marks that cover it.
import { TABLE_CELL_SEPARATOR, type TextBlock } from '@shared/document-text.js'
import type { CharRange } from '@renderer/lib/text-ranges.js'

export type BlockGroup =
  | { kind: 'list'; blocks: TextBlock[] }
  | { kind: 'table'; blocks: TextBlock[] }
  | { kind: 'single'; block: TextBlock }

/** Blocks in order, with runs of list items and of table rows gathered. */
export function groupBlocks(blocks: readonly TextBlock[]): BlockGroup[] {
  const out: BlockGroup[] = []
  for (const b of blocks) {
    const last = out.at(-1)
    const run = b.kind === 'list-item' ? 'list' : b.kind === 'table-row' ? 'table' : null
    if (run && last?.kind === run) last.blocks.push(b)
    else if (run) out.push({ kind: run, blocks: [b] })
    else out.push({ kind: 'single', block: b })
  }
  return out
}

/** A table row's cells as character ranges of the section text (the separator left out). */
export function tableCells(text: string, row: CharRange): CharRange[] {
  const cells: CharRange[] = []
  let start = row.start
  for (;;) {
    const at = text.indexOf(TABLE_CELL_SEPARATOR, start)
    if (at < 0 || at >= row.end) break
    cells.push({ start, end: at })
    start = at + TABLE_CELL_SEPARATOR.length
  }
  cells.push({ start, end: row.end })
  return cells
}

export interface Marks {
  passage: CharRange | null
  /** Strong sentences inside the passage. */
  focus: readonly CharRange[]
  /** Find matches in this section, in order, and which of them is the current one (-1: none). */
  finds: readonly CharRange[]
  activeFind: number
}

export interface Piece {
  start: number
  end: number
  passage: boolean
  focus: boolean
  /** Index (in Marks.finds) of the find match this piece is part of, or -1. */
  find: number
}

const covers = (r: CharRange, a: number, b: number) => r.start <= a && b <= r.end
const overlaps = (r: CharRange, range: CharRange) => r.start < range.end && r.end > range.start

/** The range cut at every mark edge inside it, each piece with the marks covering it. */
export function markPieces(range: CharRange, marks: Marks): Piece[] {
  if (range.end <= range.start) return []
  const finds = marks.finds.map((r, i) => ({ r, i })).filter(({ r }) => overlaps(r, range))
  const focus = marks.focus.filter((r) => overlaps(r, range))
  const all = [...(marks.passage ? [marks.passage] : []), ...focus, ...finds.map((f) => f.r)]
  const cuts = new Set([range.start, range.end])
  for (const r of all) {
    if (r.start > range.start && r.start < range.end) cuts.add(r.start)
    if (r.end > range.start && r.end < range.end) cuts.add(r.end)
  }
  const edges = [...cuts].sort((a, b) => a - b)
  const pieces: Piece[] = []
  for (let k = 0; k + 1 < edges.length; k++) {
    const a = edges[k]!
    const b = edges[k + 1]!
    pieces.push({
      start: a,
      end: b,
      passage: marks.passage !== null && covers(marks.passage, a, b),
      focus: focus.some((r) => covers(r, a, b)),
      find: finds.find(({ r }) => covers(r, a, b))?.i ?? -1,
    })
  }
  return pieces
}
