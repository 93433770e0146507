// When a new document is the same text as one the library holds (docs/duplicates.md).
import { sketchSimilarity, SAME_TEXT_SIMILARITY } from './text-sketch.js'

/**
 * How much lower the similarity needed is for a text read wholly by OCR, in proportion to the share
 * of its pages OCR read. A copy whose text layer was lost (Cairo's re-save of a PDF set in Type 3
 * fonts maps every glyph to U+FFFD) is read by OCR, and OCR misreads about 1 to 2 characters in a
 * hundred: each misread character changes 6 shingles, so an OCR'd copy of the original measures
 * about 0.80 to 0.88 alike (the Cairo copies of strucchange-intro.pdf and survival.pdf: 0.85 and
 * 0.84). Two reports written from one template about other subjects measure 0.75
 * and stay two documents.
 */
export const OCR_ALLOWANCE = 0.05

/** What the rule reads of a document's text. */
export interface TextIdentity {
  /** duplicates/text-fingerprint.ts; null when the text is too short to compare. */
  fingerprint: string | null
  /** duplicates/text-sketch.ts; null when the text is too short to compare. */
  sketch: Uint32Array | null
  /** Pages of a paged document (PDF, scan); null for other formats. */
  pages: number | null
  /** Pages whose text OCR read (no text layer, or one that maps its glyphs to no character); 0 if absent. */
  ocrPages?: number
}

/** The share (0–1) of a document's pages read by OCR. */
const ocrShare = (t: TextIdentity) => (t.pages && t.ocrPages ? Math.min(1, t.ocrPages / t.pages) : 0)

/** The similarity from which the two texts are one: SAME_TEXT_SIMILARITY, less for OCR'd text. */
export function sameTextThreshold(a: TextIdentity, b: TextIdentity): number {
  return SAME_TEXT_SIMILARITY - OCR_ALLOWANCE * Math.max(ocrShare(a), ocrShare(b))
}

/**
 * The same text: equal fingerprints, or nearly equal texts (sketches at least sameTextThreshold
 * alike) with as many pages, as a re-save keeps them. Revised editions differ in pages or in
 * more of their text, and stay two documents.
 */
export function isSameText(a: TextIdentity, b: TextIdentity): boolean {
  if (a.fingerprint && a.fingerprint === b.fingerprint) return true
  if (!a.sketch || !b.sketch || a.pages !== b.pages) return false
  const alike = sketchSimilarity(a.sketch, b.sketch)
  // The pages OCR read are looked at only when they decide (a library document's are counted).
  if (alike >= SAME_TEXT_SIMILARITY) return true
  return alike >= SAME_TEXT_SIMILARITY - OCR_ALLOWANCE && alike >= sameTextThreshold(a, b)
}
