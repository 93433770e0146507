import fs from 'node:fs'
import path from 'node:path'
import type {
  EmbeddingStatus,
  IngestReport,
  LibraryDocument,
  SearchOptions,
  SearchResponse,
  TextItemBox,
} from '@shared/library-types.js'
import { errorCodeOf, QuireError } from '@shared/errors.js'
import type { Embedder } from './embed/embedder.js'
import { inspectModelDir } from './embed/model-dir.js'
import { ingestFiles, type CommittedVectors, type IngestOptions } from './ingest/ingest-files.js'
import {
  contextualEmbeddingText,
  generateContextHeaders,
  type ContextHeaderDeps,
  type ContextHeaderOptions,
  type ContextHeaderReport,
} from './generate/context-headers.js'
import { acquireImportLock, waitForImportLock, waitingLine } from './ingest/import-lock.js'
import type { SqliteLock } from './vectors/sqlite-lock.js'
import { HybridSearch } from './retrieve/hybrid-search.js'
import type { Reranker } from './rerank/reranker.js'
import type { Tuning } from './retrieve/tuning.js'
import { fullCheck, quickCheck, summariseProblems, type DatabaseCheck } from './store/check-database.js'
import { LibraryStore } from './store/library-store.js'
import { beginSession, type Session } from './store/session-marker.js'
import { openDatabase, openDatabaseReadOnly, type Db } from './store/open-database.js'
import {
  DEFAULT_VECTOR_PARAMS,
  readManifest,
  VectorIndex,
  type VectorIndexParams,
} from './vectors/vector-index.js'
import { sortedDifference, sortedIds } from './vectors/sorted-ids.js'
import { DB_FILE } from './store/db-file.js'

export { DB_FILE }

/** Changes when another connection commits to the database (SQLite's PRAGMA data_version). */
function dataVersion(db: Db): number {
  return db.pragma('data_version', { simple: true }) as number
}

export interface LibraryOpenOptions {
  /** Folder of the embedding model; null or missing folder = keyword-only mode. */
  modelDir?: string | null
  /** An already-loaded embedder (shared between libraries, or built by a test). Wins over modelDir. */
  embedder?: Embedder | null
  vectorParams?: VectorIndexParams
  /** Reports progress while reconciliation embeds chunks the vector index is missing. */
  onReconcile?: (done: number, total: number) => void
  /**
   * 'background': open returns at once and the vector index is rebuilt as a job (vectorRebuild()
   * reports its progress) while searches answer in keyword mode; a lost index of a large library
   * takes a minute to rebuild and blocked the first search. 'later': nothing is embedded at open;
   * while chunks lack vectors searches answer in keyword mode, and rebuildVectorsIfFree() rebuilds
   * them (a read-only open embedded a lost index in memory at every command and never saved it).
   * Default 'wait'.
   */
  reconcile?: 'wait' | 'background' | 'later'
  /**
   * Searches and listings open read-only: they never write vectors.hnsw (a search that saved its
   * in-memory copy during an import dropped the vectors the import saved meanwhile).
   */
  readOnly?: boolean
  /**
   * The caller only reads (listings, searches, the check): a library folder that cannot be written
   * (a read-only disk or share) is opened from a copy of its database in memory instead of refused.
   * Callers that write (imports, removals, conversations) leave it out and get LIBRARY_READ_ONLY.
   */
  readOnlyFolder?: boolean
  /** Retrieval constants (retrieve/tuning.ts): the documented defaults unless an evaluation varies them. */
  tuning?: Tuning
}

/**
 * A library folder: one SQLite database (documents, pages, chunks, FTS5) and the vector index
 * beside it. The one entry point the CLI, the worker, the app and the tests share.
 */
/**
 * SQLite needs to write beside the database even to read it (WAL), and every import writes: a
 * library folder (or, before it exists, the folder it would be made in) the user cannot write to
 * is refused up front with what to do, instead of a raw EACCES/ENOENT from mkdir or SQLite.
 */
export function assertWritableLibrary(dir: string): void {
  let probe = path.resolve(dir)
  while (!fs.existsSync(probe) && path.dirname(probe) !== probe) probe = path.dirname(probe)
  try {
    fs.accessSync(probe, fs.constants.W_OK)
    const db = path.join(dir, DB_FILE)
    if (probe === path.resolve(dir) && fs.existsSync(db)) fs.accessSync(db, fs.constants.W_OK)
  } catch {
    throw new QuireError(
      'LIBRARY_READ_ONLY',
      `The library at ${dir} cannot be written (${probe} is read-only or belongs to another user).`,
    )
  }
}

/** True when the library folder can be written (assertWritableLibrary passes). */
export function isWritableLibrary(dir: string): boolean {
  try {
    assertWritableLibrary(dir)
    return true
  } catch {
    return false
  }
}

