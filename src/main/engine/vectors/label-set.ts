import { sortedHas } from './sorted-ids.js'

/**
 * The labels (chunk ids) a vector index holds. The labels loaded with the file stay one sorted
 * array, probed by binary search; only the changes since are Sets. Building a Set of every label
 * cost 0.3 s per open at 1M chunks, and an open (a search, the app's start) rarely changes any.
 */
export class LabelSet {
  /** Loaded labels deleted since. */
  private readonly removed = new Set<number>()
  /** Labels added since that were not loaded. */
  private readonly added = new Set<number>()

  /** `loaded` must be sorted ascending without duplicates (sortedIds). */
  constructor(private readonly loaded: Float64Array = new Float64Array(0)) {}

  get size(): number {
    return this.loaded.length - this.removed.size + this.added.size
  }

  has(id: number): boolean {
    if (this.added.has(id)) return true
    return !this.removed.has(id) && sortedHas(this.loaded, id)
  }

  /** False when it was already there. */
  add(id: number): boolean {
    if (this.has(id)) return false
    if (this.removed.has(id)) this.removed.delete(id)
    else this.added.add(id)
    return true
  }

  /** False when it was not there. */
  delete(id: number): boolean {
    if (this.added.delete(id)) return true
    if (this.removed.has(id) || !sortedHas(this.loaded, id)) return false
    this.removed.add(id)
    return true
  }

  /** Every label, ascending. */
  sorted(): Float64Array {
    if (this.removed.size === 0 && this.added.size === 0) return this.loaded
    // Disjoint by construction (added holds no loaded label), so a sort is all it needs.
    const all = new Float64Array(this.size)
    let n = 0
    for (const id of this.loaded) if (!this.removed.has(id)) all[n++] = id
    for (const id of this.added) all[n++] = id
    return all.sort()
  }
}
