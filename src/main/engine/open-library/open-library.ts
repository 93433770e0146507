import type { AnswerResult, Conversation } from '@shared/chat-types.js'
import type {
  IngestProgress,
  IngestReport,
  LibraryCheckReport,
  SearchOptions,
  SearchResponse,
} from '@shared/library-types.js'
import { baseName } from '@shared/labels.js'
import type { AnswerScope, SearchScope } from '@shared/search-scope.js'
import type { OllamaClientOptions } from '../generate/ollama-client.js'
import { Answerer, type AskOptions, type QueryHelpSettings } from '../answer/answerer.js'
import type { ResolvedScope } from '../answer/answer-scope.js'
import { ConversationStore } from '../chat/conversation-store.js'
import { checkLibrary, repairLibrary } from '../check-library.js'
import { Library, type LibraryOpenOptions } from '../library.js'
import type { Reranker } from '../rerank/reranker.js'
import { openingPassages } from '../retrieve/opening-passages.js'
import { CollectionStore } from '../store/collection-store.js'
import { deleteLibraryFiles } from '../store/library-files.js'
import { LongLivedImportWorker } from '../worker/long-lived-import-worker.js'
import { DEFAULT_PARSE_WORKER, defaultParseWorkers, ParsePool } from '../worker/parse-pool.js'
import { importedDocumentIds, runImportBatch, type ImportBatchOptions } from './import-batch.js'
import { LibraryWatches, type WatchSettings } from './library-watches.js'

/** How answers are made: the Ollama server and model, passages per answer, how strict "not found" is. */
export interface AnswerSettings {
  ollama: OllamaClientOptions
  k?: number
  minCoverage?: number
  /** Called with the model picked when none is chosen, so the next run keeps it. */
  onModelPicked?: (model: string) => void
  /** Settings › Search › Query help (answerer.ts); absent: off. */
  queryHelp?: QueryHelpSettings
}

/** How imports run: the worker scripts (bundled builds), OCR, shared extraction threads. */
export interface ImportSettings {
  workerUrl?: URL | string
  parseWorkerUrl?: string
  /** Read at each batch (Settings can change it between batches). Default: on. */
  ocr?: () => boolean
  /**
   * Keep extraction threads for the whole life of the library, warmed up and lent to each batch
   * (the app); without, each batch starts its own (the CLI's one batch).
   */
  keepParseThreads?: boolean
  /**
   * Import in this process instead of the import worker (`quire watch`: nothing else runs here
   * to keep responsive). The app's watched folders import through one long-lived worker.
   */
  inThisProcess?: boolean
  /**
   * After each batch that was not cancelled (a watched folder's too): the passages' contextual
   * headers (the app's Settings › Search, docs/query-help.md); resolves null when they are off.
   */
  contextHeaders?: (lib: Library, signal?: AbortSignal) => Promise<IngestReport['contextHeaders'] | null>
}

export interface OpenLibraryOptions extends LibraryOpenOptions {
  answers?: AnswerSettings
  imports?: ImportSettings
  /**
   * Watch the library's folders while it is open (the app, browser mode, `quire watch DIR`);
   * absent: nothing is watched unless a folder is added (`quire ask` and the other commands).
   */
  watch?: WatchSettings
}

/** What importBatch takes beside the paths. */
export interface ImportBatchRequest {
  signal?: AbortSignal
  onProgress?: (p: IngestProgress) => void
  collectionId?: number
  /** Add files whose text the library already holds (docs/duplicates.md). */
  keepDuplicateText?: boolean
}

/** What a question is asked in: its conversation, the collection of a new one, the ticked documents. */
export interface AskIn {
  conversationId?: number | null
  /** For a new conversation: the collection it belongs to (null or absent: all documents). */
  collectionId?: number | null
  /** Documents ticked for this question: searched instead of the conversation's collection. */
  documentIds?: number[]
}

/**
 * One open library and everything that lives on it: the Library (documents, search), its
 * collections, its conversations, the answerer writing into them, the imports into it and the
 * folders watched into it. The desktop app, browser mode and the CLI each hold one; nothing else
 * builds a ConversationStore, an Answerer, an import batch or a folder watch for a library.
 *
 * When the Library is replaced (a model imported, a repair, "delete this library"), the watches
 * stop first, the collections, conversations and answerer are rebuilt on the new one, and the
 * watches start again on it: callers read them through the getters each time and never keep
 * their own, so no callback has to follow a reopen.
 */