/** openDatabase, with SQLite's "unable to open database file" said with the path and what to do. */
function openLibraryDatabase(file: string): Db {
  try {
    return openDatabase(file)
  } catch (err) {
    if ((err as { code?: string }).code !== 'SQLITE_CANTOPEN') throw err
    throw new QuireError(
      'LIBRARY_CANNOT_OPEN',
      `The library database ${file} cannot be opened or created there (${(err as Error).message}). Choose a library folder of your own on a working disk.`,
    )
  }
}

export class Library {
  readonly store: LibraryStore
  private readonly searcher: HybridSearch
  /**
   * What the last check found (verify(), or `quire check`); null until a writer verified. Opening
   * does not check: quick_check reads the whole file (3.5 s on a 414 MB, 100k-passage library),
   * too slow for every search and for the app's start, so the writer checks, on its own thread.
   */
  health: DatabaseCheck | null = null
  private session: Session | null = null

  private constructor(
    readonly dir: string,
    readonly db: Db,
    readonly embedder: Embedder | null,
    readonly vectors: VectorIndex | null,
    private readonly status: EmbeddingStatus,
    private readonly ownsEmbedder: boolean,
    tuning: Tuning | undefined,
  ) {
    this.store = new LibraryStore(db)
    this.searcher = new HybridSearch({
      db,
      embedder,
      vectors,
      tuning,
      vectorsReady: () => this.rebuild === null && this.missingVectors === 0,
    })
  }

  private rebuild: { done: number; total: number; job: Promise<unknown> } | null = null
  private closing = false
  /** Chunks without a vector found at open (reconcile 'later'), until a rebuild has added them. */
  private missingVectors = 0

  /** Progress of the background vector rebuild; null when none runs. */
  vectorRebuild(): { done: number; total: number } | null {
    return this.rebuild && { done: this.rebuild.done, total: this.rebuild.total }
  }

  /** Resolves when the background rebuild (if any) has ended. */
  async rebuildDone(): Promise<void> {
    await this.rebuild?.job
  }

  private startRebuild(
    onProgress?: (done: number, total: number) => void,
    knownIds: Float64Array | null = null,
  ): void {
    const state = { done: 0, total: 0, job: Promise.resolve() as Promise<unknown> }
    this.rebuild = state
    state.job = this.reconcileWith(knownIds, (done, total) => {
      state.done = done
      state.total = total
      onProgress?.(done, total)
    })
      .catch(() => {
        // A failed rebuild leaves keyword mode on for the chunks it lacks; the next open retries.
      })
      .finally(() => {
        if (this.rebuild === state) this.rebuild = null
      })
  }

  static async open(dir: string, opts: LibraryOpenOptions = {}): Promise<Library> {
    const file = path.join(dir, DB_FILE)
    let db: Db
    // Reading needs no write access: listings and searches of a library on a read-only disk work,
    // and only what writes (imports, removals, repair) fails with LIBRARY_READ_ONLY.
    if (opts.readOnlyFolder && fs.existsSync(file) && !isWritableLibrary(dir)) {
      db = openDatabaseReadOnly(file)
    } else {
      assertWritableLibrary(dir)
      fs.mkdirSync(dir, { recursive: true })
      db = openLibraryDatabase(file)
    }
    let embedder = opts.embedder ?? null
    let status: EmbeddingStatus
    if (embedder) {
      status = { mode: 'hybrid', model: embedder.modelId, modelDir: null, reason: null }
    } else if (opts.modelDir) {
      const found = inspectModelDir(opts.modelDir)
      if (found.ok) {
        // Imported here, not at the top: ONNX Runtime takes ~0.5 s to load, and keyword-only
        // opens (`quire docs`, conversations) never need it.
        const { loadEmbedder } = await import('./embed/transformers-embedder.js')
        embedder = await loadEmbedder(found.dir)
        status = { mode: 'hybrid', model: embedder.modelId, modelDir: found.dir, reason: null }
      } else {
        status = { mode: 'keyword', model: null, modelDir: opts.modelDir, reason: found.reason }
      }
    } else {
      status = { mode: 'keyword', model: null, modelDir: null, reason: 'No embedding model is configured.' }
    }
    const store = new LibraryStore(db)
    let vectors: VectorIndex | null = null
    let liveIds: Float64Array | null = null
    if (embedder) {
      const loading = VectorIndex.open(
        dir,
        embedder.modelId,
        embedder.dim,
        opts.vectorParams ?? DEFAULT_VECTOR_PARAMS,
        { readOnly: opts.readOnly, liveIds: () => new Set(store.indexedChunkIds()) },
      )
      // hnswlib reads the vector file on a libuv thread (1.9 s at 1M chunks): load SQLite's ids
      // meanwhile. Reconcile must see the ids as they are once the file is read, so a commit by
      // another connection in between (data_version moves) means reading them again.
      const version = dataVersion(db)
      liveIds = sortedIds(store.indexedChunkIds())
      vectors = await loading
      if (dataVersion(db) !== version) liveIds = sortedIds(store.indexedChunkIds())
    }
    const lib = new Library(dir, db, embedder, vectors, status, !opts.embedder, opts.tuning)
    if (vectors && opts.reconcile === 'background') lib.startRebuild(opts.onReconcile, liveIds)
    else if (vectors && opts.reconcile === 'later')
      lib.missingVectors = sortedDifference(liveIds!, vectors.sortedIds()).length
    else if (vectors) await lib.reconcileWith(liveIds, opts.onReconcile)
    return lib
  }

