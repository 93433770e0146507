import { describe, expect, it } from 'vitest'
import type { AnswerMessage, AnswerResult, Citation } from '@shared/chat-types.js'
import { answerResult, createFakeApi, message } from '../test/fake-api.js'
import { createChatStore } from './chat-store.js'

const source: Citation = {
  n: 1,
  chunkId: 7,
  documentId: 3,
  file: '/a.pdf',
  title: 'Alpha',
  pages: [2],
  text: 'Tides rise.',
}

function result(over: Partial<AnswerMessage> = {}): AnswerResult {
  return answerResult({
    id: 11,
    conversationId: 5,
    model: 'm',
    text: 'Tides rise [1]',
    citations: [source],
    sources: [source],
    ...over,
  })
}

const tick = () => new Promise((r) => setTimeout(r, 0))

describe('chat store', () => {
  it('streams an answer, replaying events that arrived before chat.ask returned', async () => {
    let release!: () => void
    const api = createFakeApi({
      'chat.ask': () => new Promise((r) => (release = () => r({ requestId: 'r1', conversationId: 5 }))),
      'conversations.get': () => ({
        conversation: { id: 5, title: 't', createdAt: '', updatedAt: '', messageCount: 2 },
        messages: [
          message(10, { role: 'user', text: 'Why?' }),
          message(11, { text: 'Tides rise [1]', citations: [source] }),
        ],
      }),
    })
    const changed: number[] = []
    const store = createChatStore(api, { onConversationChanged: (id) => changed.push(id) })
    const pending = store.getState().ask('Why?')
    await tick()
    expect(store.getState().messages.map((m) => m.text)).toEqual(['Why?'])
    store.getState().onChatEvent({
      requestId: 'r1',
      event: { type: 'retrieval', trace: {} as AnswerMessage['trace'], sources: [source] },
    })
    store.getState().onChatEvent({ requestId: 'r1', event: { type: 'token', text: 'Tides' } })
    release()
    await pending
    expect(store.getState().streaming).toMatchObject({ requestId: 'r1', text: 'Tides', retrieved: true })
    store.getState().onChatEvent({ requestId: 'r1', event: { type: 'token', text: ' rise [1]' } })
    expect(store.getState().streaming?.text).toBe('Tides rise [1]')
    store.getState().onChatEvent({ requestId: 'other', event: { type: 'token', text: 'noise' } })
    expect(store.getState().streaming?.text).toBe('Tides rise [1]')
    store.getState().onChatEvent({ requestId: 'r1', event: { type: 'done', result: result() } })
    await tick()
    expect(store.getState().streaming).toBeNull()
    expect(store.getState().conversationId).toBe(5)
    expect(store.getState().messages.map((m) => m.id)).toEqual([10, 11])
    expect(changed).toContain(5)
  })

  it('a question the library could not save (busy) goes back to the question box; a saved one does not', async () => {
    let stored: ReturnType<typeof message>[] = [message(10, { role: 'user', text: 'Earlier?' })]
    const api = createFakeApi({
      'chat.ask': () => ({ requestId: 'r4', conversationId: 5 }),
      'conversations.get': () => ({
        conversation: { id: 5, title: 't', createdAt: '', updatedAt: '', messageCount: stored.length },
        messages: stored,
      }),
    })
    const store = createChatStore(api)
    const busy = {
      type: 'failed' as const,
      conversationId: 5,
      messageId: null,
      code: 'LIBRARY_BUSY',
      message: 'The library is busy: …',
    }
    await store.getState().ask('Why?')
    store.getState().onChatEvent({ requestId: 'r4', event: busy })
    await tick()
    expect(store.getState()).toMatchObject({ error: 'The library is busy: …', unsent: { text: 'Why?' } })

    // Saved (its reply could not be): it stays in the conversation for Retry, the box stays empty.
    stored = [...stored, message(12, { role: 'user', text: 'How?' })]
    await store.getState().ask('How?')
    store.getState().onChatEvent({ requestId: 'r4', event: busy })
    await tick()
    expect(store.getState().unsent).toBeNull()
  })

  it('a failed answer ends the stream and shows the stored failed reply', async () => {
    const api = createFakeApi({
      'chat.ask': () => ({ requestId: 'r3', conversationId: 5 }),
      'conversations.get': () => ({
        conversation: { id: 5, title: 't', createdAt: '', updatedAt: '', messageCount: 2 },
        messages: [
          message(10, { role: 'user', text: 'Why?' }),
          message(11, { text: '', status: 'failed', error: 'The library is damaged.' }),
        ],
      }),
    })
    const store = createChatStore(api)
    await store.getState().ask('Why?')
    store.getState().onChatEvent({
      requestId: 'r3',
      event: {
        type: 'failed',
        conversationId: 5,
        messageId: 11,
        code: 'X',
        message: 'The library is damaged.',
      },
    })
    await tick()
    expect(store.getState().streaming).toBeNull()
    expect(store.getState().messages.map((m) => [m.id, m.status])).toEqual([
      [10, 'complete'],
      [11, 'failed'],
    ])
  })

  it('stops a request even when Stop comes before the request id is known', async () => {
    let release!: () => void
    const api = createFakeApi({
      'chat.ask': () => new Promise((r) => (release = () => r({ requestId: 'r2', conversationId: 1 }))),
      'chat.stop': () => ({}),
    })
    const store = createChatStore(api)
    const pending = store.getState().ask('Q')
    await tick()
    await store.getState().stop()
    expect(api.callsTo('chat.stop')).toHaveLength(0)
    release()
    await pending
    await tick()
    expect(api.callsTo('chat.stop')).toEqual([{ requestId: 'r2' }])
  })

  it('regenerates with the question before the answer and hides the old answer meanwhile', async () => {
    const api = createFakeApi({
      'conversations.get': () => ({
        conversation: { id: 1, title: 't', createdAt: '', updatedAt: '', messageCount: 2 },
        messages: [message(1, { role: 'user', text: 'What is X?' }), message(2, { text: 'X is Y [1]' })],
      }),
      'chat.ask': () => ({ requestId: 'r3', conversationId: 1 }),
    })
    const store = createChatStore(api)
    await store.getState().open(1)
    await store.getState().regenerate(2, [4])
    expect(api.callsTo('chat.ask')).toEqual([
      { question: 'What is X?', conversationId: 1, documentIds: [4], regenerateMessageId: 2 },
    ])
    expect(store.getState().streaming?.replacing).toBe(2)
  })

  it('an answer streaming when another conversation opens goes on there, and shows when it is opened again', async () => {
    let answered = false
    const api = createFakeApi({
      'chat.ask': () => ({ requestId: 'r1', conversationId: 5 }),
      'conversations.get': ({ id }) => ({
        conversation: { id, title: 't', createdAt: '', updatedAt: '', messageCount: 2 },
        messages:
          id === 5
            ? [
                message(10, { conversationId: 5, role: 'user', text: 'Why?' }),
                ...(answered ? [message(11, { conversationId: 5, text: 'Tides rise [1]' })] : []),
              ]
            : [message(20, { conversationId: 8, role: 'user', text: 'Other?' })],
      }),
    })
    let historyChanged = 0
    const store = createChatStore(api, { onHistoryChanged: () => historyChanged++ })
    await store.getState().ask('Why?')
    store.getState().onChatEvent({ requestId: 'r1', event: { type: 'token', text: 'Tides' } })

    // Another conversation opens: it shows alone; the answer goes on, out of view.
    await store.getState().open(8)
    expect(store.getState()).toMatchObject({ conversationId: 8, streaming: null })
    expect(store.getState().messages.map((m) => m.id)).toEqual([20])
    store.getState().onChatEvent({ requestId: 'r1', event: { type: 'token', text: ' rise' } })
    expect(store.getState().streaming).toBeNull()
    expect(store.getState().messages.map((m) => m.id)).toEqual([20])

    // Back to it while it streams: the answer so far, still streaming, and its end in view.
    await store.getState().open(5)
    expect(store.getState().streaming).toMatchObject({ requestId: 'r1', text: 'Tides rise' })
    expect(store.getState().messages.map((m) => m.id)).toEqual([10])
    await store.getState().open(8)
    answered = true
    store.getState().onChatEvent({
      requestId: 'r1',
      event: { type: 'done', result: result({ conversationId: 5 }) },
    })
    expect(historyChanged).toBe(1)
    expect(store.getState()).toMatchObject({ conversationId: 8, streaming: null })

    // Finished while away: opening it shows the saved answer, nothing streaming.
    await store.getState().open(5)
    expect(store.getState().streaming).toBeNull()
    expect(store.getState().messages.map((m) => m.id)).toEqual([10, 11])
  })

  it('a question whose reply comes after another conversation opened streams there, not in view; the view can ask its own', async () => {
    let release!: () => void
    const api = createFakeApi({
      'chat.ask': ({ conversationId }) =>
        conversationId === 8
          ? { requestId: 'r2', conversationId: 8 }
          : new Promise((r) => (release = () => r({ requestId: 'r1', conversationId: 5 }))),
      'conversations.get': ({ id }) => ({
        conversation: { id, title: 't', createdAt: '', updatedAt: '', messageCount: 1 },
        messages: [message(id * 10, { conversationId: id, role: 'user', text: `Question ${id}` })],
      }),
    })
    const store = createChatStore(api)
    const pending = store.getState().ask('Why?')
    await tick()
    // Its first events come before chat.ask's reply, and it is sent away before it too.
    store.getState().onChatEvent({ requestId: 'r1', event: { type: 'token', text: 'Tides' } })
    await store.getState().open(8)
    release()
    await pending
    expect(store.getState()).toMatchObject({ conversationId: 8, streaming: null })
    await store.getState().ask('And here?')
    expect(store.getState().streaming).toMatchObject({ requestId: 'r2' })
    store.getState().onChatEvent({ requestId: 'r1', event: { type: 'token', text: ' rise' } })
    store.getState().onChatEvent({ requestId: 'r2', event: { type: 'token', text: 'Here' } })
    expect(store.getState().streaming?.text).toBe('Here')
    // Opening the first conversation takes its answer back, with every token it missed.
    await store.getState().open(5)
    expect(store.getState().streaming).toMatchObject({ requestId: 'r1', text: 'Tides rise' })
  })

  it('keeps the error and drops the optimistic question when asking fails', async () => {
    const api = createFakeApi()
    const store = createChatStore(api)
    await store.getState().ask('Q')
    expect(store.getState().error).toMatch(/No fake handler/)
    expect(store.getState().messages).toEqual([])
    expect(store.getState().streaming).toBeNull()
  })
})
