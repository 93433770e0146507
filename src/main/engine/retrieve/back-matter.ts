import { tableCaptionOf } from '@shared/table-caption.js'

// Reference lists and back-of-book indexes hold every technical word of a document (titles of cited
// papers, index entries with page numbers) and so match many questions, but they answer none.
// A numbered table is neither: papers put their reference tables after the references (a page
// without a heading of its own stays under "References"), and those tables answer.

/** One heading of a back-matter section: unnumbered "References", "Bibliography", "Index", "Concept Index", "Index of Functions". */
const BACK_MATTER = /^(references|bibliography|index|indices|\p{L}+ index|index of .+)$/iu

/** A "Table N" caption over a Markdown table (shared/table-caption.ts). */
const NUMBERED_TABLE = /^(table|tab\.)\s+([0-9]+|[ivxlc]+)\b/i

/**
 * True when the chunk's heading path ("Indices > Concept Index") runs through a back-matter section
 * and its text, when given, holds no numbered table.
 */
export function isBackMatter(headingPath: string | null, text?: string): boolean {
  if (!headingPath) return false
  if (!headingPath.split(' > ').some((part) => BACK_MATTER.test(part.trim()))) return false
  return !(text !== undefined && NUMBERED_TABLE.test(tableCaptionOf(text) ?? ''))
}
