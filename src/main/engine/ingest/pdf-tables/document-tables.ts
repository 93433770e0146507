import type { CleanPage } from '../../store/page-records.js'
import type { RawPage } from '../extract-pdf.js'
import { buildTable, type RawRow, type Table } from '../tables/table-model.js'
import { detectPageTables, linkContinuations } from './detect-tables.js'
import { unfoldSideBySide } from './side-by-side.js'
import { printedFormsIn, restorePrinted } from '../printed-words.js'
import type { PdfTable, PdfTableCell, PdfTableRow } from './table-model.js'

/**
 * A table found on a page in the shared table model (tables/table-model.ts): rows with their
 * characters in the page text, cells with their boxes (points, origin at the top left), read
 * inline with the text around it; records printed side by side read as one table (side-by-side.ts).
 */
export function toTable(found: PdfTable, page: CleanPage): Table {
  const t = unfoldSideBySide(found)
  const row = (r: PdfTableRow): RawRow => ({
    cells: r.cells.map((c) => ({
      text: printedCell(c, page),
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

/**
 * A cell's text with the quotes, dashes and minus signs its own words print (printed-words.ts): the
 * chunk gives a word back its printed form only when all its pages print it one way, and a table
 * is where one row prints "−5" and the next "-5". A cell without its words (a ruled cell, a grid
 * drawn with characters) is left to the chunk.
 */
function printedCell(c: PdfTableCell, page: CleanPage): string {
  if (!c.words?.length || page.printed === undefined) return c.text
  return restorePrinted(c.text, [printedFormsIn(page, c.words)])
}

/**
 * The tables of a document's pages, by page number, continuations across pages linked. `drafted`:
 * the pages' tables as found while drafting (TablesPageByPage.found), taken again for a page that
 * reads exactly as its draft did instead of being found twice.
 */
export function documentTables(
  pages: CleanPage[],
  raw: RawPage[],
  drafted?: ReadonlyMap<number, DraftedTables>,
): Map<number, Table[]> {
  const rawOf = new Map(raw.map((r) => [r.pageNo, r]))
  const per = pages.map((p) => {
    const r = rawOf.get(p.pageNo)
    const d = drafted?.get(p.pageNo)
    const tables = p.unreadable
      ? []
      : d && d.raw === r && samePage(d.page, p)
        ? d.tables.map((t) => ({ ...t }))
        : detectPageTables(p, r?.rulings ?? [])
    return { lines: p.lines.length, tables }
  })
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
  /** Each drafted page's tables as found, before linking (which sets fields of a table, never inside them). */
  readonly found = new Map<number, DraftedTables>()

  next(page: CleanPage, raw: RawPage): Table[] {
    const current = {
      lines: page.lines.length,
      tables: page.unreadable ? [] : detectPageTables(page, raw.rulings ?? []),
    }
    this.found.set(page.pageNo, { raw, page, tables: current.tables.map((t) => ({ ...t })) })
    if (this.previous) linkContinuations([this.previous, current])
    this.previous = current
    return current.tables.map((t) => toTable(t, page))
  }
}

/** A page's tables found while drafting it, with the page as drafted and the raw page it came from. */
export interface DraftedTables {
  raw: RawPage
  page: CleanPage
  tables: PdfTable[]
}

/**
 * Whether two readings of a page are the same in everything the finder reads: every field, and
 * every field of every line and text item. A draft guesses the document's running headers and
 * body size from the pages read so far, so its reading of a page can differ from the final one.
 */
function samePage(a: CleanPage, b: CleanPage): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof CleanPage>
  for (const k of keys) {
    if (k === 'lines' || k === 'items') continue
    if (!Object.is(a[k], b[k])) return false
  }
  return sameRecords(a.lines, b.lines) && sameRecords(a.items, b.items)
}

function sameRecords(a: readonly object[], b: readonly object[]): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as Record<string, unknown>
    const y = b[i] as Record<string, unknown>
    const kx = Object.keys(x)
    if (kx.length !== Object.keys(y).length) return false
    for (const k of kx) if (!Object.is(x[k], y[k])) return false
  }
  return true
}
