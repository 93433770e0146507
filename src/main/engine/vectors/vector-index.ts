import fs from 'node:fs'
import path from 'node:path'
import hnswlib from 'hnswlib-node'
import { QuireError } from '@shared/errors.js'
import { removeOrphanTempFiles, replaceFile, writeFileAtomic } from '../store/atomic-file.js'
import {
  VECTOR_FILES,
  VECTOR_ID_LIST_FILE,
  VECTOR_INDEX_FILE,
  VECTOR_LOCK_FILE,
  VECTOR_MANIFEST_FILE,
} from '../store/library-files.js'
import { copyVectorsFromFile } from './hnsw-file-vectors.js'
import { readIdListFile, writeIdListFile } from './id-list-file.js'
import {
  EXACT_SCAN_MAX,
  type Neighbour,
  ScopeVectors,
  type VectorFile,
  type VectorScope,
} from './scope-vectors.js'
import { LabelSet } from './label-set.js'
import { sortedIds } from './sorted-ids.js'
import { SqliteLock } from './sqlite-lock.js'
import { verifyHnswFile } from './verify-hnsw-file.js'

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
  /** Bumped by every save; a writer whose index was loaded from an older generation merges first. */
  generation?: number
  /**
   * Labels marked deleted in the file. hnswlib keeps a deleted label in its lookup table (and in
   * getIdsList) until an add reuses the slot, so without this list a reopened index counted them.
   */
  deleted?: number[]
}

export interface VectorIndexOptions {
  /**
   * The chunk ids SQLite holds (the source of truth). A save that finds the file written by another
   * process or thread since this index loaded it merges: (this index ∪ the file) ∩ live ids.
   */
  liveIds?: () => ReadonlySet<number>
  /** Never write the file (searches, listings): the index lives in memory only. */
  readOnly?: boolean
}

/**
 * Capacity grows by a quarter when an add needs room. hnswlib allocates vectors and links for its
 * whole capacity, so doubling held up to 2× the memory the vectors need (7.5 GB at 1M chunks).
 * A realloc of the arrays costs little next to the adds that fill the new room.
 */
export const CAPACITY_GROWTH = 1.25

const INDEX_FILE = VECTOR_INDEX_FILE
const MANIFEST_FILE = VECTOR_MANIFEST_FILE
/** The index's live labels, sorted, for the generation in vectors.json (id-list-file.ts). */
export const ID_LIST_FILE = VECTOR_ID_LIST_FILE
// VECTOR_FILES: every file a save replaces: their temp files are a writer's, or orphans of one
// that died. VECTOR_LOCK_FILE: the SQLite lock serialising writers of vectors.hnsw across
// processes and threads. Both named in library-files.ts with the rest of the library's files.
export { VECTOR_LOCK_FILE }
/** How long a save waits for another writer's save to finish (saves of 1M vectors take seconds). */
const LOCK_WAIT_MS = 120_000

/**
 * The approximate nearest-neighbour index over chunk embeddings. Labels are chunk ids.
 * Vectors are L2-normalised, so inner product ranks like cosine and is cheaper.
 * The file is only ever replaced whole (temp file + verify + fsync + rename): a crash or a full
 * disk leaves the last complete index, and Library reconciles it against SQLite on open. Writers
 * take the vectors.lock and merge what another writer saved since, so no save drops vectors.
 */
export class VectorIndex {
  private index: hnswlib.HierarchicalNSW
  private labels = new LabelSet()
  private deleted = new Set<number>()
  private dirty = false
  /** Generation of the file this index last loaded or saved; 0 = none. */
  private generation = 0
  /** Moves with every add and remove: a small scope's copied vectors (scope-vectors.ts) are re-checked. */
  private epoch = 0
  private readonly scopeVectors: ScopeVectors

  private constructor(
    private readonly dir: string,
    readonly model: string,
    readonly dim: number,
    private readonly params: VectorIndexParams,
    private options: VectorIndexOptions,
  ) {
    this.index = new hnswlib.HierarchicalNSW('ip', dim)
    this.scopeVectors = new ScopeVectors(dim, (label) => this.index.getPoint(label), this.savedVectors())
  }

