// The one IPC contract between the UI and the Node side, for both shells (Electron IPC and the
// browser-mode HTTP server). Each route has a zod input and output schema; each event a payload
// type. Main's handler table is typed from `routes`, so a missing or extra handler does not compile.
// Routes are `domain.verb`, events `domain.changed`-style. No node or electron imports here.
import { z } from 'zod'
import { MAX_QUESTION_CHARS, questionTooLongMessage } from './question-limit.js'
import { DOCUMENT_FORMAT_NAMES } from './importable-files.js'
import { RETRIEVAL_LIMITS } from './retrieval-settings.js'
import { DECLINE_CODES, type DeclineCode } from './decline-reason.js'
import type {
  AnswerEvent,
  AnswerMode,
  AnswerResult,
  AnswerStatus,
  AnswerTimings,
  AnswerWarning,
  Citation,
  Conversation,
  Message,
  OllamaProblem,
  OllamaStatus,
  RetrievalTrace,
} from './chat-types.js'
import type {
  EmbeddingStatus,
  IngestProgress,
  IngestReport,
  LibraryCheckReport,
  LibraryDocument,
  PassageCopy,
  SearchHit,
  SearchDecision,
  SearchResponse,
  StageNote,
  RerankerStatus,
  TextItemBox,
} from './library-types.js'
import type { WatchState } from './watch-types.js'
import { BLOCK_KINDS, type DocumentText } from './document-text.js'
import { COLLECTION_NAME_MAX, type Collection } from './search-scope.js'

const id = z.number().int().positive()
const empty = z.object({})
const searchMode = z.enum(['hybrid', 'keyword'])
const libraryCheckReport: z.ZodType<LibraryCheckReport> = z.object({
  ok: z.boolean(),
  problems: z.array(z.string()),
  repaired: z.boolean(),
  reimported: z.array(z.string()),
  unrecoverable: z.array(z.object({ path: z.string(), reason: z.string() })),
})

const libraryDocument: z.ZodType<LibraryDocument> = z.object({
  id,
  path: z.string(),
  title: z.string(),
  sha256: z.string(),
  pages: z.number().int(),
  format: z.enum(DOCUMENT_FORMAT_NAMES),
  chunks: z.number().int(),
  status: z.enum(['indexing', 'indexed', 'failed']),
  errorCode: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  ocrPages: z.number().int(),
  lowConfidencePages: z.array(z.number().int()),
  blankPages: z.array(z.number().int()),
  unreadablePages: z.array(z.number().int()).optional(),
  outdated: z.boolean(),
  otherPaths: z.array(z.string()).optional(),
  unavailable: z.boolean().optional(),
})

const documentText: z.ZodType<DocumentText> = z.object({
  documentId: id,
  title: z.string(),
  sections: z.array(
    z.object({
      n: z.number().int().positive(),
      title: z.string().nullable(),
      text: z.string(),
      blocks: z.array(
        z.object({
          start: z.number().int().nonnegative(),
          end: z.number().int().nonnegative(),
          kind: z.enum(BLOCK_KINDS),
          level: z.number().int().positive().optional(),
        }),
      ),
    }),
  ),
  passage: z
    .object({
      spans: z.array(z.object({ page: z.number().int(), start: z.number().int(), end: z.number().int() })),
      locator: z.string().nullable(),
    })
    .nullable(),
})

const embeddingStatus: z.ZodType<EmbeddingStatus> = z.object({
  mode: searchMode,
  model: z.string().nullable(),
  modelDir: z.string().nullable(),
  reason: z.string().nullable(),
})

const textItemBox: z.ZodType<TextItemBox> = z.object({
  start: z.number(),
  end: z.number(),
  x: z.number(),
  y: z.number(),
  w: z.number(),
  h: z.number(),
})

const passageCopy: z.ZodType<PassageCopy> = z.object({
  documentId: z.number().int(),
  file: z.string(),
  title: z.string(),
})

const watchState: z.ZodType<WatchState> = z.object({
  folder: z.string(),
  collectionId: z.number().int().nullable(),
  status: z.enum(['starting', 'watching', 'paused', 'unavailable', 'stopped']),
  waiting: z.number().int(),
  lastChange: z.string().nullable(),
  errors: z.array(z.object({ file: z.string(), message: z.string(), at: z.string() })),
  sameText: z.object({ file: z.string(), message: z.string() }).nullable(),
})

