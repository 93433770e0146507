import type { Block, TextBlock } from '../structured-text.js'
import { findCharGridTables, mayHoldCharGrid, type GridRow } from '../tables/char-grid.js'
import { buildTable } from '../tables/table-model.js'

// Text whose lines are already a character grid (a text file's paragraph, a Markdown code block,
// an HTML <pre>) may hold tables drawn with characters (tables/char-grid.ts): each becomes a table
// block, with the lines before and after it kept as blocks of the kind they were.

/** Tabs to the next multiple of eight columns, as a terminal shows them. */
function expandTabs(line: string): string {
  if (!line.includes('\t')) return line
  let out = ''
  for (const ch of line) out += ch === '\t' ? ' '.repeat(8 - (out.length % 8)) : ch
  return out
}

const rawRow = (r: GridRow) => ({ cells: r.cells.map((c) => ({ text: c.text })) })

/** The block, or the blocks it parts into around the tables drawn in it. */
export function withCharGridTables(block: TextBlock): Block[] {
  const lines = block.text.replace(/\r\n?/g, '\n').split('\n').map(expandTabs)
  if (!mayHoldCharGrid(lines)) return [block]
  const tables = findCharGridTables(lines)
  if (tables.length === 0) return [block]
  const out: Block[] = []
  let from = 0
  const text = (a: number, b: number) => {
    const t = lines.slice(a, b).join('\n')
    if (t.trim()) out.push({ ...block, text: t })
  }
  for (const t of tables) {
    const first = t.title ?? t.lines.first
    text(from, first)
    out.push({
      kind: 'table',
      table: buildTable({
        caption: t.title === null ? null : lines[t.title]!.trim(),
        header: t.rows.slice(0, t.headerRows).map(rawRow),
        body: t.rows.slice(t.headerRows).map(rawRow),
      }),
    })
    from = t.lines.last + 1
  }
  text(from, lines.length)
  return out
}
