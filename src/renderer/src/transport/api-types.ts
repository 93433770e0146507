// The renderer's view of the IPC contract (src/shared/ipc-contract.spec.md). The renderer depends
// only on this API object — preload in Electron, HTTP+SSE in the browser, an in-memory fake in tests.
import type {
  AnswerEvent,
  Conversation,
  Message,
  OllamaStatus,
} from '../../../shared/chat-types.js'
import type {
  EmbeddingStatus,
  IngestProgress,
  IngestReport,
  LibraryDocument,
  SearchResponse,
  TextItemBox,
} from '../../../shared/library-types.js'

export interface AppInfo {
  version: string
  shell: 'desktop' | 'browser'
  libraryDir: string
  firstRun: boolean
}

export interface PageText {
  documentId: number
  pageNo: number
  text: string
  items: TextItemBox[]
  width: number
  height: number
}

export interface Settings {
  ollamaHost: string
  model: string | null
}

export interface LibraryStatus {
  embedding: EmbeddingStatus
  libraryDir: string
  documents: number
  chunks: number
}

type Empty = Record<string, never>

export interface RouteMap {
  'app.info': { input: Empty; output: AppInfo }
  'library.documents': { input: Empty; output: LibraryDocument[] }
  'library.import': { input: { paths: string[] }; output: { jobId: string } }
  'library.upload': { input: { files: { name: string; base64: string }[] }; output: { jobId: string } }
  'library.pickFiles': { input: { folders?: boolean }; output: { paths: string[] } }
  'library.cancelImport': { input: { jobId: string }; output: Empty }
  'library.remove': { input: { documentId: number }; output: Empty }
  'library.page': { input: { documentId: number; pageNo: number }; output: PageText }
  'library.pdfUrl': { input: { documentId: number }; output: { url: string } }
  'library.status': { input: Empty; output: LibraryStatus }
  'library.importModelFolder': { input: { path: string }; output: EmbeddingStatus }
  'search.query': { input: { query: string; k?: number; documentIds?: number[] }; output: SearchResponse }
  'chat.ask': {
    input: {
      question: string
      conversationId?: number | null
      documentIds?: number[]
      regenerateMessageId?: number
    }
    output: { requestId: string; conversationId: number }
  }
  'chat.stop': { input: { requestId: string }; output: Empty }
  'conversations.list': { input: { query?: string }; output: Conversation[] }
  'conversations.get': { input: { id: number }; output: { conversation: Conversation; messages: Message[] } }
  'conversations.rename': { input: { id: number; title: string }; output: Conversation }
  'conversations.delete': { input: { id: number }; output: Empty }
  'conversations.export': { input: { id: number }; output: { markdown: string; fileName: string } }
  'settings.get': { input: Empty; output: Settings }
  'settings.set': { input: Partial<Settings>; output: Settings }
  'ollama.status': { input: Empty; output: OllamaStatus }
}

export interface EventMap {
  'library.progress': { jobId: string; progress: IngestProgress; etaSeconds: number | null }
  'library.importDone': { jobId: string; report: IngestReport }
  'library.changed': Empty
  'chat.event': { requestId: string; event: AnswerEvent }
}

export type Route = keyof RouteMap
export type EventName = keyof EventMap
export type RouteInput<R extends Route> = RouteMap[R]['input']
export type RouteOutput<R extends Route> = RouteMap[R]['output']

export interface ApiError {
  code: string
  message: string
}

export type Result<T> = { ok: true; data: T } | { ok: false; error: ApiError }

export interface QuireApi {
  invoke<R extends Route>(route: R, input: RouteInput<R>): Promise<Result<RouteOutput<R>>>
  on<E extends EventName>(event: E, listener: (payload: EventMap[E]) => void): () => void
  /** Desktop only: the file-system path of a dropped File (Electron's webUtils.getPathForFile). */
  pathForFile?: (file: File) => string
}

/** Thrown by `call` so store code can use try/catch while the wire stays error-as-data. */
export class ApiCallError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message)
    this.name = 'ApiCallError'
  }
}

/** Invokes a route and unwraps the result, throwing ApiCallError on `{ ok: false }`. */
export async function call<R extends Route>(api: QuireApi, route: R, input: RouteInput<R>): Promise<RouteOutput<R>> {
  const res = await api.invoke(route, input)
  if (!res.ok) throw new ApiCallError(res.error.code, res.error.message)
  return res.data
}