const searchHit: z.ZodType<SearchHit> = z.object({
  rank: z.number().int(),
  chunkId: z.number().int(),
  chunkIds: z.array(z.number().int()).min(1),
  documentId: z.number().int(),
  file: z.string(),
  title: z.string(),
  pages: z.array(z.number().int()),
  locator: z.string().nullable().optional(),
  text: z.string(),
  score: z.number(),
  matchedTerms: z.array(z.string()),
  heading: z.string().nullable(),
  ocr: z.boolean().optional(),
  alsoIn: z.array(passageCopy).optional(),
})

/**
 * A question or search query: at most MAX_QUESTION_CHARS. A longer one fails with its own code,
 * QUESTION_TOO_LONG (the router answers with the `errorCode` an issue names), not VALIDATION.
 */
const questionText = z.string().superRefine((s, ctx) => {
  if (s.length > MAX_QUESTION_CHARS)
    ctx.addIssue({
      code: 'custom',
      message: questionTooLongMessage(s.length),
      params: { errorCode: 'QUESTION_TOO_LONG' },
    })
})

const searchDecision: z.ZodType<SearchDecision> = z.object({
  declined: z.boolean(),
  reason: z.enum(['answered', 'no-results', 'no-content-words', 'names-absent', 'low-coverage']),
  coverage: z.number(),
  local: z.number(),
  threshold: z.number(),
  missing: z.array(z.string()),
  decisive: z.array(z.string()),
  outOfScope: z.array(z.string()).optional(),
  doubtful: z.boolean().optional(),
})

const stageNote: z.ZodType<StageNote> = z.discriminatedUnion('stage', [
  z.object({
    stage: z.literal('rerank'),
    model: z.string(),
    weights: z.string().optional(),
    candidates: z.number().int(),
    scored: z.number().int(),
    moved: z.number().int(),
    ms: z.number(),
    cutShort: z.literal('budget').nullable().optional(),
  }),
  z.object({ stage: z.literal('also-searched'), queries: z.array(z.string()) }),
  z.object({ stage: z.literal('summaries'), documentId: id, heading: z.string().nullable() }),
])

const rerankerStatus: z.ZodType<RerankerStatus> = z.object({
  model: z.string().nullable(),
  dir: z.string().nullable(),
  weights: z.string().nullable().optional(),
  reason: z.string().nullable(),
})

const searchResponse: z.ZodType<SearchResponse> = z.object({
  query: z.string(),
  mode: searchMode,
  declined: z.boolean(),
  results: z.array(searchHit),
  decision: searchDecision.optional(),
  stages: z.array(stageNote).optional(),
})

const conversation: z.ZodType<Conversation> = z.object({
  id,
  title: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  messageCount: z.number().int(),
  collectionId: id.nullable().optional(),
  snippet: z.string().optional(),
})

const collection: z.ZodType<Collection> = z.object({
  id,
  name: z.string(),
  documents: z.number().int().nonnegative(),
  createdAt: z.string(),
})

/** A collection's name as typed: trimmed, one line, 1 to COLLECTION_NAME_MAX characters. */
const collectionName = z
  .string()
  .transform((s) => s.replace(/\s+/g, ' ').trim())
  .pipe(z.string().min(1, 'A collection needs a name.').max(COLLECTION_NAME_MAX))

const citation: z.ZodType<Citation> = z.object({
  n: z.number().int(),
  chunkId: z.number().int(),
  documentId: z.number().int(),
  file: z.string(),
  title: z.string(),
  pages: z.array(z.number().int()),
  locator: z.string().nullable().optional(),
  text: z.string(),
  focus: z.array(z.string()).optional(),
  sha256: z.string().optional(),
  removed: z.object({ at: z.string().nullable() }).optional(),
  pageLabels: z.array(z.string().nullable()).optional(),
  ocr: z.boolean().optional(),
  alsoIn: z.array(passageCopy).optional(),
})

// The trace is a diagnostic record written by the engine and only displayed: its shape is checked
// loosely (an object) rather than field by field, so an added engine field never breaks the UI.
const retrievalTrace = z.custom<RetrievalTrace>(
  (v) => typeof v === 'object' && v !== null && !Array.isArray(v),
)

