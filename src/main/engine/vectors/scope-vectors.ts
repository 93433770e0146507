import { type DotKernel, simdDotKernel } from './simd-dot.js'
import { sortedIndexOf } from './sorted-ids.js'

/** The labels a search may return: a collection's or the ticked documents' chunk ids. */
export interface VectorScope {
  /** Ascending. */
  readonly ids: readonly number[]
  has(id: number): boolean
}

export interface Neighbour {
  id: number
  similarity: number
}

/**
 * Scopes of up to this many vectors are scored exactly, by a scan of their own vectors; larger ones
 * go through hnswlib with a filter. Measured on 384-d vectors in a 100k-chunk library (docs/
 * collections.md, "How fast a scoped search is"): the scan (simd-dot.ts) costs about 0.1 ms CPU per
 * 1,000 vectors, while the filtered graph search costs more the smaller the scope's share of the
 * graph (32 ms for 1,000 of 100,000, 12 ms for 5,000, 5 ms for 10,000, 3.1 ms for 20,000, 2.3 ms for
 * 30,000) and returned only 63-81% of the true 40 nearest between 5,000 and 30,000. The two cost the
 * same near 25,000 (a copy of 38 MB at 384-d).
 */
export const EXACT_SCAN_MAX = 25_000

/** The saved index file as a source of vectors (hnsw-file-vectors.ts): its size, and one pass over it. */
export interface VectorFile {
  bytes(): number
  /** Copies the vectors of the labels `rowOf` places (≥ 0) into `rows`; returns how many. */
  copy(rowOf: (label: number) => number, rows: Float32Array): number
}

/**
 * Reading one vector through hnswlib-node costs about as much as passing this many bytes of the
 * saved index file (≈ 60 µs against ≈ 5 MB/ms from the disk cache, measured at 384-d): more missing
 * vectors than the file's size over this, and one pass over the file is the cheaper source.
 */
const FILE_BYTES_PER_POINT_READ = 300_000

/**
 * The vectors of the last scope searched, one contiguous row per label, kept until the scope or the
 * index changes. hnswlib-node hands out a vector only as a JS array (getPoint, ≈ 60 µs each, 0.6 s
 * for 10,000), so the first search of a scope copies its vectors from the saved index file in one
 * pass when that is cheaper (≈ 35 ms CPU for 10,000 of 100,000), and reads only those the file
 * lacks (added since the last save) one by one. Later searches scan the copy. When the index or
 * the scope changes, rows of labels still wanted are moved from the old copy and only new labels
 * are read. A label's vector never changes (chunk ids are never reused; another model makes
 * another index), so a copied row stays right for as long as the label is in the index: `epoch`
 * moving (an add, a remove) only makes the next search re-check which labels the index holds.
 */
export class ScopeVectors {
  private ids = new Float64Array(0)
  /** The rows, when the SIMD kernel is not there to hold them in its memory. */
  private rows = new Float32Array(0)
  private key: readonly number[] | null = null
  private epoch = -1
  /** Holds the question at 0, the rows after it, then their scores (simd-dot.ts). */
  private readonly kernel: DotKernel | null

  constructor(
    private readonly dim: number,
    private readonly read: (label: number) => ArrayLike<number>,
    private readonly file: VectorFile | null = null,
  ) {
    this.kernel = dim % 4 === 0 ? simdDotKernel() : null
  }

  /** The k labels of the scope the index holds (`present`) with the highest inner product, best first. */
  nearest(
    query: Float32Array,
    k: number,
    scope: VectorScope,
    epoch: number,
    present: (id: number) => boolean,
  ): Neighbour[] {
    this.load(scope.ids, epoch, present)
    const n = this.ids.length
    if (!this.kernel) return best(scoresOf(query, this.rows, n, this.dim), this.ids, k)
    const memory = this.kernel.view()
    memory.set(query, 0)
    const out = this.dim + n * this.dim
    this.kernel.scores(0, this.dim, n, this.dim, out)
    return best(memory.subarray(out, out + n), this.ids, k)
  }

