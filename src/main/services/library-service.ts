import { QuireError } from '@shared/errors.js'
import type {
  EmbeddingStatus,
  IngestProgress,
  IngestReport,
  LibraryCheckReport,
  LibraryDocument,
  SearchOptions,
  RerankerStatus,
  SearchResponse,
} from '@shared/library-types.js'
import { importModelFolder } from '../engine/embed/model-dir.js'
import { Library } from '../engine/library.js'
import { runIngestWorker } from '../engine/worker/run-ingest-worker.js'
import { DEFAULT_PARSE_WORKER, defaultParseWorkers, ParsePool } from '../engine/worker/parse-pool.js'
import type { LibraryService, PageData } from './app-services.js'
import { pickModelDir, type ModelLocations } from './model-locations.js'
import { readServablePdf } from './servable-pdf.js'
import { readDocumentText } from '../engine/store/document-text.js'
import type { DocumentText } from '@shared/document-text.js'
import { checkLibrary, repairLibrary } from '../engine/check-library.js'
import { deleteCopy } from './upload-copies.js'
import { deleteLibraryFiles, otherFiles } from '../engine/store/library-files.js'
import type { SettingsService } from './settings-service.js'
import { inspectRerankerDir } from '../engine/rerank/reranker-dir.js'
import type { Reranker } from '../engine/rerank/reranker.js'
import { openReranker, rerankerRoot } from './reranker-locations.js'

export interface AppLibraryOptions {
  libraryDir: string
  models: ModelLocations
  settings: SettingsService
  /** The bundled ingest worker in the desktop build; the source entry (via tsx) otherwise. */
  workerUrl?: URL | string
  /** The bundled PDF extraction worker (desktop build); the source entry otherwise. */
  parseWorkerUrl?: string
  /** Called after the Library object is replaced (model import), so dependants rebuild on it. */
  onReopened?: (lib: Library) => void
}

/**
 * The library as the app sees it: one open Library in this process for search and reading, imports
 * run in the worker (its committed vectors are mirrored into this process's index).
 */
export class AppLibrary implements LibraryService {
  readonly dir: string
  /**
   * Extraction threads shared by every import of this session: started (and warmed up) by the
   * first import, lent to each import's worker, closed with the library.
   */
  private parsePool: ParsePool | null = null
  /** The cross-encoder of Settings › Search, kept across reopenings of the Library (set on each). */
  private reranker: Reranker | null = null
  /** Why the reranker chosen earlier is not in use; null when it is, or none was chosen. */
  private rerankerProblem: string | null = null

  private constructor(
    private lib: Library,
    private readonly opts: AppLibraryOptions,
  ) {
    this.dir = opts.libraryDir
  }

  static async open(opts: AppLibraryOptions): Promise<AppLibrary> {
    // A lost or damaged vector index is rebuilt as a job: the window opens and answers (keyword
    // mode) at once, and Settings/the library panel show the rebuild's progress.
    const lib = await Library.open(opts.libraryDir, {
      modelDir: AppLibrary.modelDirFor(opts),
      reconcile: 'background',
    })
    const app = new AppLibrary(lib, opts)
    await app.openSavedReranker()
    return app
  }

  /** The reranker imported earlier: a folder that went missing or fails to load leaves search as it was. */
  private async openSavedReranker(): Promise<void> {
    const dir = this.opts.settings.internal().rerankerDir
    if (!dir) return
    const found = inspectRerankerDir(dir)
    if (!found.ok) {
      this.rerankerProblem = found.reason
      return
    }
    try {
      this.reranker = await openReranker(found.dir)
      this.lib.useReranker(this.reranker)
    } catch (err) {
      this.rerankerProblem = `The reranker in ${found.dir} could not be loaded: ${err instanceof Error ? err.message : String(err)}`
    }
  }

  /** A Library opened again (repair, delete, model import) reranks as the one it replaces. */
  private reopened(lib: Library): void {
    lib.useReranker(this.reranker)
    this.opts.onReopened?.(lib)
  }

  rerankerStatus(): RerankerStatus {
    return this.reranker
      ? { model: this.reranker.modelId, dir: this.reranker.dir, reason: null }
      : { model: null, dir: null, reason: this.rerankerProblem }
  }

  async importReranker(src: string): Promise<RerankerStatus> {
    const check = inspectRerankerDir(src)
    if (!check.ok) throw new QuireError('MODEL_INVALID', check.reason)
    let next: Reranker
    let dest: string
    try {
      dest = await importModelFolder(check.dir, rerankerRoot(this.opts.models.userRoot))
      next = (await openReranker(dest))!
    } catch (err) {
      throw new QuireError('MODEL_INVALID', err instanceof Error ? err.message : String(err))
    }
    // Loaded before the old one goes: a reranker that fails to load leaves search as it was.
    const old = this.reranker
    this.reranker = next
    this.rerankerProblem = null
    this.lib.useReranker(next)
    this.opts.settings.set({ rerankerDir: dest })
    await old?.dispose()
    return this.rerankerStatus()
  }

  async removeReranker(): Promise<RerankerStatus> {
    const old = this.reranker
    this.reranker = null
    this.rerankerProblem = null
    this.lib.useReranker(null)
    this.opts.settings.set({ rerankerDir: null })
    await old?.dispose()
    return this.rerankerStatus()
  }

  private static modelDirFor(opts: AppLibraryOptions): string {
    return pickModelDir(opts.models, opts.settings.internal().embeddingModelDir)
  }

  get library(): Library {
    return this.lib
  }

