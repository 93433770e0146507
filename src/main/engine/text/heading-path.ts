// A chunk's section is stored as its heading path, outermost first ("2 Installation > 2.5 Search
// paths"). Chunking writes it; embedding and passage merging read it. One grammar for all three.
import { foldTypography } from '@shared/typography.js'

/** What joins the headings of a path. */
export const HEADING_PATH_SEPARATOR = ' > '

/** The innermost heading of a path ("2.5 Search paths"), or null for a chunk before any heading. */
export function ownHeading(path: string | null): string | null {
  return path ? path.split(HEADING_PATH_SEPARATOR).at(-1)! : null
}

/** The chunk's text opens with its own section's heading: the chunk starts that section. */
export function opensWithOwnHeading(path: string | null, text: string): boolean {
  const own = ownHeading(path)
  // Both keep the dashes and quotes the document prints, but a heading is given them from the whole
  // document and a passage from its own pages, so one may print a word the other holds folded.
  return !!own && foldTypography(text).startsWith(foldTypography(own))
}