const answerTimings: z.ZodType<AnswerTimings> = z.object({
  retrievalMs: z.number(),
  firstTokenMs: z.number().nullable(),
  totalMs: z.number(),
})

const ollamaProblem: z.ZodType<OllamaProblem> = z.object({
  kind: z.enum([
    'not-running',
    'model-missing',
    'http-error',
    'timeout',
    'stream-broken',
    'bad-config',
    'bad-response',
  ]),
  message: z.string(),
  fix: z.string(),
  status: z.number().int().optional(),
  model: z.string().nullable().optional(),
  installed: z.array(z.string()).optional(),
})

const answerMode: z.ZodType<AnswerMode> = z.enum(['llm', 'retrieval-only'])
const count = z.number().int().nonnegative()
const answerWarning: z.ZodType<AnswerWarning> = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('passages-omitted'), omitted: count, total: count, window: count }),
  z.object({ kind: z.literal('passages-trimmed'), count, window: count }),
  z.object({ kind: z.literal('top-passage-shortened') }),
  z.object({ kind: z.literal('invalid-citations'), numbers: z.array(z.number().int()) }),
  z.object({ kind: z.literal('unsupported-figure'), figure: z.string() }),
  z.object({ kind: z.literal('length-limit'), answerTokens: count }),
  z.object({ kind: z.literal('stopped') }),
  z.object({ kind: z.literal('stopped-before-start') }),
  z.object({ kind: z.literal('no-citations') }),
  z.object({ kind: z.literal('retrieval-only'), problem: ollamaProblem }),
  z.object({ kind: z.literal('broke-off'), problem: ollamaProblem }),
  z.object({ kind: z.literal('note'), text: z.string() }),
  z.object({ kind: z.literal('model-replaced'), previous: z.string(), model: z.string() }),
])

const messageFields = {
  id,
  conversationId: id,
  role: z.enum(['user', 'assistant']),
  text: z.string(),
  citations: z.array(citation),
  sources: z.array(citation),
  replyTo: z.number().int().nullable(),
  ollama: ollamaProblem.nullable(),
  trace: retrievalTrace.nullable(),
  model: z.string().nullable(),
  mode: answerMode.nullable(),
  status: z.enum(['complete', 'stopped', 'failed']) as z.ZodType<AnswerStatus>,
  declined: z.boolean(),
  declineReason: z
    .enum(DECLINE_CODES as [DeclineCode, ...DeclineCode[]])
    .nullable()
    .optional(),
  timings: answerTimings.nullable(),
  warnings: z.array(answerWarning),
  error: z.string().nullable(),
  createdAt: z.string(),
}
const message: z.ZodType<Message> = z.object(messageFields)

/** A finished answer: the stored message (an answer always has its trace and timings) and the checks' extras. */
export const answerResult: z.ZodType<AnswerResult> = z.object({
  message: z.object({
    ...messageFields,
    role: z.literal('assistant'),
    mode: answerMode,
    trace: retrievalTrace,
    timings: answerTimings,
  }),
  extras: z.object({
    invalidCitations: z.array(z.number().int()),
    unsupportedFigures: z.array(
      z.object({ figure: z.string(), sentence: z.string(), checkedAgainst: z.array(z.number().int()) }),
    ),
    summary: z
      .object({
        documentId: id,
        sections: z.number().int(),
        sectionCalls: z.number().int(),
        combineCalls: z.number().int(),
        modelCalls: z.number().int(),
      })
      .optional(),
  }),
})

/** What streams while an answer is produced (`chat.event`), checked like a route's output. */
export const answerEvent: z.ZodType<AnswerEvent> = z.discriminatedUnion('type', [
  z.object({ type: z.literal('started'), conversationId: id, questionMessageId: id }),
  z.object({ type: z.literal('retrieval'), trace: retrievalTrace, sources: z.array(citation) }),
  z.object({ type: z.literal('token'), text: z.string() }),
  z.object({
    type: z.literal('summary-progress'),
    stage: z.enum(['sections', 'combining']),
    done: z.number().int(),
    total: z.number().int(),
  }),
  z.object({ type: z.literal('done'), result: answerResult }),
  z.object({
    type: z.literal('failed'),
    conversationId: id,
    messageId: id.nullable(),
    code: z.string(),
    message: z.string(),
  }),
])

