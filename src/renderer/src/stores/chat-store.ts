// The open conversation: its messages, the answer streaming in, stop and regenerate; answers that
// go on streaming in conversations opened away from.
import { createStore, type StoreApi } from 'zustand/vanilla'
import type {
  AnswerEvent,
  AnswerResult,
  Citation,
  Message,
  RetrievalTrace,
  SummaryProgress,
} from '@shared/chat-types.js'
import { call, type EventMap, type QuireApi } from '../transport/api-types.js'

export interface StreamingAnswer {
  /** Which question this is, from the moment it is asked (its requestId comes with chat.ask's reply). */
  key: number
  requestId: string | null
  question: string
  text: string
  sources: Citation[]
  /** Set once retrieval finished; before that the UI says "Searching your documents…". */
  retrieved: boolean
  /** The question continues a conversation (the wait begins with understanding the follow-up). */
  followUp: boolean
  /** What retrieval did (the standalone question searched for), once it finished. */
  trace: RetrievalTrace | null
  stopRequested: boolean
  /** Message being regenerated: hidden while its replacement streams. */
  replacing: number | null
  /** A document's summary being built: how far it has come (null for other answers). */
  progress: SummaryProgress | null
}

export interface ChatState {
  conversationId: number | null
  messages: Message[]
  streaming: StreamingAnswer | null
  loading: boolean
  error: string | null
  /**
   * A question that could not be saved (the library busy, the app unreachable): given back to the
   * question box, so it is asked again as it was instead of typed again. A new object each time.
   */
  unsent: { text: string } | null
  /**
   * Opens a conversation (null: a new one). An answer streaming in the conversation open goes on in
   * the background and is saved there; opening that conversation again shows it, still streaming or
   * finished.
   */
  open(conversationId: number | null): Promise<void>
  ask(question: string, documentIds?: number[]): Promise<void>
  /** The library's Summarize action: the document's cited summary as the next answer. */
  summarize(documentId: number, fileName: string): Promise<void>
  regenerate(messageId: number, documentIds?: number[]): Promise<void>
  /**
   * Asks a question again in new words: a new version of its turn, as regenerate makes. `answerId`
   * is the turn's current answer, hidden while the new one streams.
   */
  edit(questionId: number, question: string, answerId: number | null, documentIds?: number[]): Promise<void>
  stop(): Promise<void>
  onChatEvent(e: EventMap['chat.event']): void
}

export interface ChatStoreDeps {
  /** Called when a conversation gained messages or was created, so the history list refreshes. */
  onConversationChanged?: (conversationId: number) => void
  /**
   * Called when an answer in a conversation no longer open was saved or failed, so the history
   * list refreshes (the open conversation's own changes are onConversationChanged).
   */
  onHistoryChanged?: () => void
  /** Called with every finished answer (the Ollama status follows each outcome). */
  onAnswer?: (result: AnswerResult) => void
  /** The open collection: a new conversation belongs to it and searches only it (null: all documents). */
  collectionId?: () => number | null
}

let optimisticId = -1
let nextKey = 1

/** An answer still streaming in a conversation that is no longer open. */
interface BackgroundAnswer {
  answer: StreamingAnswer
  /** Null until chat.ask replies for a question that started a new conversation. */
  conversationId: number | null
}

/** The answer with a streamed event taken in (the events that do not end it). */
function step(s: StreamingAnswer, event: AnswerEvent): StreamingAnswer {
  switch (event.type) {
    case 'retrieval':
      return { ...s, sources: event.sources, retrieved: true, trace: event.trace }
    case 'token':
      return { ...s, text: s.text + event.text, retrieved: true }
    case 'summary-progress': {
      const { stage, done, total } = event
      return { ...s, progress: { stage, done, total } }
    }
    default:
      return s
  }
}

/** The question shown at once, before the app has stored it (a negative id until then). */
function optimisticQuestion(text: string, conversationId: number | null): Message {
  return {
    id: optimisticId--,
    conversationId: conversationId ?? 0,
    role: 'user',
    text,
    citations: [],
    sources: [],
    replyTo: null,
    ollama: null,
    trace: null,
    model: null,
    mode: null,
    status: 'complete',
    declined: false,
    timings: null,
    warnings: [],
    error: null,
    createdAt: new Date().toISOString(),
  }
}

