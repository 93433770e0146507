// An in-memory stand-in for the transport API object (the renderer's injected dependency), with
// scripted route handlers, recorded calls, and a way to push events as the main process would.
import { createEventHub } from '@shared/event-hub.js'
import type {
  EventMap,
  EventName,
  QuireApi,
  Result,
  Route,
  RouteInput,
  RouteOutput,
} from '../transport/api-types.js'
import type { AnswerMessage, AnswerResult, Conversation, Message, OllamaStatus } from '@shared/chat-types.js'
import type { LibraryDocument } from '@shared/library-types.js'

type Handler<R extends Route> = (input: RouteInput<R>) => RouteOutput<R> | Promise<RouteOutput<R>>
export type Handlers = { [R in Route]?: Handler<R> }

export interface FakeApi extends QuireApi {
  calls: { route: Route; input: unknown }[]
  /** The bytes of each file streamed through `upload`, in order. */
  uploads: Uint8Array[]
  handlers: Handlers
  emit<E extends EventName>(event: E, payload: EventMap[E]): void
  callsTo(route: Route): unknown[]
}

export class FakeError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

export function readyOllama(over: Partial<OllamaStatus> = {}): OllamaStatus {
  return {
    state: 'ready',
    host: 'http://127.0.0.1:11434',
    model: 'llama3.2:3b',
    models: ['llama3.2:3b', 'qwen2.5:7b'],
    version: '0.5.0',
    contextLength: 8192,
    message: 'Ollama is running with llama3.2:3b.',
    fix: null,
    ...over,
  }
}

export function doc(id: number, over: Partial<LibraryDocument> = {}): LibraryDocument {
  return {
    id,
    path: `/lib/doc-${id}.pdf`,
    title: `Document ${id}`,
    sha256: 'x',
    pages: 3,
    format: 'pdf',
    chunks: 5,
    status: 'indexed',
    errorCode: null,
    error: null,
    createdAt: '2024-01-01T00:00:00Z',
    updatedAt: '2024-01-01T00:00:00Z',
    ocrPages: 0,
    lowConfidencePages: [],
    blankPages: [],
    outdated: false,
    ...over,
  }
}

export function conversation(id: number, title = `Conversation ${id}`): Conversation {
  return { id, title, createdAt: '2024-01-01T00:00:00Z', updatedAt: '2024-01-01T00:00:00Z', messageCount: 2 }
}

export function message(id: number, over: Partial<Message> = {}): Message {
  return {
    id,
    conversationId: 1,
    role: 'assistant',
    text: '',
    citations: [],
    sources: [],
    replyTo: null,
    ollama: null,
    trace: null,
    model: 'llama3.2:3b',
    mode: 'llm',
    status: 'complete',
    declined: false,
    timings: null,
    warnings: [],
    error: null,
    createdAt: '2024-01-01T00:00:00Z',
    ...over,
  }
}

/** A finished answer as the engine sends it: the stored message and the checks' extras. */
export function answerResult(
  over: Partial<AnswerMessage> = {},
  extras: Partial<AnswerResult['extras']> = {},
): AnswerResult {
  return {
    message: {
      ...message(over.id ?? 2),
      role: 'assistant',
      mode: 'llm',
      trace: {} as AnswerMessage['trace'],
      timings: { retrievalMs: 1, firstTokenMs: 1, totalMs: 2 },
      ...over,
    },
    extras: { invalidCitations: [], unsupportedFigures: [], ...extras },
  }
}

/** Sensible defaults for every route a view touches on start; tests override what they need. */
export function defaultHandlers(): Handlers {
  return {
    'app.info': () => ({ version: '0.1.0', shell: 'browser', libraryDir: '/lib', firstRun: false }),
    'settings.get': () => ({
      ollamaHost: 'http://127.0.0.1:11434',
      model: 'llama3.2:3b',
      ocr: true,
      answerPassages: 6,
      minCoverage: 0.25,
    }),
    'settings.set': (input) => ({
      ollamaHost: input.ollamaHost ?? 'http://127.0.0.1:11434',
      model: input.model ?? null,
      ocr: input.ocr ?? true,
      answerPassages: input.answerPassages ?? 6,
      minCoverage: input.minCoverage ?? 0.25,
    }),
    'ollama.status': () => readyOllama(),
    'library.documents': () => [],
    'library.status': () => ({
      embedding: { mode: 'hybrid', model: 'all-MiniLM-L6-v2', modelDir: '/m', reason: null },
      libraryDir: '/lib',
      documents: 0,
      chunks: 0,
    }),
    'conversations.list': () => [],
    'collections.list': () => [],
    'library.pickFiles': () => {
      throw new FakeError('NOT_AVAILABLE', 'Not available in the browser')
    },
  }
}

export function createFakeApi(overrides: Handlers = {}): FakeApi {
  const events = createEventHub()
  const calls: { route: Route; input: unknown }[] = []
  const handlers: Handlers = { ...defaultHandlers(), ...overrides }
  const uploads: Uint8Array[] = []
  const api: FakeApi = {
    shell: 'browser',
    calls,
    handlers,
    uploads,
    async upload(file) {
      uploads.push(new Uint8Array(await file.arrayBuffer()))
      return { ok: true, data: { uploadId: `u${uploads.length}` } }
    },
    async invoke<R extends Route>(route: R, input: RouteInput<R>): Promise<Result<RouteOutput<R>>> {
      calls.push({ route, input })
      const h = handlers[route] as Handler<R> | undefined
      if (!h) return { ok: false, error: { code: 'NOT_FOUND', message: `No fake handler for ${route}` } }
      try {
        return { ok: true, data: await h(input) }
      } catch (err) {
        const e = err as FakeError
        return { ok: false, error: { code: e.code ?? 'INTERNAL', message: e.message } }
      }
    },
    on(event, listener) {
      return events.on(event, listener as (p: unknown) => void)
    },
    emit(event, payload) {
      events.emit(event, payload)
    },
    callsTo(route) {
      return calls.filter((c) => c.route === route).map((c) => c.input)
    },
  }
  return api
}
