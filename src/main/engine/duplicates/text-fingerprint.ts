// One document per text (docs/duplicates.md): a file re-saved, re-exported or printed to PDF again
// has other bytes but the same words. Its fingerprint is a hash of the document's text reduced to
// letters and digits, so what a re-save changes (line breaks, spacing, hyphen and quote glyphs,
// ligatures, the order text runs are drawn in within a line) does not change it.
import { createHash } from 'node:crypto'

/** Fewer letters and digits than this is too little text to call two documents the same. */
export const MIN_FINGERPRINT_CHARS = 200

/**
 * The text as the fingerprint reads it: NFKC (ligatures, full-width forms), lower case, and only
 * letters and digits (every separator, punctuation mark and symbol dropped).
 */
export function fingerprintText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '')
}

/**
 * The fingerprint of a document's pages (in page order), or null when they hold too little text
 * to tell documents apart (an empty scan, a one-line note): such files are never called the same.
 */
export function textFingerprint(pages: readonly { text: string }[]): string | null {
  const hash = createHash('sha256')
  let chars = 0
  for (const p of pages) {
    const t = fingerprintText(p.text)
    chars += t.length
    hash.update(t)
  }
  return chars < MIN_FINGERPRINT_CHARS ? null : hash.digest('hex')
}