  documents(): LibraryDocument[] {
    return this.lib.documents()
  }

  outdatedPaths(): string[] {
    return this.lib.outdatedPaths()
  }

  vectorRebuild(): { done: number; total: number } | null {
    return this.lib.vectorRebuild()
  }

  async ingest(
    paths: string[],
    opts: {
      signal?: AbortSignal
      onProgress?: (p: IngestProgress) => void
      keepDuplicateText?: boolean
    } = {},
  ): Promise<IngestReport> {
    // The worker opens its own Library on the same folder with the model this process uses.
    const status = this.lib.embeddingStatus()
    const modelDir = status.mode === 'hybrid' ? status.modelDir : null
    const opened = this.lib
    const parsePorts = this.sharedParsePool()?.lend()
    const report = await runIngestWorker(
      {
        libraryDir: this.dir,
        modelDir,
        paths,
        ocr: this.opts.settings.get().ocr,
        ...(opts.keepDuplicateText ? { keepDuplicateText: true } : {}),
        ...(parsePorts ? { parsePorts } : {}),
      },
      {
        signal: opts.signal,
        onProgress: opts.onProgress,
        onCommitted: (c) => this.lib.applyCommitted(c),
        workerUrl: this.opts.workerUrl,
        parseWorkerUrl: this.opts.parseWorkerUrl,
      },
    )
    this.lib.vectors?.save()
    // The library was reopened with a model mid-import: embed what the worker stored without vectors.
    if (opened !== this.lib || (modelDir === null && this.lib.mode === 'hybrid')) await this.lib.reconcile()
    return report
  }

  /** Removes the document, and its upload copy when it has one (browser mode): no stray copies. */
  async remove(documentId: number): Promise<void> {
    const file = this.lib.store.document(documentId)?.path
    if (!file || !this.lib.remove(documentId)) {
      throw new QuireError('DOCUMENT_NOT_FOUND', `There is no document ${documentId} in this library.`)
    }
    await deleteCopy(this.dir, file)
  }

  /**
   * The full check; with repair, closes the library, repairs it (rebuilding the database from the
   * files when its tables are damaged) and opens it again. Callers stop imports and answers first.
   */
  async check(repair: boolean): Promise<LibraryCheckReport> {
    if (!repair) return checkLibrary(this.lib, { repair: false })
    const modelDir = AppLibrary.modelDirFor(this.opts)
    await this.lib.close()
    try {
      return await repairLibrary(this.dir, { modelDir })
    } finally {
      this.lib = await Library.open(this.dir, { modelDir })
      this.reopened(this.lib)
    }
  }

  /**
   * "Delete this library": closes it, deletes the files Quire made in its folder — index,
   * conversations, vectors, locks and every upload copy, each by name (library-files.ts) — and
   * opens a new empty one in its place. Anything else in the folder (the user's own files, when
   * the library shares a folder with them) stays. Callers stop imports and answers first.
   */
  async deleteEverything(): Promise<void> {
    const modelDir = AppLibrary.modelDirFor(this.opts)
    await this.lib.close()
    deleteLibraryFiles(this.dir)
    this.lib = await Library.open(this.dir, { modelDir })
    this.reopened(this.lib)
  }

  /** What the library folder holds besides Quire's own files (Settings says so). */
  otherFiles(limit?: number): { count: number; names: string[] } {
    return otherFiles(this.dir, limit)
  }

  search(query: string, opts?: SearchOptions): Promise<SearchResponse> {
    return this.lib.search(query, opts)
  }

  page(documentId: number, pageNo: number): PageData | null {
    const page = this.lib.page(documentId, pageNo)
    return page ? { documentId, pageNo, ...page } : null
  }

  /** Read from the library's tables: the document's file is never opened to show it. */
  documentText(documentId: number, chunkId?: number): DocumentText | null {
    return readDocumentText(this.lib.db, documentId, chunkId)
  }

  /**
   * The document's path comes from the library's own records, never from the caller, and only a
   * successfully imported PDF that is unchanged on disk is served (see readServablePdf).
   */
  async pdfBytes(documentId: number): Promise<Uint8Array> {
    return readServablePdf(this.lib.store.fileRecord(documentId), documentId)
  }

  /** Path of a library document's file, for the desktop protocol handler; null when unknown. */
  documentPath(documentId: number): string | null {
    return this.lib.store.document(documentId)?.path ?? null
  }

  embeddingStatus(): EmbeddingStatus {
    return this.lib.embeddingStatus()
  }

  async importModelFolder(src: string): Promise<EmbeddingStatus> {
    let dest: string
    try {
      dest = await importModelFolder(src, this.opts.models.userRoot)
    } catch (err) {
      throw new QuireError('MODEL_INVALID', err instanceof Error ? err.message : String(err))
    }
    this.opts.settings.set({ embeddingModelDir: dest })
    // Open the new one before closing the old one: a model that fails to load leaves search working.
    const next = await Library.open(this.dir, { modelDir: dest })
    const old = this.lib
    this.lib = next
    this.reopened(next)
    await old.close()
    return next.embeddingStatus()
  }

  private sharedParsePool(): ParsePool | null {
    const script = this.opts.parseWorkerUrl ?? DEFAULT_PARSE_WORKER
    if (!this.parsePool && ParsePool.available(script))
      this.parsePool = new ParsePool(defaultParseWorkers(), script)
    return this.parsePool
  }

  async close(): Promise<void> {
    await this.parsePool?.close()
    this.parsePool = null
    await this.lib.close()
    await this.reranker?.dispose()
    this.reranker = null
  }
}