  /** Drops the copy (the index was freed). */
  clear(): void {
    this.ids = new Float64Array(0)
    this.rows = new Float32Array(0)
    this.key = null
    this.epoch = -1
  }

  /** Row `at` of the current copy. */
  private row(at: number): Float32Array {
    const from = at * this.dim
    return this.kernel
      ? this.kernel.view().subarray(this.dim + from, this.dim + from + this.dim)
      : this.rows.subarray(from, from + this.dim)
  }

  private load(wanted: readonly number[], epoch: number, present: (id: number) => boolean): void {
    if (epoch === this.epoch && this.key !== null && sameIds(this.key, wanted)) return
    const ids: number[] = []
    for (const id of wanted) if (present(id)) ids.push(id)
    const rows = new Float32Array(ids.length * this.dim)
    const missing = new Map<number, number>()
    for (let i = 0; i < ids.length; i++) {
      const at = sortedIndexOf(this.ids, ids[i]!)
      if (at >= 0) rows.set(this.row(at), i * this.dim)
      else missing.set(ids[i]!, i)
    }
    if (this.file && missing.size * FILE_BYTES_PER_POINT_READ > this.file.bytes()) {
      this.file.copy((label) => {
        const row = missing.get(label)
        if (row === undefined) return -1
        missing.delete(label)
        return row
      }, rows)
    }
    for (const [id, row] of missing) rows.set(this.read(id), row * this.dim)
    this.ids = Float64Array.from(ids)
    if (this.kernel) {
      // The question, the rows, their scores.
      this.kernel.reserve(this.dim + rows.length + ids.length)
      this.kernel.view().set(rows, this.dim)
    } else this.rows = rows
    this.key = [...wanted]
    this.epoch = epoch
  }
}

function sameIds(a: readonly number[], b: readonly number[]): boolean {
  if (a === b) return true
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

/**
 * Inner products of the query with every row, where WebAssembly SIMD is not available. Four partial
 * sums per row let V8 overlap the multiplies: 20% faster than one sum on 384-d rows.
 */
function scoresOf(query: Float32Array, rows: Float32Array, n: number, dim: number): Float64Array {
  const out = new Float64Array(n)
  const tail = dim - (dim % 4)
  for (let r = 0, o = 0; r < n; r++, o += dim) {
    let s0 = 0
    let s1 = 0
    let s2 = 0
    let s3 = 0
    let j = 0
    for (; j < tail; j += 4) {
      s0 += rows[o + j]! * query[j]!
      s1 += rows[o + j + 1]! * query[j + 1]!
      s2 += rows[o + j + 2]! * query[j + 2]!
      s3 += rows[o + j + 3]! * query[j + 3]!
    }
    for (; j < dim; j++) s0 += rows[o + j]! * query[j]!
    out[r] = s0 + s1 + s2 + s3
  }
  return out
}

/** The k best scores' labels, best first, in a sorted list (ties: the lower label, as rows are in label order). */
function best(scores: ArrayLike<number>, ids: Float64Array, k: number): Neighbour[] {
  const n = ids.length
  const size = Math.min(k, n)
  if (size <= 0) return []
  const bestScore = new Float64Array(size)
  const bestRow = new Int32Array(size)
  let filled = 0
  for (let r = 0; r < n; r++) {
    const s = scores[r]!
    if (filled === size && s <= bestScore[size - 1]!) continue
    let p = filled < size ? filled++ : size - 1
    while (p > 0 && bestScore[p - 1]! < s) {
      bestScore[p] = bestScore[p - 1]!
      bestRow[p] = bestRow[p - 1]!
      p--
    }
    bestScore[p] = s
    bestRow[p] = r
  }
  return Array.from({ length: filled }, (_, i) => ({ id: ids[bestRow[i]!]!, similarity: bestScore[i]! }))
}
