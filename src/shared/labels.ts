// Labels people read for files and pages, the same in the UI, the CLI, exported Markdown and the
// prompt the model sees.

/** A file as people name it: the file name without its folders (either separator). */
export function baseName(file: string): string {
  return file.split(/[\\/]/).pop() || file
}

/** "1 page", "2 pages": a count with its noun in the right number. */
export function countOf(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`
}

/** "3", "3–4", "3, 5–6": consecutive numbers joined into ranges. */
function ranges(sorted: number[]): string {
  const out: string[] = []
  let start = sorted[0]!
  let prev = start
  for (const p of [...sorted.slice(1), Number.NaN]) {
    if (p === prev + 1) {
      prev = p
      continue
    }
    out.push(start === prev ? `${start}` : `${start}–${prev}`)
    start = p
    prev = p
  }
  return out.join(', ')
}

/**
 * "p. 3", "pp. 3–4", "pp. 3, 5–6"; with the labels printed on the pages (pdf.js page labels)
 * when they differ from the PDF's own numbering: "p. 9 (PDF p. 25)", "pp. ix–x (PDF pp. 9–10)".
 * A quoted folio is then the one on the paper, and the PDF index still finds the page.
 */
export function pagesLabel(
  pages: number[],
  labels?: (string | null)[] | null,
  locator?: string | null,
): string {
  // A document without pages (Word, HTML, an e-book…) is cited by its locator (shared/locator.ts).
  if (locator) return locator
  const sorted = [...new Set(pages)].sort((a, b) => a - b)
  if (sorted.length === 0) return 'page unknown'
  const index = `${sorted.length === 1 ? 'p.' : 'pp.'} ${ranges(sorted)}`
  const a = labels?.[0]?.trim()
  const b = labels?.[labels.length - 1]?.trim()
  const first = String(sorted[0])
  const last = String(sorted[sorted.length - 1])
  if (!a || !b || (a === first && b === last)) return index
  return `${a === b ? `p. ${a}` : `pp. ${a}–${b}`} (PDF ${index})`
}

/** Where a passage is: a citation, a search result or a listed source all have these. */
export interface SourcePlace {
  file: string
  pages: readonly number[]
  /** The labels printed on `pages`, when the PDF has them. */
  pageLabels?: readonly (string | null)[] | null
  /** Where the passage is in a document without pages (shared/locator.ts's grammar). */
  locator?: string | null
}

/**
 * "report.pdf, pp. 3–4 (PDF pp. 19–20)", "notes.docx, 2 Setup > Remotes": where a passage is, as
 * every source list cites it (the CLI's ask and search, the app's sources). A document without
 * pages is cited by its locator; with neither, by its name alone.
 */
export function sourceLabel(s: SourcePlace): string {
  const place =
    s.locator || (s.pages.length ? pagesLabel([...s.pages], s.pageLabels ? [...s.pageLabels] : null) : null)
  return place ? `${baseName(s.file)}, ${place}` : baseName(s.file)
}

/**
 * The name each source of one list is shown under: its title, followed by its file name when
 * another source of the list has the same title from another file (two editions, a copy kept on
 * purpose), so identical titles never hide which file a passage comes from.
 */
export function sourceTitles(
  sources: readonly { n: number; title: string; file: string }[],
): Map<number, string> {
  const files = new Map<string, Set<string>>()
  for (const s of sources) files.set(s.title, (files.get(s.title) ?? new Set()).add(s.file))
  return new Map(
    sources.map((s) => [
      s.n,
      (files.get(s.title)?.size ?? 0) > 1 ? `${s.title} (${baseName(s.file)})` : s.title,
    ]),
  )
}

/** "also in b.pdf, c.pdf": the other files holding a source's passage (docs/duplicates.md); null: none. */
export function alsoInLabel(copies: readonly { file: string }[] | undefined): string | null {
  return copies?.length ? `also in ${copies.map((c) => baseName(c.file)).join(', ')}` : null
}
