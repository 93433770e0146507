// When a new document is the same text as one the library holds (docs/duplicates.md).
import { sketchSimilarity, SAME_TEXT_SIMILARITY } from './text-sketch.js'

/** What the rule reads of a document's text. */
export interface TextIdentity {
  /** duplicates/text-fingerprint.ts; null when the text is too short to compare. */
  fingerprint: string | null
  /** duplicates/text-sketch.ts; null when the text is too short to compare. */
  sketch: Uint32Array | null
  /** Pages of a paged document (PDF, scan); null for other formats. */
  pages: number | null
}

/**
 * The same text: equal fingerprints, or nearly equal texts (sketches at least SAME_TEXT_SIMILARITY
 * alike) with as many pages, as a re-save keeps them. Revised editions differ in pages or in
 * more of their text, and stay two documents.
 */
export function isSameText(a: TextIdentity, b: TextIdentity): boolean {
  if (a.fingerprint && a.fingerprint === b.fingerprint) return true
  if (!a.sketch || !b.sketch || a.pages !== b.pages) return false
  return sketchSimilarity(a.sketch, b.sketch) >= SAME_TEXT_SIMILARITY
}