  /**
   * Loads the index in `dir` if it was built by the same model; otherwise starts empty. hnswlib
   * reads the file on a libuv thread (1.9 s at 1M chunks), so the caller can do its own work
   * meanwhile (Library loads SQLite's chunk ids); the labels come from the id list saved with it.
   */
  static async open(
    dir: string,
    model: string,
    dim: number,
    params: VectorIndexParams = DEFAULT_VECTOR_PARAMS,
    options: VectorIndexOptions = {},
  ): Promise<VectorIndex> {
    const vi = new VectorIndex(dir, model, dim, params, options)
    if (!options.readOnly) vi.removeOrphans()
    const file = path.join(dir, INDEX_FILE)
    // Taken before the manifest is read: the same file after the read means the one read is the
    // one the manifest (and the id list of its generation) describe, even with a writer saving.
    const before = fileIdentity(file)
    const manifest = readManifest(dir)
    if (manifest && manifest.model === model && manifest.dim === dim && before) {
      try {
        const reading = vi.index.readIndex(file, true)
        const saved =
          typeof manifest.generation === 'number'
            ? readIdListFile(path.join(dir, ID_LIST_FILE), manifest.generation)
            : null
        await reading
        vi.index.setEf(params.efSearch)
        vi.deleted = new Set(manifest.deleted ?? [])
        const trusted =
          saved !== null &&
          saved.length + vi.deleted.size === vi.index.getCurrentCount() &&
          fileIdentity(file) === before
        vi.labelSource = trusted ? 'id-list' : 'index'
        vi.labels = new LabelSet(trusted ? saved : vi.listedLabels())
        vi.generation = manifest.generation ?? 0
        // A library saved before id lists existed (or after a crash) gets one now, so the next
        // open is quick without waiting for the next import to save.
        if (!trusted && !options.readOnly && typeof manifest.generation === 'number')
          vi.saveIdList(manifest.generation, before)
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

  /**
   * Where the open took the labels from: the saved id list, hnswlib's own listing (no list of the
   * loaded generation), or none (nothing loaded).
   */
  labelSource: 'id-list' | 'index' | 'none' = 'none'

  /**
   * Temp files of a writer that died mid-save go at a writable open, while no writer is saving
   * (with one saving, at the next save: save() removes them under its lock too).
   */
  private removeOrphans(): void {
    if (!fs.existsSync(this.dir)) return
    const lock = SqliteLock.acquire(path.join(this.dir, VECTOR_LOCK_FILE), 'remove temp files', 0)
    if (!(lock instanceof SqliteLock)) return
    try {
      removeOrphanTempFiles(this.dir, VECTOR_FILES)
    } finally {
      lock.release()
    }
  }

  /**
   * Writes the id list of the loaded generation, only while no writer is saving (a list written
   * beside another writer's half-finished save could describe the wrong file) and only if the file
   * and manifest are still the ones loaded. A cache: any failure leaves the slower open.
   */
  private saveIdList(generation: number, loaded: string): void {
    const lock = SqliteLock.acquire(path.join(this.dir, VECTOR_LOCK_FILE), 'save the id list', 0)
    if (!(lock instanceof SqliteLock)) return
    try {
      if (readManifest(this.dir)?.generation !== generation) return
      if (fileIdentity(path.join(this.dir, INDEX_FILE)) !== loaded) return
      const ids = this.labels.sorted()
      replaceFile(path.join(this.dir, ID_LIST_FILE), (tmp) => writeIdListFile(tmp, generation, ids))
    } catch {
      // Not written: the next open lists the labels from the index again.
    } finally {
      lock.release()
    }
  }

  /** hnswlib's labels minus those marked deleted, sorted (hnswlib lists them in hash order). */
  private listedLabels(): Float64Array {
    const listed = this.index.getIdsList()
    return sortedIds(this.deleted.size ? listed.filter((id) => !this.deleted.has(id)) : listed)
  }

  get size(): number {
    return this.labels.size
  }

  ids(): number[] {
    return Array.from(this.labels.sorted())
  }

  /** The labels, ascending (the loaded array itself when nothing changed since the open). */
  sortedIds(): Float64Array {
    return this.labels.sorted()
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
      this.deleted.delete(id)
    }
    this.dirty = true
    this.epoch++
  }

  remove(ids: Iterable<number>): void {
    for (const id of ids) {
      if (!this.labels.delete(id)) continue
      this.epoch++
      this.deleted.add(id)
      try {
        this.index.markDelete(id)
      } catch {
        // Already deleted in the graph: nothing to do.
      }
      this.dirty = true
    }
  }

  /**
   * k nearest chunk ids by inner product, best first, optionally only among a scope's ids. A scope
   * of up to EXACT_SCAN_MAX vectors is scored exactly over its own vectors (scope-vectors.ts): the
   * graph search, told to skip every label outside the scope, visits ever more nodes the smaller the
   * scope's share of the graph, and still misses some of the nearest. A larger scope goes through
   * the graph with the scope as a filter.
   */
  search(vector: Float32Array, k: number, scope?: VectorScope): Neighbour[] {
    const n = Math.min(k, this.labels.size)
    if (n === 0) return []
    if (scope && scope.ids.length <= EXACT_SCAN_MAX)
      return this.scopeVectors.nearest(vector, n, scope, this.epoch, (id) => this.labels.has(id))
    const res = this.index.searchKnn(Array.from(vector), n, scope ? (id) => scope.has(id) : undefined)
    return res.neighbors.map((id, i) => ({ id, similarity: 1 - (res.distances[i] ?? 1) }))
  }

  /**
   * The saved file as a source of this index's vectors for a scope's copy (scope-vectors.ts): only
   * once this index has loaded or saved a generation of it (not a file hnswlib could not read) and
   * while the manifest names this index's model and size, so a file another process wrote for
   * another model is never read as this one's. Vectors the file lacks are read from memory.
   */
  private savedVectors(): VectorFile {
    const file = path.join(this.dir, INDEX_FILE)
    const ours = () => {
      const m = readManifest(this.dir)
      return this.generation > 0 && m !== null && m.model === this.model && m.dim === this.dim
    }
    return {
      bytes: () => fileSize(file),
      copy: (rowOf, rows) => (ours() ? copyVectorsFromFile(file, this.dim, rowOf, rows) : 0),
    }
  }

  /**
   * Lets an index opened read-only save (true), or read-only again (false). Only for a reader that
   * holds the import lock meanwhile, so that no import saves at the same time
   * (Library.rebuildVectorsIfFree): a rebuild it makes is kept.
   */
  allowSaving(allowed: boolean): void {
    this.options = { ...this.options, readOnly: !allowed }
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
    try {
      this.save()
    } finally {
      this.free()
    }
  }

  private free(): void {
    this.index.initIndex({ maxElements: 1, m: this.params.m, efConstruction: this.params.efConstruction })
    this.labels = new LabelSet()
    this.deleted = new Set()
    this.scopeVectors.clear()
    this.epoch++
  }

  /** Elements the index has room for before it must grow (memory is allocated for all of them). */
  get capacity(): number {
    return this.index.getMaxElements()
  }

  /**
   * Writes the index and its manifest atomically, under the vectors lock, merging first what another
   * writer saved since this index loaded the file. No-op when nothing changed or read-only. The
   * capacity is trimmed to the element count first: hnswlib writes (and later loads) its whole
   * capacity, so an untrimmed index costs its spare room on disk and in every process that opens
   * it. The next add grows it again by CAPACITY_GROWTH. A write that cannot complete (full disk)
   * throws DISK_FULL and leaves the previous file in place.
   */
  save(): void {
    if (!this.dirty || this.options.readOnly) return
    fs.mkdirSync(this.dir, { recursive: true })
    const lock = SqliteLock.acquire(path.join(this.dir, VECTOR_LOCK_FILE), 'save vectors', LOCK_WAIT_MS)
    if (!(lock instanceof SqliteLock)) {
      throw new QuireError(
        'LIBRARY_BUSY',
        `The vector index is being saved by another Quire process (pid ${lock.heldBy?.pid ?? '?'}) for over ${LOCK_WAIT_MS / 1000} s. Try again when it has finished.`,
      )
    }
    try {
      removeOrphanTempFiles(this.dir, VECTOR_FILES)
      const onDisk = readManifest(this.dir)
      const file = path.join(this.dir, INDEX_FILE)
      if (onDisk && (onDisk.generation ?? 0) !== this.generation) this.mergeFrom(file, onDisk)
      const count = this.index.getCurrentCount()
      if (count > 0 && this.index.getMaxElements() > count) this.index.resizeIndex(count)
      const generation = Math.max(onDisk?.generation ?? 0, this.generation) + 1
      // Slots an add reused took their deleted label out of hnswlib's table: forget those.
      if (this.deleted.size) {
        const inFile = new Set(this.index.getIdsList())
        this.deleted = new Set([...this.deleted].filter((id) => inFile.has(id)))
      }
      // The id list goes first: a crash after it leaves a list of a generation no manifest names.
      replaceFile(
        path.join(this.dir, ID_LIST_FILE),
        (tmp) => writeIdListFile(tmp, generation, this.labels.sorted()),
        diskFull,
      )
      replaceFile(
        file,
        (tmp) => {
          this.index.writeIndexSync(tmp)
          const wrong = verifyHnswFile(tmp, count)
          if (wrong) throw diskFull(`the vector index could not be written completely (${wrong})`)
        },
        diskFull,
      )
      const manifest: VectorManifest = {
        model: this.model,
        dim: this.dim,
        space: 'ip',
        m: this.params.m,
        efConstruction: this.params.efConstruction,
        count: this.labels.size,
        savedAt: new Date().toISOString(),
        generation,
        deleted: [...this.deleted],
      }
      writeFileAtomic(path.join(this.dir, MANIFEST_FILE), JSON.stringify(manifest, null, 2), diskFull)
      this.generation = generation
      this.dirty = false
    } finally {
      lock.release()
    }
  }

  /**
   * Adds the vectors another writer saved that this index lacks, and drops every id SQLite no longer
   * holds (removed or replaced by anyone). Without liveIds there is nothing to judge by: this
   * index's own content wins, as before.
   */
  private mergeFrom(file: string, manifest: VectorManifest): void {
    const live = this.options.liveIds?.()
    if (!live) return
    if (manifest.model === this.model && manifest.dim === this.dim && fs.existsSync(file)) {
      const other = new hnswlib.HierarchicalNSW('ip', this.dim)
      try {
        other.readIndexSync(file, true)
        const deletedThere = new Set(manifest.deleted ?? [])
        const found: number[] = []
        const vectors: Float32Array[] = []
        for (const id of other.getIdsList()) {
          if (!live.has(id) || this.labels.has(id) || deletedThere.has(id)) continue
          try {
            vectors.push(Float32Array.from(other.getPoint(id)))
            found.push(id)
          } catch {
            // Marked deleted in that file (hnswlib keeps the label): not one to merge.
          }
        }
        if (found.length) this.add(found, vectors)
      } catch {
        // An unreadable file contributes nothing; reconciliation embeds what SQLite still lacks.
      } finally {
        other.initIndex({ maxElements: 1, m: this.params.m, efConstruction: this.params.efConstruction })
      }
    }
    this.remove(this.ids().filter((id) => !live.has(id)))
  }
}

function diskFull(what: string): QuireError {
  return new QuireError(
    'DISK_FULL',
    `The disk is full: ${what}. The previous index was kept. Free some space, then import again.`,
  )
}

function fileSize(file: string): number {
  try {
    return fs.statSync(file).size
  } catch {
    return Number.POSITIVE_INFINITY
  }
}

/** Inode, size and modification time: changes whenever the file is replaced. */
function fileIdentity(file: string): string | null {
  try {
    const st = fs.statSync(file, { bigint: true })
    return `${st.ino}:${st.size}:${st.mtimeNs}`
  } catch {
    return null
  }
}

export function readManifest(dir: string): VectorManifest | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, MANIFEST_FILE), 'utf8')) as VectorManifest
  } catch {
    return null
  }
}