export function createChatStore(api: QuireApi, deps: ChatStoreDeps = {}): StoreApi<ChatState> {
  // Events for a request can beat chat.ask's reply (SSE vs HTTP race); hold them until we know the id.
  const early = new Map<string, AnswerEvent[]>()
  // Answers that went on streaming when another conversation was opened: followed to their end
  // (the app saves them in their own conversation), taken back when theirs is opened again.
  const background = new Set<BackgroundAnswer>()
  // Answers whose end came while their conversation is read again: nothing left to follow.
  const ended = new Set<number>()
  const backgroundWith = (pred: (b: BackgroundAnswer) => boolean) => [...background].find(pred)

  return createStore<ChatState>((set, get) => {
    async function reload(conversationId: number, answered?: Message): Promise<void> {
      try {
        const { messages } = await call(api, 'conversations.get', { id: conversationId })
        if (get().conversationId === conversationId) set({ messages })
      } catch {
        // The answer is already the stored message: show it even if the rest could not be read.
        if (answered && get().conversationId === conversationId)
          set((s) => ({ messages: [...s.messages, answered] }))
      }
    }

    function apply(event: AnswerEvent): void {
      const s = get().streaming
      if (!s) return
      switch (event.type) {
        case 'started':
          if (get().conversationId !== event.conversationId) set({ conversationId: event.conversationId })
          return
        case 'done': {
          // The stored message itself; the checks' extras are already worded in its warnings.
          const { message } = event.result
          deps.onAnswer?.(event.result)
          set({ conversationId: message.conversationId })
          ended.add(s.key)
          void reload(message.conversationId, message).then(() => {
            ended.delete(s.key)
            // Another conversation was opened meanwhile: this one is saved, the history is told.
            if (get().streaming?.key !== s.key) return deps.onHistoryChanged?.()
            set({ streaming: null })
            deps.onConversationChanged?.(message.conversationId)
          })
          return
        }
        case 'failed':
          // No answer at all: the stored conversation holds the failed reply with its reason.
          ended.add(s.key)
          void reload(event.conversationId).then(() => {
            ended.delete(s.key)
            if (get().streaming?.key !== s.key) return deps.onHistoryChanged?.()
            if (event.messageId === null) set({ error: event.message })
            // Not saved at all (no question of that text ends the conversation): back to the box.
            const last = get()
              .messages.filter((m) => m.role === 'user')
              .at(-1)
            if (event.messageId === null && s.replacing === null && last?.text !== s.question)
              set({ unsent: { text: s.question } })
            set({ streaming: null })
            deps.onConversationChanged?.(event.conversationId)
          })
          return
        default:
          set({ streaming: step(s, event) })
      }
    }

    /** An event of an answer in the background: its end is only told to the history. */
    function applyInBackground(b: BackgroundAnswer, event: AnswerEvent): void {
      if (event.type === 'started') b.conversationId = event.conversationId
      else if (event.type === 'done' || event.type === 'failed') {
        background.delete(b)
        if (event.type === 'done') deps.onAnswer?.(event.result)
        deps.onHistoryChanged?.()
      } else b.answer = step(b.answer, event)
    }

    /** The answer streaming goes on in the background: another conversation is being opened. */
    function toBackground(): void {
      const s = get().streaming
      if (!s) return
      if (!ended.has(s.key)) background.add({ answer: s, conversationId: get().conversationId })
      set({ streaming: null })
    }

    /** chat.ask replied for an answer already in the background. */
    function startedInBackground(
      b: BackgroundAnswer,
      res: { requestId: string; conversationId: number },
    ): void {
      b.answer = { ...b.answer, requestId: res.requestId }
      b.conversationId = res.conversationId
      deps.onHistoryChanged?.()
      if (b.answer.stopRequested) void call(api, 'chat.stop', { requestId: res.requestId }).catch(() => {})
      for (const e of early.get(res.requestId) ?? []) applyInBackground(b, e)
      early.delete(res.requestId)
    }

    async function start(
      question: string,
      replacing: number | null,
      documentIds?: number[],
      editQuestionId?: number,
      summarizeDocumentId?: number,
    ): Promise<void> {
      if (get().streaming) return
      const key = nextKey++
      set({
        error: null,
        unsent: null,
        streaming: {
          key,
          requestId: null,
          question,
          text: '',
          sources: [],
          retrieved: false,
          followUp: get().messages.some((m) => m.role === 'assistant'),
          trace: null,
          stopRequested: false,
          replacing,
          progress: null,
        },
      })
      try {
        const res = await call(api, 'chat.ask', {
          question,
          conversationId: get().conversationId,
          // A new conversation belongs to the open collection (an existing one keeps its own).
          ...(get().conversationId === null && (deps.collectionId?.() ?? null) !== null
            ? { collectionId: deps.collectionId!()! }
            : {}),
          ...(documentIds ? { documentIds } : {}),
          ...(summarizeDocumentId !== undefined ? { summarizeDocumentId } : {}),
          ...(editQuestionId !== undefined
            ? { editQuestionId }
            : replacing !== null
              ? { regenerateMessageId: replacing }
              : {}),
        })
        const away = backgroundWith((b) => b.answer.key === key)
        if (away) return startedInBackground(away, res)
        const current = get().streaming
        if (current?.key !== key) return
        set({ conversationId: res.conversationId, streaming: { ...current, requestId: res.requestId } })
        deps.onConversationChanged?.(res.conversationId)
        if (current.stopRequested) void call(api, 'chat.stop', { requestId: res.requestId }).catch(() => {})
        for (const e of early.get(res.requestId) ?? []) apply(e)
        early.delete(res.requestId)
      } catch (err) {
        // Not saved: nothing goes on in the background, and the conversation open now is another.
        const away = backgroundWith((b) => b.answer.key === key)
        if (away) return void background.delete(away)
        if (get().streaming?.key !== key) return
        set((s) => ({
          streaming: null,
          error: (err as Error).message,
          // Drop the optimistic question and give it back to the question box, to send again.
          messages: s.messages.filter((m) => m.id >= 0),
          unsent: replacing === null ? { text: question } : null,
        }))
      }
    }

    return {
      conversationId: null,
      messages: [],
      streaming: null,
      loading: false,
      error: null,
      unsent: null,

      async open(conversationId) {
        if (get().streaming) {
          if (conversationId === get().conversationId) return
          toBackground()
        }
        const resumed =
          conversationId === null ? undefined : backgroundWith((b) => b.conversationId === conversationId)
        if (resumed) background.delete(resumed)
        set({
          conversationId,
          messages: [],
          error: null,
          loading: conversationId !== null,
          streaming: resumed?.answer ?? null,
        })
        if (conversationId === null) return
        try {
          const { messages } = await call(api, 'conversations.get', { id: conversationId })
          if (get().conversationId === conversationId) set({ messages })
        } catch (err) {
          set({ error: (err as Error).message, conversationId: null })
        } finally {
          set({ loading: false })
        }
      },

      async ask(question, documentIds) {
        const q = question.trim()
        if (!q || get().streaming) return
        const optimistic = optimisticQuestion(q, get().conversationId)
        set((s) => ({ messages: [...s.messages, optimistic] }))
        await start(q, null, documentIds)
      },

      async summarize(documentId, fileName) {
        if (get().streaming) return
        const q = `Summarize ${fileName}`
        const optimistic = optimisticQuestion(q, get().conversationId)
        set((s) => ({ messages: [...s.messages, optimistic] }))
        await start(q, null, undefined, undefined, documentId)
      },

      async regenerate(messageId, documentIds) {
        const { messages } = get()
        const at = messages.findIndex((m) => m.id === messageId)
        const question = messages
          .slice(0, at)
          .reverse()
          .find((m) => m.role === 'user')?.text
        if (at < 0 || !question) return
        await start(question, messageId, documentIds)
      },

      async edit(questionId, question, answerId, documentIds) {
        const q = question.trim()
        if (!q || get().streaming) return
        await start(q, answerId, documentIds, questionId)
      },

      async stop() {
        const s = get().streaming
        if (!s) return
        if (!s.requestId) {
          set({ streaming: { ...s, stopRequested: true } })
          return
        }
        set({ streaming: { ...s, stopRequested: true } })
        try {
          await call(api, 'chat.stop', { requestId: s.requestId })
        } catch (err) {
          set({ error: (err as Error).message })
        }
      },

      onChatEvent({ requestId, event }) {
        const s = get().streaming
        if (s && s.requestId === requestId) return apply(event)
        const away = backgroundWith((b) => b.answer.requestId === requestId)
        if (away) return applyInBackground(away, event)
        // Held until chat.ask replies, for the answer in view or one sent to the background.
        if (s?.requestId === null || backgroundWith((b) => b.answer.requestId === null))
          early.set(requestId, [...(early.get(requestId) ?? []), event])
      },
    }
  })
}
