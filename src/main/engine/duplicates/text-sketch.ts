// Re-saved copies whose text differs a little from the original's (docs/duplicates.md): a copy
// printed through Cairo maps a few glyphs to other characters ("v1" read as "1"), and a copy that
// lost its text layer altogether is read by OCR, which misreads some letters. Their exact
// fingerprint differs; their sketch says they are nearly the same text. A sketch is the bottom-k
// of the hashes of the text's character shingles (Broder's MinHash with one hash function), so
// the share of shingles two texts have in common is estimated from 2 × 256 numbers. Shingles are
// counted as a multiset (the n-th occurrence of a shingle hashes apart from the first): as a set,
// a long document written from a template repeats the template's shingles on every page, and two
// such documents about different subjects looked 0.89 alike; counted, each page's own words weigh
// as often as they occur.
import { fingerprintText } from './text-fingerprint.js'

/** Letters and digits per shingle: one misread character changes this many shingles. */
export const SHINGLE = 6
/** Hashes kept per sketch: the estimate's standard error is about 1/√K (0.06). */
export const SKETCH_SIZE = 256
/**
 * The share of shared shingles (Jaccard) from which two texts are one text. On the evaluation pool
 * (scripts/duplicates/resaved-copies.ts) a Ghostscript or Cairo copy whose text changed measures
 * 0.88 or more, and two distinct documents 0.16 at most; two reports written from one template
 * with another subject measure 0.75 and must stay two documents.
 */
export const SAME_TEXT_SIMILARITY = 0.85

/** 32-bit FNV-1a of a shingle, finished with a multiply-xorshift so its low values spread evenly. */
function hashShingle(s: string, from: number): number {
  let h = 0x811c9dc5
  for (let i = from; i < from + SHINGLE; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193)
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  return h >>> 0
}

/** The hash of the k-th repeat (k ≥ 1) of the shingle hashed `h`, spread like hashShingle's. */
function occurrenceHash(h: number, k: number): number {
  h = Math.imul(h ^ Math.imul(k, 0x9e3779b1), 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

/** The sketch of a document's pages, or null when the text has too few shingles to compare. */
export function textSketch(pages: readonly { text: string }[]): Uint32Array | null {
  const text = pages.map((p) => fingerprintText(p.text)).join('')
  const n = text.length - SHINGLE + 1
  if (n < SKETCH_SIZE) return null
  const all = new Uint32Array(n)
  for (let i = 0; i < n; i++) all[i] = hashShingle(text, i)
  all.sort()
  // The k-th repeat of a shingle becomes a shingle of its own (a multiset, not a set).
  for (let i = 1, k = 0, prev = all[0]; i < n; i++) {
    const h = all[i]!
    k = h === prev ? k + 1 : 0
    prev = h
    if (k > 0) all[i] = occurrenceHash(h, k)
  }
  all.sort()
  const out = new Uint32Array(SKETCH_SIZE)
  let k = 0
  for (let i = 0; i < n && k < SKETCH_SIZE; i++) if (i === 0 || all[i] !== all[i - 1]) out[k++] = all[i]!
  return k < SKETCH_SIZE ? null : out
}

/** Estimated Jaccard similarity of two texts' shingle sets from their sketches (sorted ascending). */
export function sketchSimilarity(a: Uint32Array, b: Uint32Array): number {
  // The K smallest hashes of the union; the share of them in both sets estimates the Jaccard.
  let i = 0
  let j = 0
  let both = 0
  for (let taken = 0; taken < SKETCH_SIZE && i < a.length && j < b.length; taken++) {
    if (a[i] === b[j]) {
      both++
      i++
      j++
    } else if (a[i]! < b[j]!) i++
    else j++
  }
  return both / SKETCH_SIZE
}

export function sketchToBlob(s: Uint32Array): Buffer {
  return Buffer.from(s.buffer, s.byteOffset, s.byteLength)
}

export function sketchFromBlob(b: Buffer): Uint32Array {
  const copy = new Uint8Array(b)
  return new Uint32Array(copy.buffer, 0, copy.byteLength / 4)
}
