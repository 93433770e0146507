// Reference lists and back-of-book indexes hold every technical word of a document (titles of cited
// papers, index entries with page numbers) and so match many questions, but they answer none.

/** One heading of a back-matter section: unnumbered "References", "Bibliography", "Index", "Concept Index", "Index of Functions". */
const BACK_MATTER = /^(references|bibliography|index|indices|\p{L}+ index|index of .+)$/iu

/** True when the chunk's heading path ("Indices > Concept Index") runs through a back-matter section. */
export function isBackMatter(headingPath: string | null): boolean {
  if (!headingPath) return false
  return headingPath.split(' > ').some((part) => BACK_MATTER.test(part.trim()))
}
