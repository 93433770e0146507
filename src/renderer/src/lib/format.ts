// Small formatters for numbers and times people read at a glance.

export function formatEta(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return 'estimating…'
  if (seconds < 5) return 'a few seconds left'
  if (seconds < 60) return `about ${Math.round(seconds / 5) * 5} s left`
  const minutes = Math.round(seconds / 60)
  return minutes === 1 ? 'about 1 min left' : `about ${minutes} min left`
}

export function fileName(path: string): string {
  return path.split(/[\\/]/).pop() || path
}

export function relativeTime(iso: string, now: Date = new Date()): string {
  const then = new Date(iso)
  if (Number.isNaN(then.getTime())) return ''
  const sameDay = then.toDateString() === now.toDateString()
  if (sameDay) return then.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })
  return then.toLocaleDateString([], { month: 'short', day: 'numeric' })
}

/**
 * "p. 4", "pp. 4–6"; with the labels printed on the pages (pdf.js page labels) when they differ
 * from the PDF's own numbering: "p. 9 (PDF p. 25)", "pp. ix–x (PDF pp. 9–10)". A quoted folio
 * is then the one on the paper, and the PDF index still finds the page.
 */
export function pagesLabel(pages: number[], labels?: (string | null)[] | null): string {
  if (pages.length === 0) return ''
  const first = pages[0]!
  const last = pages[pages.length - 1]!
  const span = (a: string, b: string) => (a === b ? `p. ${a}` : `pp. ${a}–${b}`)
  const index = span(String(first), String(last))
  const a = labels?.[0]?.trim()
  const b = labels?.[labels.length - 1]?.trim()
  if (!a || !b || (a === String(first) && b === String(last))) return index
  return `${span(a, b)} (PDF ${index})`
}
