import type { CleanPage } from '../../store/page-records.js'
import type { RawPage } from '../extract-pdf.js'
import { buildTable, type RawRow, type Table } from '../tables/table-model.js'
import { detectPageTables, linkContinuations } from './detect-tables.js'
import type { Segment } from './geometry.js'
import type { PdfTable, PdfTableRow } from './table-model.js'

/**
 * A table found on a page in the shared table model (tables/table-model.ts): rows with their
 * characters in the page text, cells with their boxes (points, origin at the top left), read
 * inline with the text around it.
 */
export function toTable(t: PdfTable, page: CleanPage): Table {
  const row = (r: PdfTableRow): RawRow => ({
    cells: r.cells.map((c) => ({
      text: c.text,
      ...(c.box && !r.carried
        ? {
            place: {
              kind: 'page' as const,
              page: t.page,
              box: [c.box.x, page.height - (c.box.y + c.box.h), c.box.x + c.box.w, page.height - c.box.y] as [
                number,
                number,
                number,
                number,
              ],
            },
          }
        : {}),
    })),
    ...(!r.carried && r.end > r.start ? { span: { page: t.page, start: r.start, end: r.end } } : {}),
  })
  const first = page.lines[t.lines.first]!
  const last = page.lines[t.lines.last]!
  return buildTable({
    caption: t.caption?.text ?? null,
    header: t.rows.slice(0, t.headerRows).map(row),
    body: t.rows.slice(t.headerRows).map(row),
    notes: t.notes,
    ...(t.continued ? { continuation: { fromPrevious: true, onNext: false } } : {}),
    span: { page: t.page, start: first.start, end: last.end },
    inline: true,
  })
}

/** The tables of a document's pages, by page number, continuations across pages linked. */
export function documentTables(pages: CleanPage[], raw: RawPage[]): Map<number, Table[]> {
  const rulings = new Map(raw.map((r) => [r.pageNo, r.rulings ?? []]))
  const per = pages.map((p) => ({
    lines: p.lines.length,
    tables: p.unreadable ? [] : detectPageTables(p, rulings.get(p.pageNo)),
  }))
  linkContinuations(per)
  // A table that goes on over the page break says so.
  for (let i = 0; i + 1 < per.length; i++) {
    const next = per[i + 1]!.tables[0]
    if (next?.continued) per[i]!.tables.at(-1)!.continuesOnNext = true
  }
  return new Map(
    pages.map((p, i) => [
      p.pageNo,
      per[i]!.tables.map((t) => {
        const table = toTable(t, p)
        if (t.continuesOnNext)
          table.continuation = { fromPrevious: table.continuation?.fromPrevious ?? false, onNext: true }
        return table
      }),
    ]),
  )
}

/**
 * The tables of a document's pages given one at a time, in order, as documentTables finds them
 * (a table that continues the last one of the page before is linked to it), for the draft chunks
 * made while the document is still being read (draft-chunks.ts). What it cannot know yet is
 * whether a page's last table goes on over the next page (`continuation.onNext`), which no
 * passage's text says.
 */
export class TablesPageByPage {
  private previous: { lines: number; tables: PdfTable[] } | null = null

  next(page: CleanPage, rulings: Segment[] = []): Table[] {
    const current = {
      lines: page.lines.length,
      tables: page.unreadable ? [] : detectPageTables(page, rulings),
    }
    if (this.previous) linkContinuations([this.previous, current])
    this.previous = current
    return current.tables.map((t) => toTable(t, page))
  }
}