  /** Chunks that had no vector when this Library opened with reconcile 'later' (0 once rebuilt). */
  vectorsMissing(): number {
    return this.missingVectors
  }

  /**
   * For a Library opened read-only with reconcile 'later' (the CLI's searches and questions): when
   * chunks lack vectors (the index was lost or is behind), rebuilds them in the background and
   * saves the index, so the next command finds it whole; searches answer in keyword mode meanwhile.
   * It writes the vector index only under the import lock, taken without waiting: while an import
   * runs, that import's own open rebuilds the index, and this returns 'import-running' ('read-only'
   * when the folder cannot be written). Await
   * rebuildDone() before close() to keep the whole rebuild (close stops it early, keeping what it
   * saved).
   */
  rebuildVectorsIfFree(
    onProgress?: (done: number, total: number) => void,
  ): 'none-missing' | 'rebuilding' | 'import-running' | 'read-only' {
    if (!this.vectors || !this.embedder || this.missingVectors === 0) return 'none-missing'
    // A library on a read-only disk is searched as it is (keyword mode for what lacks vectors).
    if (this.db.readonly || !isWritableLibrary(this.dir)) return 'read-only'
    let lock: SqliteLock
    try {
      lock = acquireImportLock(this.dir)
    } catch (err) {
      if (errorCodeOf(err) === 'IMPORT_RUNNING') return 'import-running'
      throw err
    }
    const vectors = this.vectors
    vectors.allowSaving(true)
    this.startRebuild(onProgress)
    void this.rebuild!.job.finally(() => {
      // The rebuild saved what it embedded (reconcileWith saves at its end, even when stopped).
      vectors.allowSaving(false)
      lock.release()
      if (!this.closing)
        this.missingVectors = sortedDifference(
          sortedIds(this.store.indexedChunkIds()),
          vectors.sortedIds(),
        ).length
    })
    return 'rebuilding'
  }

  /**
   * Makes the vector index agree with SQLite: chunks without a vector are embedded (after a
   * crash, or when a model first appears), labels of deleted chunks are dropped.
   */
  async reconcile(
    onProgress?: (done: number, total: number) => void,
  ): Promise<{ added: number; removed: number }> {
    return this.reconcileWith(null, onProgress)
  }

  /** reconcile() with SQLite's chunk ids already read (sorted), or null to read them now. */
  private async reconcileWith(
    knownIds: Float64Array | null,
    onProgress?: (done: number, total: number) => void,
  ): Promise<{ added: number; removed: number }> {
    if (!this.vectors || !this.embedder) return { added: 0, removed: 0 }
    const chunkIds = knownIds ?? sortedIds(this.store.indexedChunkIds())
    const orphans = sortedDifference(this.vectors.sortedIds(), chunkIds)
    this.vectors.remove(orphans)
    const missing = sortedDifference(chunkIds, this.vectors.sortedIds())
    const batch = 256
    onProgress?.(0, missing.length)
    for (let i = 0; i < missing.length && !this.closing; i += batch) {
      const rows = this.store.chunkTexts(missing.slice(i, i + batch))
      const vecs = await this.embedder.embed(
        rows.map((r) => contextualEmbeddingText(r.context_header, r.heading, r.text)),
      )
      this.vectors.add(
        rows.map((r) => r.id),
        vecs,
      )
      onProgress?.(Math.min(missing.length, i + batch), missing.length)
      if (i % (batch * 20) === 0) this.vectors.save()
    }
    this.vectors.save()
    return { added: missing.length, removed: orphans.length }
  }

  embeddingStatus(): EmbeddingStatus {
    const manifest = readManifest(this.dir)
    if (this.status.mode === 'keyword' && manifest) {
      return {
        ...this.status,
        reason:
          `${this.status.reason ?? ''} This library also has vectors from ${manifest.model}; they are used again when that model is available.`.trim(),
      }
    }
    return this.status
  }

  get mode(): 'hybrid' | 'keyword' {
    return this.searcher.mode
  }

