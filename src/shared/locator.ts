// Where a passage of a document without pages lies, in words a person finds it by: the heading
// path ("3.2 Remotes > Fetching"), the slide of a presentation, the chapter of an e-book, and a
// paragraph number where nothing else exists. One grammar for the app, Copy, export and the CLI:
//
//   locator   = [place " > "] path | place | paragraph
//   place     = "Slide " N | "Chapter " N [": " title] | "Sheet " name ", row " N
//   path      = heading *(" > " heading)          outermost first, at most three
//   paragraph = [place " > "] "¶ " N               only when the passage is under no heading
//
// PDFs and scans cite pages instead; their passages carry no locator.

export interface Locator {
  /** The slide of a presentation, from 1. */
  slide?: number
  /** The chapter of an e-book, from 1 in reading order, and its title when it has one. */
  chapter?: { n: number; title: string | null }
  /** The sheet of a spreadsheet (a CSV file's is its name) and the passage's first row, from 1. */
  sheet?: { name: string; row: number }
  /** The headings above the passage, outermost first. */
  headings?: string[]
  /**
   * The passage's first paragraph, counted from 1 in the document (in the slide or chapter when
   * there is one); shown only when no heading names the place.
   */
  paragraph?: number
}

/** What joins the parts of a locator (the same as a stored heading path's). */
export const LOCATOR_SEPARATOR = ' > '

/** The locator in its one written form (see the grammar above), or null when there is none. */
export function formatLocator(l: Locator | null | undefined): string | null {
  if (!l) return null
  const parts: string[] = []
  if (l.sheet) return `Sheet ${l.sheet.name}, row ${l.sheet.row}`
  if (l.slide !== undefined) parts.push(`Slide ${l.slide}`)
  let headings = l.headings ?? []
  if (l.chapter) {
    const title = l.chapter.title?.trim()
    parts.push(title ? `Chapter ${l.chapter.n}: ${title}` : `Chapter ${l.chapter.n}`)
    // A chapter's title is usually its first heading too: said once.
    if (title && headings[0] === title) headings = headings.slice(1)
  }
  if (headings.length) parts.push(...headings)
  // The paragraph number is the place of last resort: not beside a heading, nor on a slide.
  else if (l.paragraph !== undefined && !l.headings?.length && l.slide === undefined)
    parts.push(`¶ ${l.paragraph}`)
  return parts.length ? parts.join(LOCATOR_SEPARATOR) : null
}