export class OpenLibrary {
  private lib: Library
  private conversationStore: ConversationStore
  private collectionStore: CollectionStore
  private currentAnswerer: Answerer
  private answerSettings: AnswerSettings
  private parsePool: ParsePool | null = null
  /** The one import thread the watched folders' changes go through (started at the first). */
  private watchImports: LongLivedImportWorker | null = null
  /** Threads the watches' earlier import workers started (before a reopen): watchImportThreads. */
  private watchImportsStarted = 0
  /** The folders watched into this library, running on whichever Library is open. */
  readonly watches: LibraryWatches
  /** The rerank stage's cross-encoder, set on every Library this owner opens. */
  private reranker: Reranker | null = null

  private constructor(
    readonly dir: string,
    lib: Library,
    private readonly opts: OpenLibraryOptions,
  ) {
    this.lib = lib
    this.answerSettings = opts.answers ?? { ollama: {} }
    this.conversationStore = new ConversationStore(lib.db)
    this.collectionStore = new CollectionStore(lib.db)
    this.currentAnswerer = this.makeAnswerer()
    // The database is read at each use: after a reopen it is the new Library's.
    const db = () => this.lib.db
    this.watches = new LibraryWatches(
      {
        get db() {
          return db()
        },
        // A folder watched into a collection deleted since imports into the library only: its
        // files keep coming in (deleting a collection never stops a watch or loses a document).
        ingest: (paths, { collectionId, signal }) =>
          this.importThrough(
            paths,
            {
              ...(signal ? { signal } : {}),
              ...(collectionId !== undefined && this.collectionStore.get(collectionId)
                ? { collectionId }
                : {}),
            },
            (batch) => this.watchImportWorker().run(batch),
          ),
        removePath: (file) => void this.lib.remove(file),
      },
      opts.watch ?? null,
    )
  }

  /** Opens the library; with `opts.watch.saved`, its watched folders are watching when this resolves. */
  static async open(dir: string, opts: OpenLibraryOptions = {}): Promise<OpenLibrary> {
    const owner = new OpenLibrary(dir, await Library.open(dir, opts), opts)
    try {
      await owner.watches.startSaved()
    } catch (err) {
      await owner.close()
      throw err
    }
    return owner
  }

  /**
   * The owner of a Library the caller opened itself (the CLI opens read-only and may rebuild a
   * lost vector index first: read-library.ts). Closing the owner closes the Library.
   */
  static over(lib: Library, opts: Omit<OpenLibraryOptions, keyof LibraryOpenOptions> = {}): OpenLibrary {
    return new OpenLibrary(lib.dir, lib, opts)
  }

  get library(): Library {
    return this.lib
  }

  get conversations(): ConversationStore {
    return this.conversationStore
  }

  get collections(): CollectionStore {
    return this.collectionStore
  }

  get answerer(): Answerer {
    return this.currentAnswerer
  }

  /** The cross-encoder searches rerank with (null: none), kept across reopenings of the Library. */
  useReranker(reranker: Reranker | null): void {
    this.reranker = reranker
    this.lib.useReranker(reranker)
  }

  /** New Ollama settings or retrieval settings, from the next question on. */
  configureAnswers(patch: Partial<AnswerSettings>): void {
    this.answerSettings = { ...this.answerSettings, ...patch }
    const { ollama, k, minCoverage } = this.answerSettings
    if (patch.ollama) this.currentAnswerer.configureOllama(ollama)
    if (k !== undefined) this.currentAnswerer.configureRetrieval({ k, minCoverage })
    if (patch.queryHelp) this.currentAnswerer.configureQueryHelp(patch.queryHelp)
  }

  /**
   * A scope made concrete: its documents, how the answer records it, and the documents a question
   * may name. An unknown collection is COLLECTION_NOT_FOUND; unknown document ids are dropped.
   */
  resolveScope(scope: SearchScope): ResolvedScope {
    const docs = this.documentNames()
    if (scope.kind === 'library')
      return {
        documentIds: null,
        scope: { kind: 'library', documents: docs.count() },
        nameable: () => docs.indexed(null),
      }
    if (scope.kind === 'collection') {
      const collection = this.collectionStore.require(scope.collectionId)
      const ids = this.collectionStore.documentIds(collection.id)
      return {
        documentIds: ids,
        scope: {
          kind: 'collection',
          collectionId: collection.id,
          name: collection.name,
          documents: ids.length,
        },
        nameable: () => docs.indexed(ids),
      }
    }
    const known = docs.named([...new Set(scope.documentIds)])
    const ids = known.map((d) => d.id)
    return {
      documentIds: ids,
      scope: { kind: 'documents', documentIds: ids, names: known.map((d) => baseName(d.path)) },
      nameable: () => docs.indexed(ids),
    }
  }

  /** The scope of a question: the ticked documents, else its conversation's collection, else all. */
  scopeOf(input: AskIn): ResolvedScope {
    if (input.documentIds) return this.resolveScope({ kind: 'documents', documentIds: input.documentIds })
    const collectionId =
      input.conversationId != null
        ? this.collectionStore.collectionOf(input.conversationId)
        : (input.collectionId ?? null)
    return this.resolveScope(
      collectionId === null ? { kind: 'library' } : { kind: 'collection', collectionId },
    )
  }