  documents(): LibraryDocument[] {
    return this.store.documents()
  }

  /** Files of the documents an older version of Quire indexed: importing them again re-indexes them. */
  outdatedPaths(): string[] {
    return this.store.outdatedPaths()
  }

  /**
   * Checks the database before this Library writes into it: quick_check (every page readable and
   * well-formed), or the full integrity and FTS checks when a writer before it died without
   * closing (kill -9, power loss). Then refuses to write into a database found damaged.
   */
  assertWritable(): void {
    if (!this.session) {
      this.session = beginSession(this.dir)
      this.health = this.session.crashed ? fullCheck(this.db) : quickCheck(this.db)
    }
    if (this.health && !this.health.ok) {
      throw new QuireError(
        'LIBRARY_DAMAGED',
        `The library's database is damaged (${summariseProblems(this.health.problems)}). Nothing more is written into it until it is repaired: run \`quire check --repair\` or use Settings › Library › Check and repair (\`quire check --json\` lists every problem).`,
      )
    }
  }

  async ingest(paths: string[], opts: IngestOptions = {}): Promise<IngestReport> {
    this.assertWritable()
    // Another import into this library runs to its end first (import-lock.ts).
    const lock = await waitForImportLock(this.dir, {
      signal: opts.signal,
      onWaiting: (heldBy) =>
        opts.onProgress?.({
          stage: 'waiting',
          file: '',
          done: 0,
          total: 0,
          filesDone: 0,
          filesTotal: paths.length,
          message: waitingLine(heldBy),
        }),
    })
    try {
      return await ingestFiles({ store: this.store, embedder: this.embedder, vectors: this.vectors }, paths, {
        resumeOcrIn: this.dir,
        ...opts,
      })
    } finally {
      lock.release()
    }
  }

  /**
   * Writes the contextual header of every chunk that lacks one (generate/context-headers.ts), after
   * an import, under the import lock: one model call per chunk, resuming where an earlier run stopped.
   */
  async generateContextHeaders(
    model: Pick<ContextHeaderDeps, 'chat' | 'model'>,
    opts: ContextHeaderOptions = {},
  ): Promise<ContextHeaderReport> {
    this.assertWritable()
    const lock = await waitForImportLock(this.dir, { signal: opts.signal })
    try {
      return await generateContextHeaders(
        { ...model, db: this.db, embedder: this.embedder, vectors: this.vectors },
        opts,
      )
    } finally {
      lock.release()
    }
  }

  /** Applies vector changes committed by another Library on the same folder (the ingest worker). */
  applyCommitted(c: CommittedVectors): void {
    if (!this.vectors) return
    this.vectors.remove(c.replacedChunkIds)
    if (c.vectors.length === c.chunkIds.length && c.vectors.length > 0)
      this.vectors.add(c.chunkIds, c.vectors)
  }

  /** Removes a document by id or path. Returns false when it is not in the library. */
  /**
   * Removes a document by id, or one location of it by path (docs/duplicates.md): a document found
   * at several paths stays while it has another; removing its own path moves it to another.
   * Returns false when neither is in the library.
   */
  remove(idOrPath: number | string): boolean {
    if (typeof idOrPath === 'string') {
      const gone = this.store.locations.remove(path.resolve(idOrPath))
      if (gone.kind === 'none') return false
      if (gone.kind !== 'last') return true
    }
    const doc =
      typeof idOrPath === 'number'
        ? this.store.document(idOrPath)
        : this.store.documentByPath(path.resolve(idOrPath))
    if (!doc) return false
    const chunkIds = this.store.removeDocument(doc.id)
    if (this.vectors) {
      this.vectors.remove(chunkIds)
      this.vectors.save()
    }
    return true
  }

  /**
   * The cross-encoder the rerank stage uses from the next search on (null: none). The caller that
   * loaded it owns it (closes it); the Library only searches with it.
   */
  useReranker(reranker: Reranker | null): void {
    this.searcher.reranker = reranker
  }

  get reranker(): Reranker | null {
    return this.searcher.reranker
  }

  /** Bound, so it can be handed to the answer engine as a plain function. */
  readonly search = (query: string, opts?: SearchOptions): Promise<SearchResponse> =>
    this.searcher.search(query, opts)

  page(
    documentId: number,
    pageNo: number,
  ): { text: string; items: TextItemBox[]; width: number; height: number } | null {
    return this.store.page(documentId, pageNo)
  }

  async close(): Promise<void> {
    this.closing = true
    await this.rebuild?.job
    try {
      this.vectors?.close()
    } finally {
      this.db.close()
      this.session?.end()
      // Even when the last save of the vectors failed (a full disk): the model's memory goes too.
      if (this.ownsEmbedder) await this.embedder?.dispose()
    }
  }
}
