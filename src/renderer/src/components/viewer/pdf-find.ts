// Find in the PDF viewer: every match of the term on every page, in page order, so the count
// ("3 of 12") is the document's and next/previous go from page to page (the reader view's rules,
// reader-find.ts, with pages for sections).
import { findAll } from '@renderer/lib/text-ranges.js'
import type { FindHit } from './reader-find.js'

/** Page texts as the viewer reads them (cached per document); null when a page cannot be read. */
export type PageTextFn = (pageNo: number) => Promise<{ text: string } | null>

/**
 * Every match in the document, page by page. Resolves null when `signal` is aborted (a newer term
 * or another document), so a slow search never overwrites a newer one.
 */
export async function findInPages(
  pageText: PageTextFn,
  pageCount: number,
  term: string,
  signal: AbortSignal,
): Promise<FindHit[] | null> {
  if (!term.trim()) return []
  const hits: FindHit[] = []
  for (let page = 1; page <= pageCount; page++) {
    const t = await pageText(page)
    if (signal.aborted) return null
    if (t) hits.push(...findAll(t.text, term).map((r) => ({ section: page, ...r })))
  }
  return hits
}
