// Re-saved copies whose text differs a little from the original's (docs/duplicates.md): a copy
// printed through Cairo maps a few glyphs to other characters ("v1" read as "1"), and a copy that
// lost its text layer altogether is read by OCR, which misreads some letters. Their exact
// fingerprint differs; their sketch says they are nearly the same text. A sketch is the bottom-k
// of the hashes of the text's character shingles (Broder's MinHash with one hash function), so
// the share of shingles two texts have in common is estimated from 2 × 256 numbers. A sketch holds
// two: the shingles as a set, and as a multiset (the n-th occurrence of a shingle hashed apart from
// the first), and two texts are one only when both agree. As a set alone, two long reports written
// from one template about other subjects looked 0.89 alike (the template's shingles, repeated on
// every page, count once and dominate); as a multiset they are 0.71 alike. As a multiset alone, two
// short texts differing in one character everywhere it occurs looked 0.86 alike; as a set, less.
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

/** The K smallest distinct values of sorted `hashes`, or null when there are fewer. */
function bottomK(hashes: Uint32Array): Uint32Array | null {
  const out = new Uint32Array(SKETCH_SIZE)
  let k = 0
  for (let i = 0; i < hashes.length && k < SKETCH_SIZE; i++)
    if (i === 0 || hashes[i] !== hashes[i - 1]) out[k++] = hashes[i]!
  return k < SKETCH_SIZE ? null : out
}

/**
 * The sketch of a document's pages: the set's bottom-K then the multiset's (2 × SKETCH_SIZE
 * values), or null when the text has too few shingles to compare.
 */
export function textSketch(pages: readonly { text: string }[]): Uint32Array | null {
  const text = pages.map((p) => fingerprintText(p.text)).join('')
  const n = text.length - SHINGLE + 1
  if (n < SKETCH_SIZE) return null
  const all = new Uint32Array(n)
  for (let i = 0; i < n; i++) all[i] = hashShingle(text, i)
  all.sort()
  const asSet = bottomK(all)
  // The k-th repeat of a shingle becomes a shingle of its own (a multiset, not a set).
  for (let i = 1, k = 0, prev = all[0]; i < n; i++) {
    const h = all[i]!
    k = h === prev ? k + 1 : 0
    prev = h
    if (k > 0) all[i] = occurrenceHash(h, k)
  }
  all.sort()
  const asMultiset = bottomK(all)
  if (!asSet || !asMultiset) return null
  const out = new Uint32Array(2 * SKETCH_SIZE)
  out.set(asSet)
  out.set(asMultiset, SKETCH_SIZE)
  return out
}

/** Estimated Jaccard similarity of two bottom-K sketches (each sorted ascending). */
function bottomKSimilarity(a: Uint32Array, b: Uint32Array): number {
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

/**
 * How alike two texts are from their sketches: the lower of the set's and the multiset's estimate.
 * A sketch of SKETCH_SIZE values only (stored before the multiset was kept) compares as a set.
 */
export function sketchSimilarity(a: Uint32Array, b: Uint32Array): number {
  const asSet = bottomKSimilarity(a.subarray(0, SKETCH_SIZE), b.subarray(0, SKETCH_SIZE))
  if (a.length < 2 * SKETCH_SIZE || b.length < 2 * SKETCH_SIZE) return asSet
  return Math.min(asSet, bottomKSimilarity(a.subarray(SKETCH_SIZE), b.subarray(SKETCH_SIZE)))
}

export function sketchToBlob(s: Uint32Array): Buffer {
  return Buffer.from(s.buffer, s.byteOffset, s.byteLength)
}

export function sketchFromBlob(b: Buffer): Uint32Array {
  const copy = new Uint8Array(b)
  return new Uint32Array(copy.buffer, 0, copy.byteLength / 4)
}