const ollamaStatus: z.ZodType<OllamaStatus> = z.object({
  state: z.enum(['not-running', 'model-missing', 'error', 'ready']),
  host: z.string(),
  model: z.string().nullable(),
  models: z.array(z.string()),
  version: z.string().nullable(),
  contextLength: z.number().nullable(),
  message: z.string(),
  fix: z.string().nullable(),
  replacedModel: z.string().nullable().optional(),
})

const queryHelpMode = z.enum(['off', 'expand', 'hyde'])

const settings = z.object({
  ollamaHost: z.string(),
  model: z.string().nullable(),
  /** Read scanned pages with OCR on import (English; on by default). */
  ocr: z.boolean(),
  /** Passages search hands to the model for one answer (Settings → Answers). */
  answerPassages: z.number().int(),
  /** How strict "not found" is: the coverage below which an answer is declined. */
  minCoverage: z.number(),
  /** Build document summaries in the background while the machine is idle (off by default). */
  summarizeWhenIdle: z.boolean().optional(),
  /** Query help before searching (docs/query-help.md): off by default; absent from older servers. */
  queryHelp: queryHelpMode.optional(),
  /** Contextual chunk headers written by the model after each import (docs/query-help.md): off by default. */
  contextHeaders: z.boolean().optional(),
})
export type Settings = z.infer<typeof settings>

const jobId = z.object({ jobId: z.string().min(1) })

