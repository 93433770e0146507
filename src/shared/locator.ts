// Where a passage of a document without pages lies, in words a person finds it by: the heading
// path ("3.2 Remotes > Fetching"), the slide of a presentation, the chapter of an e-book, and a
// paragraph number where nothing else exists. One grammar for the app, Copy, export and the CLI:
//
//   locator   = [place " > "] path | place | paragraph | cells
//   place     = "Slide " N | "Slides " N "–" M | "Chapter " N [": " title]
//   path      = heading *(" > " heading)          outermost first, at most three
//   paragraph = [place " > "] "¶ " N               only when the passage is under no heading
//   cells     = sheet "!" cell [":" cell]          a spreadsheet's, in its own A1 notation:
//                                                 "Prices!A12", "Prices!A12:F30", "'Q1 2024'!B3"
//   sheet     = name, quoted as 'name' (with ' doubled) unless it is letters, digits, _ and .
//
// A sheet's passage is cited by its cells alone, as a spreadsheet program names a range.
// PDFs and scans cite pages instead; their passages carry no locator.

export interface Locator {
  /** The slide of a presentation, from 1. */
  slide?: number
  /** The last slide of a passage that runs on from `slide` into the next (spanLocator). */
  slideTo?: number
  /** The chapter of an e-book, from 1 in reading order, and its title when it has one. */
  chapter?: { n: number; title: string | null }
  /**
   * The sheet of a spreadsheet (a CSV file's is its name), the passage's first row (from 1) and
   * the cells it covers in A1 notation ("A12:F30"); a locator stored without cells cites the row.
   */
  sheet?: { name: string; row: number; range?: string }
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

/** A sheet's name as a cell reference writes it: quoted unless plain ("Prices", "'Q1 2024'"). */
export function sheetName(name: string): string {
  return /^[\p{L}_][\p{L}\p{N}_.]*$/u.test(name) && !/^[A-Za-z]{1,3}\d+$/.test(name)
    ? name
    : `'${name.replace(/'/g, "''")}'`
}

/** The locator in its one written form (see the grammar above), or null when there is none. */
export function formatLocator(l: Locator | null | undefined): string | null {
  if (!l) return null
  const parts: string[] = []
  if (l.sheet) return `${sheetName(l.sheet.name)}!${l.sheet.range ?? `${l.sheet.row}:${l.sheet.row}`}`
  // A passage over several slides is cited by them all: no one slide's headings name it.
  if (l.slide !== undefined && l.slideTo !== undefined && l.slideTo > l.slide)
    return `Slides ${l.slide}–${l.slideTo}`
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

/**
 * The locator of a passage made of consecutive chunks (the search joins neighbours): the first
 * chunk's, widened to the last chunk's slide when the passage runs on into the next slides.
 */
export function spanLocator(first: Locator | null, last: Locator | null): Locator | null {
  if (!first || !last || first.slide === undefined || last.slide === undefined) return first
  return last.slide > first.slide ? { ...first, slideTo: last.slide } : first
}
