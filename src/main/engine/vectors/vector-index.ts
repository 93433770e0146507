import fs from 'node:fs'
import path from 'node:path'
import hnswlib from 'hnswlib-node'

export interface VectorIndexParams {
  /** Graph degree; 16 balances recall and memory for 384-d text embeddings (see BENCHMARKS.md). */
  m: number
  efConstruction: number
  efSearch: number
}

export const DEFAULT_VECTOR_PARAMS: VectorIndexParams = { m: 16, efConstruction: 100, efSearch: 64 }

export interface VectorManifest {
  model: string
  dim: number
  space: 'ip'
  m: number
  efConstruction: number
  count: number
  savedAt: string
}

/**
 * Capacity grows by a quarter when an add needs room. hnswlib allocates vectors and links for its
 * whole capacity, so doubling held up to 2× the memory the vectors need (7.5 GB at 1M chunks).
 * A realloc of the arrays costs little next to the adds that fill the new room.
 */
export const CAPACITY_GROWTH = 1.25

const INDEX_FILE = 'vectors.hnsw'
const MANIFEST_FILE = 'vectors.json'

/**
 * The approximate nearest-neighbour index over chunk embeddings. Labels are chunk ids.
 * Vectors are L2-normalised, so inner product ranks like cosine and is cheaper.
 * The file is only ever replaced whole (temp file + fsync + rename): a crash leaves the last
 * complete index, and Library reconciles it against SQLite on open.
 */
export class VectorIndex {
  private index: hnswlib.HierarchicalNSW
  private labels = new Set<number>()
  private dirty = false

  private constructor(
    private readonly dir: string,
    readonly model: string,
    readonly dim: number,
    private readonly params: VectorIndexParams,
  ) {
    this.index = new hnswlib.HierarchicalNSW('ip', dim)
  }

  /** Loads the index in `dir` if it was built by the same model; otherwise starts empty. */
  static open(
    dir: string,
    model: string,
    dim: number,
    params: VectorIndexParams = DEFAULT_VECTOR_PARAMS,
  ): VectorIndex {
    const vi = new VectorIndex(dir, model, dim, params)
    const manifest = readManifest(dir)
    const file = path.join(dir, INDEX_FILE)
    if (manifest && manifest.model === model && manifest.dim === dim && fs.existsSync(file)) {
      try {
        vi.index.readIndexSync(file, true)
        vi.index.setEf(params.efSearch)
        for (const id of vi.index.getIdsList()) vi.labels.add(id)
        return vi
      } catch {
        // An unreadable index is rebuilt from SQLite by reconciliation, never trusted.
        vi.index = new hnswlib.HierarchicalNSW('ip', dim)
      }
    }
    vi.index.initIndex({
      maxElements: 1024,
      m: params.m,
      efConstruction: params.efConstruction,
      allowReplaceDeleted: true,
    })
    vi.index.setEf(params.efSearch)
    vi.dirty = true
    return vi
  }

  get size(): number {
    return this.labels.size
  }

  ids(): number[] {
    return [...this.labels]
  }

  has(id: number): boolean {
    return this.labels.has(id)
  }

  add(ids: readonly number[], vectors: readonly Float32Array[]): void {
    if (ids.length !== vectors.length) throw new Error('VectorIndex.add: ids and vectors differ in length')
    const needed = this.index.getCurrentCount() + ids.length
    if (needed > this.index.getMaxElements())
      this.index.resizeIndex(Math.max(needed, Math.ceil(this.index.getMaxElements() * CAPACITY_GROWTH)))
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i]!
      const v = vectors[i]!
      if (v.length !== this.dim)
        throw new Error(`VectorIndex.add: vector of ${v.length} dims, index has ${this.dim}`)
      if (this.labels.has(id)) continue
      // hnswlib-node only accepts plain arrays.
      this.index.addPoint(Array.from(v), id, true)
      this.labels.add(id)
    }
    this.dirty = true
  }

  remove(ids: Iterable<number>): void {
    for (const id of ids) {
      if (!this.labels.delete(id)) continue
      try {
        this.index.markDelete(id)
      } catch {
        // Already deleted in the graph: nothing to do.
      }
      this.dirty = true
    }
  }

  /** k nearest chunk ids by inner product, best first, optionally only among `allowed` ids. */
  search(
    vector: Float32Array,
    k: number,
    allowed?: (id: number) => boolean,
  ): { id: number; similarity: number }[] {
    const n = Math.min(k, this.labels.size)
    if (n === 0) return []
    const res = this.index.searchKnn(Array.from(vector), n, allowed)
    return res.neighbors.map((id, i) => ({ id, similarity: 1 - (res.distances[i] ?? 1) }))
  }

  setEf(ef: number): void {
    this.index.setEf(ef)
  }

  /**
   * Saves, then frees the graph's native memory now: hnswlib-node frees it only when the garbage
   * collector finalises the JS object, so a process that opens a library again (the app switching
   * libraries, a bench timing opens) held every earlier copy, 1.7 GB each at 1M chunks.
   * initIndex deletes the old native index; the object is empty and must not be used after this.
   */
  close(): void {
    this.save()
    this.index.initIndex({ maxElements: 1, m: this.params.m, efConstruction: this.params.efConstruction })
    this.labels = new Set()
  }

  /** Elements the index has room for before it must grow (memory is allocated for all of them). */
  get capacity(): number {
    return this.index.getMaxElements()
  }

  /**
   * Writes the index and its manifest atomically. No-op when nothing changed. The capacity is
   * trimmed to the element count first: hnswlib writes (and later loads) its whole capacity, so an
   * untrimmed index costs its spare room on disk and in every process that opens it. The next
   * add grows it again by CAPACITY_GROWTH.
   */
  save(): void {
    if (!this.dirty) return
    const count = this.index.getCurrentCount()
    if (count > 0 && this.index.getMaxElements() > count) this.index.resizeIndex(count)
    fs.mkdirSync(this.dir, { recursive: true })
    const file = path.join(this.dir, INDEX_FILE)
    const tmp = `${file}.${process.pid}.tmp`
    this.index.writeIndexSync(tmp)
    fsyncFile(tmp)
    fs.renameSync(tmp, file)
    const manifest: VectorManifest = {
      model: this.model,
      dim: this.dim,
      space: 'ip',
      m: this.params.m,
      efConstruction: this.params.efConstruction,
      count: this.labels.size,
      savedAt: new Date().toISOString(),
    }
    writeFileAtomic(path.join(this.dir, MANIFEST_FILE), JSON.stringify(manifest, null, 2))
    this.dirty = false
  }
}

export function readManifest(dir: string): VectorManifest | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, MANIFEST_FILE), 'utf8')) as VectorManifest
  } catch {
    return null
  }
}

function fsyncFile(file: string): void {
  const fd = fs.openSync(file, 'r+')
  try {
    fs.fsyncSync(fd)
  } finally {
    fs.closeSync(fd)
  }
}

export function writeFileAtomic(file: string, data: string): void {
  const tmp = `${file}.${process.pid}.tmp`
  fs.writeFileSync(tmp, data)
  fsyncFile(tmp)
  fs.renameSync(tmp, file)
}
