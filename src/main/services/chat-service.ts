import { randomUUID } from 'node:crypto'
import type { AnswerEvent } from '@shared/chat-types.js'
import { QuireError, errorCodeOf, errorMessageOf } from '@shared/errors.js'
import type { OpenLibrary } from '../engine/open-library/open-library.js'
import { isLibraryBusy, libraryBusy } from '../engine/store/busy-wait.js'
import type { EventBus } from './event-bus.js'

export interface AskInput {
  question: string
  conversationId?: number | null
  /** For a new conversation: the collection it belongs to and searches (absent or null: all documents). */
  collectionId?: number | null
  /** Documents ticked for this question: searched instead of the conversation's collection. */
  documentIds?: number[]
  regenerateMessageId?: number
  /** Ask this question again in the words of `question`: a new version of its turn. */
  editQuestionId?: number
  /** Answer with this document's cited summary (the library's Summarize action). */
  summarizeDocumentId?: number
}

/**
 * Questions to the answerer, each under a request id: the call returns at once and the answer
 * streams as `chat.event` events; `stop` cancels it (the partial answer is kept by the answerer).
 */
export class ChatService {
  private readonly running = new Map<string, AbortController>()
  /** Answers started and not yet settled (run() never rejects: failures become events). */
  private readonly answering = new Set<Promise<void>>()

  constructor(
    /** The open library (read at each question: it may have been reopened since). */
    private readonly owner: () => OpenLibrary,
    private readonly events: EventBus,
  ) {}

  ask(input: AskInput): { requestId: string; conversationId: number } {
    const owner = this.owner()
    const answerer = owner.answerer
    const store = owner.conversations
    let question = input.question.trim()
    let conversationId = input.conversationId ?? null
    let regenerate: number | undefined
    let revise: number | undefined
    if (input.editQuestionId !== undefined) {
      const target = store.message(input.editQuestionId)
      if (
        !target ||
        target.role !== 'user' ||
        (conversationId !== null && target.conversationId !== conversationId)
      ) {
        throw new QuireError('MESSAGE_NOT_FOUND', `There is no question ${input.editQuestionId} to edit.`)
      }
      conversationId = target.conversationId
      revise = target.id
    }
    if (input.regenerateMessageId !== undefined) {
      // Regenerating answers the question behind that answer again: a new version of the same turn.
      const target = store.message(input.regenerateMessageId)
      if (!target || (conversationId !== null && target.conversationId !== conversationId)) {
        throw new QuireError(
          'MESSAGE_NOT_FOUND',
          `There is no message ${input.regenerateMessageId} to regenerate.`,
        )
      }
      conversationId = target.conversationId
      const asked = store
        .messages(conversationId)
        .filter((m) => m.role === 'user' && m.id <= target.id)
        .at(-1)
      if (asked) {
        question = asked.text
        regenerate = asked.id
      }
    }
    // The conversation exists before the call returns, so the UI can select it straight away. A
    // library another writer holds past the connection's wait is said as such (LIBRARY_BUSY).
    const conversation =
      conversationId === null
        ? createWhenFree(owner, question, input.collectionId ?? null)
        : store.require(conversationId)
    // The ticked documents, else the conversation's collection, else all (recorded on the answer).
    const scope = owner.scopeOf({ conversationId: conversation.id, documentIds: input.documentIds })
    const requestId = randomUUID()
    const controller = new AbortController()
    this.running.set(requestId, controller)
    // Start on the next turn of the event loop, so the caller has the request id before the first
    // event for it is sent (UIs should still tolerate events that overtake the reply).
    let ended = false
    const emit = (event: AnswerEvent) => {
      if (event.type === 'done' || event.type === 'failed') ended = true
      this.events.emit('chat.event', { requestId, event })
    }
    const run = () =>
      answerer
        .ask(question, {
          conversationId: conversation.id,
          scope,
          ...(regenerate !== undefined ? { regenerate } : {}),
          ...(revise !== undefined ? { revise } : {}),
          ...(input.summarizeDocumentId !== undefined ? { summarize: input.summarizeDocumentId } : {}),
          signal: controller.signal,
          onEvent: emit,
        })
        .catch((err: unknown) => {
          console.error('[chat] answer failed', err)
          // The answerer reports failures once the question is stored; before that, this does.
          if (!ended) {
            const [code, message] = [errorCodeOf(err), errorMessageOf(err)]
            emit({ type: 'failed', conversationId: conversation.id, messageId: null, code, message })
          }
        })
        .finally(() => this.running.delete(requestId))
    const answering = new Promise<void>((resolve) => setImmediate(() => void run().then(() => resolve())))
    this.answering.add(answering)
    void answering.then(() => this.answering.delete(answering))
    return { requestId, conversationId: conversation.id }
  }

  /** True while an answer is being produced (background summaries wait for it). */
  get busy(): boolean {
    return this.answering.size > 0
  }

  /** Unknown ids are ignored: the answer may have finished a moment before. */
  stop(requestId: string): void {
    this.running.get(requestId)?.abort()
  }

  stopAll(): void {
    for (const c of this.running.values()) c.abort()
  }

  /** Resolves when no answer is in progress (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.answering.size) await Promise.all(this.answering)
  }
}

function createWhenFree(owner: OpenLibrary, question: string, collectionId: number | null) {
  try {
    return owner.startConversation(question, collectionId)
  } catch (err) {
    if (!isLibraryBusy(err)) throw err
    const waited = owner.conversations.db.pragma('busy_timeout', { simple: true }) as number
    throw libraryBusy('the question could not be saved', waited)
  }
}
