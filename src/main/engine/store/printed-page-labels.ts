import type { Db } from './open-database.js'

/**
 * The labels printed on a document's pages (pdf.js page labels, e.g. "ix", "15"), in the order of
 * `pages`; undefined when none of them has one. Citations carry them (citation-links); a search
 * result looks them up so it is cited the same way: "pp. 15–16 (PDF pp. 19–20)".
 */
export function printedPageLabels(
  db: Db,
  documentId: number,
  pages: number[],
): (string | null)[] | undefined {
  const label = db.prepare(`SELECT label FROM pages WHERE document_id = ? AND page_no = ?`)
  const labels = pages.map(
    (p) => (label.get(documentId, p) as { label: string | null } | undefined)?.label ?? null,
  )
  return labels.some((l) => l !== null) ? labels : undefined
}