  /** A new conversation for the question, in the collection given (checked first). */
  startConversation(question: string, collectionId: number | null = null): Conversation {
    if (collectionId !== null) this.collectionStore.require(collectionId)
    const conversation = this.conversationStore.create(question)
    if (collectionId !== null) this.collectionStore.setCollectionOf(conversation.id, collectionId)
    return conversation
  }

  /**
   * Answers a question in its scope (AskIn). A new conversation is started when none is given,
   * in the collection given.
   */
  async ask(
    question: string,
    input: AskIn & Omit<AskOptions, 'conversationId' | 'scope' | 'documentIds'>,
  ): Promise<AnswerResult> {
    const { conversationId, collectionId, documentIds, ...rest } = input
    const scope = this.scopeOf({ conversationId, collectionId, documentIds })
    const id =
      conversationId ??
      (question.trim() ? this.startConversation(question, collectionId ?? null).id : undefined)
    return this.currentAnswerer.ask(question, {
      ...rest,
      ...(id !== undefined ? { conversationId: id } : {}),
      scope,
    })
  }

  /** A search in a scope (the whole library when none is given), with the scope it searched. */
  async search(
    query: string,
    opts: SearchOptions & { scope?: SearchScope } = {},
  ): Promise<SearchResponse & { scope: AnswerScope }> {
    const { scope = { kind: 'library' }, ...rest } = opts
    const resolved = this.resolveScope(scope)
    const response = await this.lib.search(query, {
      ...rest,
      ...(resolved.documentIds ? { documentIds: resolved.documentIds } : {}),
    })
    return { ...response, scope: resolved.scope }
  }

  /**
   * Imports files and folders in the import worker (runImportBatch), or in this process when the
   * owner was opened so (ImportSettings.inThisProcess); the documents the worker commits are
   * mirrored into this process's vector index as they come, and, with a collection, put into it.
   */
  importBatch(paths: string[], opts: ImportBatchRequest = {}): Promise<IngestReport> {
    return this.importThrough(paths, opts, runImportBatch)
  }

  /**
   * How many import threads the watched folders' changes started in this run of the library: one
   * for all of them (a thread a change cost its start each time), again after a reopen or a crash.
   */
  get watchImportThreads(): number {
    return this.watchImportsStarted + (this.watchImports?.threadsStarted ?? 0)
  }

  /** importBatch, with the worker batches run by `runBatch` (a thread of their own, or the watches'). */
  private async importThrough(
    paths: string[],
    opts: ImportBatchRequest,
    runBatch: (batch: ImportBatchOptions) => Promise<IngestReport>,
  ): Promise<IngestReport> {
    if (opts.collectionId !== undefined) this.collectionStore.require(opts.collectionId)
    const status = this.lib.embeddingStatus()
    const modelDir = status.mode === 'hybrid' ? status.modelDir : null
    const opened = this.lib
    const imports = this.opts.imports ?? {}
    const common = {
      ocr: imports.ocr?.() ?? true,
      ...(opts.keepDuplicateText ? { keepDuplicateText: true } : {}),
      ...(opts.signal ? { signal: opts.signal } : {}),
      ...(opts.onProgress ? { onProgress: opts.onProgress } : {}),
    }
    const report = imports.inThisProcess
      ? await this.lib.ingest(paths, common)
      : await runBatch(this.workerBatch(paths, modelDir, common))
    if (opts.collectionId !== undefined)
      this.collectionStore.add(opts.collectionId, importedDocumentIds(this.lib, report))
    this.lib.vectors?.save()
    // The library was reopened with a model mid-import: embed what the worker stored without vectors.
    if (opened !== this.lib || (modelDir === null && this.lib.mode === 'hybrid')) await this.lib.reconcile()
    if (!imports.contextHeaders || report.cancelled) return report
    const contextHeaders = await imports.contextHeaders(this.lib, opts.signal)
    return contextHeaders ? { ...report, contextHeaders } : report
  }

  /**
   * Opens the library again with another model folder (a model imported in Settings): the new one
   * opens before the old one closes, so a model that fails to load leaves everything working.
   */
  async reopen(modelDir: string | null): Promise<void> {
    const next = await Library.open(this.dir, { ...this.opts, modelDir, reconcile: 'wait' })
    const watched = await this.stopWatches()
    const old = this.lib
    this.replace(next)
    await old.close()
    await this.watches.restart(watched)
  }

