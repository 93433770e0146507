// A document cut into the sections a summary asks the model about: one request each. The cuts
// follow the document's own structure (its top-level headings, else its pages) and the model's
// context: a part too long for one request is split between its chunks, and short neighbouring
// parts share a request, so a 4k-context model is asked as few times as the text allows.
import { HEADING_PATH_SEPARATOR } from '../text/heading-path.js'
import { formatSourceBlock } from '../generate/prompt-text.js'
import { estimateTokens } from '../generate/token-estimate.js'
import type { DocumentChunk } from '../store/document-chunks.js'

export interface PlannedSection {
  /** The stored unit's key: "S:<first ord>-<last ord>". */
  unit: string
  /** The top-level heading the section starts under, if any. */
  heading: string | null
  chunks: DocumentChunk[]
}

/** A section shorter than this share of the budget takes in the next part rather than ending at its heading. */
const MIN_FILL = 0.5
/** Headings longer than this are cut in the prompt (a heading path can be a whole line of a contents page). */
export const MAX_HEADING_CHARS = 120

/** The outermost heading of a chunk's path, cut to MAX_HEADING_CHARS. */
export function topHeading(path: string | null): string | null {
  const top = path?.split(HEADING_PATH_SEPARATOR)[0]?.trim()
  return top ? top.slice(0, MAX_HEADING_CHARS) : null
}

/** What a chunk costs in a section prompt, numbered as the largest number the section may use. */
export function chunkTokens(file: string, c: DocumentChunk, n = 99): number {
  return estimateTokens(formatSourceBlock(n, { file, pages: c.pages, locator: c.locator, text: c.text })) + 1
}

/**
 * Sections of at most `budget` tokens of passages each (a chunk larger than the budget on its own
 * is a section alone; the prompt shortens it). `budgetFor(heading)` is the room a section under
 * that heading leaves, since the heading is part of the request.
 */
export function planSections(
  file: string,
  chunks: DocumentChunk[],
  budgetFor: (heading: string | null) => number,
): PlannedSection[] {
  const sections: PlannedSection[] = []
  let current: DocumentChunk[] = []
  let used = 0
  let heading: string | null = null
  let budget = 0
  const close = () => {
    if (!current.length) return
    sections.push({ unit: `S:${current[0]!.ord}-${current.at(-1)!.ord}`, heading, chunks: current })
    current = []
    used = 0
  }
  for (const c of chunks) {
    const cost = chunkTokens(file, c)
    const top = topHeading(c.heading)
    const newPart = current.length > 0 && top !== topHeading(current.at(-1)!.heading)
    if (current.length && (used + cost > budget || (newPart && used >= budget * MIN_FILL))) close()
    if (!current.length) {
      heading = top
      budget = budgetFor(heading)
    }
    current.push(c)
    used += cost
  }
  close()
  return sections
}
