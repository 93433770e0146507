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
import type { Library } from '../engine/library.js'
import { OpenLibrary } from '../engine/open-library/open-library.js'
import type { WatchSettings } from '../engine/open-library/library-watches.js'
import type { LibraryService, PageData } from './app-services.js'
import { pickModelDir, type ModelLocations } from './model-locations.js'
import { readServablePdf } from './servable-pdf.js'
import { readDocumentText } from '../engine/store/document-text.js'
import type { DocumentText } from '@shared/document-text.js'
import { deleteCopy } from './upload-copies.js'
import { otherFiles } from '../engine/store/library-files.js'
import type { SettingsService } from './settings-service.js'
import { contextHeadersAfterImport } from './context-headers-after-import.js'
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
  /** The library's watched folders run while it is open (OpenLibraryOptions.watch). */
  watch?: WatchSettings
}

/**
 * The library as the app sees it: the app's one owner of the open library (OpenLibrary: its
 * collections, conversations, answerer, imports and watched folders) with what only the app adds around it: the
 * model folders from Settings (embedding model, reranker), upload copies, the PDF bytes for the viewer.
 */
export class AppLibrary implements LibraryService {
  readonly dir: string
  /** The cross-encoder of Settings › Search, kept across reopenings of the Library (set on each). */
  private reranker: Reranker | null = null
  /** Why the reranker chosen earlier is not in use; null when it is, or none was chosen. */
  private rerankerProblem: string | null = null

  private constructor(
    readonly owner: OpenLibrary,
    private readonly opts: AppLibraryOptions,
  ) {
    this.dir = opts.libraryDir
  }

  static async open(opts: AppLibraryOptions): Promise<AppLibrary> {
    const { settings } = opts
    const { ollamaHost, model, answerPassages, minCoverage, queryHelp } = settings.get()
    // A lost or damaged vector index is rebuilt as a job: the window opens and answers (keyword
    // mode) at once, and Settings/the library panel show the rebuild's progress.
    const owner = await OpenLibrary.open(opts.libraryDir, {
      modelDir: AppLibrary.modelDirFor(opts),
      reconcile: 'background',
      answers: {
        ollama: { host: ollamaHost, model, preferredModel: settings.internal().lastModel },
        onModelPicked: (picked) => settings.set({ lastModel: picked }),
        k: answerPassages,
        minCoverage,
        queryHelp: { mode: queryHelp ?? 'off' },
      },
      imports: {
        workerUrl: opts.workerUrl,
        parseWorkerUrl: opts.parseWorkerUrl,
        ocr: () => settings.get().ocr,
        keepParseThreads: true,
        contextHeaders: (lib, signal) =>
          settings.get().contextHeaders
            ? contextHeadersAfterImport(lib, settings, signal)
            : Promise.resolve(null),
      },
      ...(opts.watch ? { watch: opts.watch } : {}),
    })
    const app = new AppLibrary(owner, opts)
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
      this.reranker = await openReranker(found.dir, this.opts.workerUrl)
      this.owner.useReranker(this.reranker)
    } catch (err) {
      this.rerankerProblem = `The reranker in ${found.dir} could not be loaded: ${err instanceof Error ? err.message : String(err)}`
    }
  }

  rerankerStatus(): RerankerStatus {
    return this.reranker
      ? {
          model: this.reranker.modelId,
          dir: this.reranker.dir,
          weights: this.reranker.weights,
          reason: null,
        }
      : { model: null, dir: null, weights: null, reason: this.rerankerProblem }
  }

  async importReranker(src: string): Promise<RerankerStatus> {
    const check = inspectRerankerDir(src)
    if (!check.ok) throw new QuireError('MODEL_INVALID', check.reason)
    let next: Reranker
    let dest: string
    try {
      dest = await importModelFolder(check.dir, rerankerRoot(this.opts.models.userRoot))
      next = (await openReranker(dest, this.opts.workerUrl))!
    } catch (err) {
      throw new QuireError('MODEL_INVALID', err instanceof Error ? err.message : String(err))
    }
    // Loaded before the old one goes: a reranker that fails to load leaves search as it was.
    const old = this.reranker
    this.reranker = next
    this.rerankerProblem = null
    this.owner.useReranker(next)
    this.opts.settings.set({ rerankerDir: dest })
    await old?.dispose()
    return this.rerankerStatus()
  }

  async removeReranker(): Promise<RerankerStatus> {
    const old = this.reranker
    this.reranker = null
    this.rerankerProblem = null
    this.owner.useReranker(null)
    this.opts.settings.set({ rerankerDir: null })
    await old?.dispose()
    return this.rerankerStatus()
  }

  private static modelDirFor(opts: AppLibraryOptions): string {
    return pickModelDir(opts.models, opts.settings.internal().embeddingModelDir)
  }

  /** The open Library (replaced on a model import, a repair, a delete: never keep it). */
  get library(): Library {
    return this.owner.library
  }

  private get lib(): Library {
    return this.owner.library
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
      collectionId?: number
    } = {},
  ): Promise<IngestReport> {
    return this.owner.importBatch(paths, opts)
  }

  /** Removes the document, and its upload copy when it has one (browser mode): no stray copies. */
  async remove(documentId: number): Promise<void> {
    const file = this.lib.store.document(documentId)?.path
    if (!file || !this.lib.remove(documentId)) {
      throw new QuireError('DOCUMENT_NOT_FOUND', `There is no document ${documentId} in this library.`)
    }
    await deleteCopy(this.dir, file)
  }

  /** The full check; with repair, also rebuilds. Callers stop imports and answers first. */
  check(repair: boolean): Promise<LibraryCheckReport> {
    return this.owner.check(repair, AppLibrary.modelDirFor(this.opts))
  }

  /**
   * "Delete this library": the files Quire made in its folder go (library-files.ts), and a new
   * empty library opens in their place; the user's own files stay. Callers stop imports and answers first.
   */
  deleteEverything(): Promise<void> {
    return this.owner.deleteEverything(AppLibrary.modelDirFor(this.opts))
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
    await this.owner.reopen(dest)
    return this.lib.embeddingStatus()
  }

  close(): Promise<void> {
    return this.owner.close()
  }
}