  /**
   * The full check; with repair, stops the watches, closes the library, repairs it and opens it
   * again. Callers stop imports and answers first.
   */
  async check(repair: boolean, modelDir: string | null): Promise<LibraryCheckReport> {
    if (!repair) return checkLibrary(this.lib, { repair: false })
    const watched = await this.stopWatches()
    await this.lib.close()
    try {
      return await repairLibrary(this.dir, { modelDir })
    } finally {
      this.replace(await Library.open(this.dir, { modelDir }))
      await this.watches.restart(watched)
    }
  }

  /**
   * "Delete this library": stops the watches, closes it, deletes the files Quire made in its
   * folder (library-files.ts) and opens a new empty one in its place, which watches nothing.
   * Callers stop imports and answers first.
   */
  async deleteEverything(modelDir: string | null): Promise<void> {
    const watched = await this.stopWatches()
    await this.lib.close()
    deleteLibraryFiles(this.dir)
    this.replace(await Library.open(this.dir, { modelDir }))
    await this.watches.restart(watched)
  }

  /** Stops the watches (the library remembers them for its next opening), then closes. */
  async close(): Promise<void> {
    await this.stopWatches()
    await this.parsePool?.close()
    this.parsePool = null
    await this.lib.close()
  }

  /**
   * Stops the watches, then their import thread (its batch running is cancelled), so nothing is
   * left in the library when it is closed or replaced; returns the folders that were running.
   */
  private async stopWatches(): Promise<string[]> {
    const watched = await this.watches.stop()
    const worker = this.watchImports
    this.watchImports = null
    if (worker) {
      await worker.close()
      this.watchImportsStarted += worker.threadsStarted
    }
    return watched
  }

  private watchImportWorker(): LongLivedImportWorker {
    const { workerUrl, parseWorkerUrl } = this.opts.imports ?? {}
    this.watchImports ??= new LongLivedImportWorker({ workerUrl, parseWorkerUrl })
    return this.watchImports
  }

  /**
   * The documents' names, read only as a scope needs them: a search in a collection of a large
   * library must not list every document (10,000 rows) to search 1,000 of them.
   */
  private documentNames() {
    const db = this.lib.db
    const list = (ids: number[] | null) =>
      (ids
        ? db
            .prepare(
              `SELECT id, path, title, status FROM documents WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id`,
            )
            .all(JSON.stringify(ids))
        : db.prepare(`SELECT id, path, title, status FROM documents ORDER BY id`).all()) as {
        id: number
        path: string
        title: string
        status: string
      }[]
    return {
      count: () => db.prepare(`SELECT count(*) FROM documents`).pluck().get() as number,
      named: (ids: number[]) => list(ids),
      indexed: (ids: number[] | null) =>
        list(ids)
          .filter((d) => d.status === 'indexed')
          .map((d) => ({ id: d.id, path: d.path, title: d.title })),
    }
  }

  /** The Library replaced: everything living on its database is rebuilt on the new one. */
  private replace(next: Library): void {
    next.useReranker(this.reranker)
    this.lib = next
    this.conversationStore = new ConversationStore(next.db)
    this.collectionStore = new CollectionStore(next.db)
    this.currentAnswerer = this.makeAnswerer()
  }

  private makeAnswerer(): Answerer {
    const { ollama, k, minCoverage, onModelPicked, queryHelp } = this.answerSettings
    const lib = this.lib
    return new Answerer({
      search: (q, o) => lib.search(q, o),
      opening: openingPassages(lib.db),
      conversations: this.conversationStore,
      ollama,
      ...(k !== undefined ? { k } : {}),
      ...(minCoverage !== undefined ? { minCoverage } : {}),
      ...(onModelPicked ? { onModelPicked } : {}),
      ...(queryHelp ? { queryHelp } : {}),
    })
  }

  /** A batch for the import worker, with the app's warmed-up extraction threads when it keeps them. */
  private workerBatch(
    paths: string[],
    modelDir: string | null,
    common: Pick<ImportBatchOptions, 'ocr' | 'keepDuplicateText' | 'signal' | 'onProgress'>,
  ): ImportBatchOptions {
    const imports = this.opts.imports ?? {}
    const parsePorts = imports.keepParseThreads ? this.sharedParsePool()?.lend() : undefined
    return {
      ...common,
      libraryDir: this.dir,
      modelDir,
      paths,
      ...(parsePorts ? { parsePorts } : {}),
      onCommitted: (c) => this.lib.applyCommitted(c),
      workerUrl: imports.workerUrl,
      parseWorkerUrl: imports.parseWorkerUrl,
    }
  }

  private sharedParsePool(): ParsePool | null {
    const script = this.opts.imports?.parseWorkerUrl ?? DEFAULT_PARSE_WORKER
    if (!this.parsePool && ParsePool.available(script))
      this.parsePool = new ParsePool(defaultParseWorkers(), script)
    return this.parsePool
  }
}