/** Every route: `domain.verb` → input and output schema. */
export const routes = {
  'app.info': {
    input: empty,
    output: z.object({
      version: z.string(),
      shell: z.enum(['desktop', 'browser']),
      libraryDir: z.string(),
      firstRun: z.boolean(),
      /** The evaluated defaults of the retrieval settings, said beside each in Settings. */
      retrievalDefaults: z.object({ answerPassages: z.number().int(), minCoverage: z.number() }).optional(),
    }),
  },
  'library.documents': { input: empty, output: z.array(libraryDocument) },
  'library.import': {
    input: z.object({
      paths: z.array(z.string().min(1)).min(1),
      /** Add files whose text the library already holds (the import row's Add anyway; docs/duplicates.md). */
      keepDuplicateText: z.boolean().optional(),
      /** Imported while a collection is open: the documents also go into it. */
      collectionId: id.optional(),
    }),
    output: jobId,
  },
  'library.upload': {
    input: z.object({
      // Each file's bytes were streamed to POST /api/upload first, which answered its id.
      files: z
        .array(z.object({ name: z.string().min(1).max(255), uploadId: z.string().min(1).max(64) }))
        .min(1),
      keepDuplicateText: z.boolean().optional(),
      collectionId: id.optional(),
    }),
    output: jobId,
  },
  'library.pickFiles': {
    input: z.object({ folders: z.boolean().optional() }),
    output: z.object({ paths: z.array(z.string()) }),
  },
  /**
   * Imports again every document an older version of Quire indexed (LibraryDocument.outdated), as
   * one import job; the files are the library's own, so no path crosses the boundary.
   */
  'library.reindexOutdated': { input: empty, output: jobId },
  'library.cancelImport': { input: jobId, output: empty },
  'library.remove': { input: z.object({ documentId: id }), output: empty },
  'library.showInFolder': { input: z.object({ documentId: id }), output: empty },
  'library.page': {
    input: z.object({ documentId: id, pageNo: z.number().int().positive() }),
    output: z.object({
      documentId: id,
      pageNo: z.number().int(),
      text: z.string(),
      items: z.array(textItemBox),
      width: z.number(),
      height: z.number(),
    }),
  },
  /**
   * A document without pages, as the reader view shows it: its stored text and structure, and
   * where the cited chunk lies in it (chunkId, when a citation is opened).
   */
  'library.documentText': {
    input: z.object({ documentId: id, chunkId: id.optional() }),
    output: documentText,
  },
  'library.pdfUrl': { input: z.object({ documentId: id }), output: z.object({ url: z.string() }) },
  'library.status': {
    input: empty,
    output: z.object({
      embedding: embeddingStatus,
      libraryDir: z.string(),
      documents: z.number().int(),
      chunks: z.number().int(),
      /** The vector index being rebuilt in the background (searches use keywords meanwhile). */
      vectorRebuild: z.object({ done: z.number().int(), total: z.number().int() }).nullable().optional(),
      /**
       * What the library folder holds besides Quire's own files (a folder shared with the user's
       * documents): Settings says so; Delete leaves them. At most a few names, with the count.
       */
      otherFiles: z.object({ count: z.number().int(), names: z.array(z.string()) }).optional(),
      /** The cross-encoder reranking the passages found (Settings › Search); absent from older servers. */
      reranker: rerankerStatus.optional(),
    }),
  },
  /** "Delete this library": every document, upload copy and conversation. Asks for an explicit yes. */
  'library.delete': { input: z.object({ confirm: z.literal(true) }), output: empty },
  /** Settings › Check library: SQLite's full checks; with repair, rebuilds and re-imports damaged documents. */
  'library.check': { input: z.object({ repair: z.boolean() }), output: libraryCheckReport },
  'library.importModelFolder': { input: z.object({ path: z.string().min(1) }), output: embeddingStatus },
  /** Settings › Search › Import reranker folder…: a cross-encoder copied into the app and used from the next search. */
  'library.importReranker': { input: z.object({ path: z.string().min(1) }), output: rerankerStatus },
  /** Settings › Search › Turn reranking off (the imported folder stays). */
  'library.removeReranker': { input: empty, output: rerankerStatus },
  /** Watched folders (docs/watched-folders.md): each answers every folder's state. */
  'watch.list': { input: empty, output: z.array(watchState) },
  'watch.add': {
    input: z.object({ folder: z.string().min(1), collectionId: id.optional() }),
    output: z.array(watchState),
  },
  'watch.pause': { input: z.object({ folder: z.string().min(1) }), output: z.array(watchState) },
  'watch.resume': { input: z.object({ folder: z.string().min(1) }), output: z.array(watchState) },
  /** Stops watching the folder; its documents stay in the library. */
  'watch.remove': { input: z.object({ folder: z.string().min(1) }), output: z.array(watchState) },
  'search.query': {
    input: z.object({
      query: questionText,
      k: z.number().int().positive().max(100).optional(),
      documentIds: z.array(id).optional(),
      /** Search only this collection (ignored when documentIds is given). */
      collectionId: id.optional(),
    }),
    output: searchResponse,
  },
  'chat.ask': {
    input: z.object({
      question: questionText.pipe(z.string().trim().min(1)),
      conversationId: id.nullable().optional(),
      /** A new conversation's collection: it belongs to it and searches only it. */
      collectionId: id.nullable().optional(),
      /** Documents ticked for this question: searched instead of the conversation's collection. */
      documentIds: z.array(id).optional(),
      regenerateMessageId: id.optional(),
      /** Ask this question again in the words of `question`: a new version of its turn. */
      editQuestionId: id.optional(),
      /** Answer with this document's cited summary (the library's Summarize action). */
      summarizeDocumentId: id.optional(),
    }),
    output: z.object({ requestId: z.string(), conversationId: id }),
  },
  'chat.stop': { input: z.object({ requestId: z.string().min(1) }), output: empty },
  'conversations.list': {
    /** With a collection: only its conversations (the history under an open collection); without: all. */
    input: z.object({ query: questionText.optional(), collectionId: id.optional() }),
    output: z.array(conversation),
  },
  'conversations.get': {
    input: z.object({ id }),
    output: z.object({ conversation, messages: z.array(message) }),
  },
  'conversations.rename': {
    input: z.object({ id, title: z.string().trim().min(1).max(200) }),
    output: conversation,
  },
  'conversations.delete': { input: z.object({ id }), output: empty },
  'conversations.export': {
    input: z.object({ id }),
    output: z.object({ markdown: z.string(), fileName: z.string() }),
  },
  /** Collections: named sets of documents; a document can be in several (docs/collections.md). */
  'collections.list': { input: empty, output: z.array(collection) },
  'collections.create': { input: z.object({ name: collectionName }), output: collection },
  'collections.rename': { input: z.object({ id, name: collectionName }), output: collection },
  /** Deletes the collection; its documents stay in the library, its conversations search all of it. */
  'collections.delete': { input: z.object({ id }), output: empty },
  'collections.addDocuments': {
    input: z.object({ id, documentIds: z.array(id).min(1).max(100_000) }),
    output: collection,
  },
  'collections.removeDocuments': {
    input: z.object({ id, documentIds: z.array(id).min(1).max(100_000) }),
    output: collection,
  },
  /** The ids of a collection's documents (the document list shows only these while it is open). */
  'collections.documentIds': { input: z.object({ id }), output: z.array(id) },
  'settings.get': { input: empty, output: settings },
  'settings.set': {
    input: z.object({
      ollamaHost: z.string().trim().min(1).optional(),
      model: z.string().nullable().optional(),
      ocr: z.boolean().optional(),
      answerPassages: z
        .number()
        .int()
        .min(RETRIEVAL_LIMITS.answerPassages.min)
        .max(RETRIEVAL_LIMITS.answerPassages.max)
        .optional(),
      minCoverage: z
        .number()
        .min(RETRIEVAL_LIMITS.minCoverage.min)
        .max(RETRIEVAL_LIMITS.minCoverage.max)
        .optional(),
      summarizeWhenIdle: z.boolean().optional(),
      queryHelp: queryHelpMode.optional(),
      contextHeaders: z.boolean().optional(),
    }),
    output: settings,
  },
  'ollama.status': { input: empty, output: ollamaStatus },
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>

export type RouteName = keyof typeof routes
/** What the caller sends (before defaults and transforms). */
export type RouteInput<R extends RouteName> = z.input<(typeof routes)[R]['input']>
/** What a handler receives (after parsing). */
export type ParsedInput<R extends RouteName> = z.output<(typeof routes)[R]['input']>
export type RouteOutput<R extends RouteName> = z.output<(typeof routes)[R]['output']>

/** Events pushed from main to the UI, `domain.changed` style. */
export interface EventPayloads {
  'library.progress': { jobId: string; progress: IngestProgress; etaSeconds: number | null }
  'library.importDone': { jobId: string; report: IngestReport }
  'library.changed': Record<string, never>
  /** A watched folder's state changed (docs/watched-folders.md): every folder's state. */
  'watch.changed': { folders: WatchState[] }
  'chat.event': { requestId: string; event: AnswerEvent }
}
export type EventName = keyof EventPayloads
/** Payload schemas of the events the engine shapes (an answer streaming in), checked in the tests. */
export const eventSchemas = {
  'chat.event': z.object({ requestId: z.string(), event: answerEvent }),
} satisfies Partial<Record<EventName, z.ZodType>>
export const EVENT_NAMES: readonly EventName[] = [
  'library.progress',
  'library.importDone',
  'library.changed',
  'watch.changed',
  'chat.event',
]

export interface IpcError {
  code: string
  message: string
}
/** Errors cross as data: Electron's invoke keeps only the message of a thrown error. */
export type Result<T> = { ok: true; data: T } | { ok: false; error: IpcError }

export function isRouteName(name: string): name is RouteName {
  return Object.prototype.hasOwnProperty.call(routes, name)
}

/** The API the UI sees as `window.quire` (preload) or builds over HTTP (browser mode). */
export interface QuireApi {
  invoke<R extends RouteName>(route: R, input: RouteInput<R>): Promise<Result<RouteOutput<R>>>
  on<E extends EventName>(event: E, listener: (payload: EventPayloads[E]) => void): () => void
  shell: 'desktop' | 'browser'
  /** Browser only: streams one file's bytes to the server; the id then goes to `library.upload`. */
  upload?: (file: Blob) => Promise<Result<{ uploadId: string }>>
  /** Desktop only: the file-system path of a dropped File. */
  pathForFile?: (file: { readonly name: string }) => string
}

export {
  IPC_EVENT_CHANNEL,
  IPC_GRANT_PATH_CHANNEL,
  IPC_INVOKE_CHANNEL,
  TOKEN_HEADER,
} from './ipc-channels.js'

/**
 * Browser mode: each server-sent event is an unnamed `message` whose data is this JSON, so one
 * EventSource.onmessage handler dispatches every event.
 */
export interface SseMessage<E extends EventName = EventName> {
  event: E
  payload: EventPayloads[E]
}
