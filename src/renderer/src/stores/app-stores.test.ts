// Switching collection while an answer streams (docs/collections.md): the answer goes on in its own
// conversation, the view shows the collection opened, and coming back shows the answer.
import { describe, expect, it } from 'vitest'
import type { Conversation } from '@shared/chat-types.js'
import { answerResult, conversation, createFakeApi, message } from '../test/fake-api.js'
import { createAppStores } from './app-stores.js'

const tick = () => new Promise((r) => setTimeout(r, 0))

/** Resolves once `pred` holds (the stores' reactions run over several ticks). */
async function until(pred: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !pred(); i++) await tick()
  expect(pred()).toBe(true)
}

describe('app stores: switching collection', () => {
  it('an answer streaming in one collection goes on when another opens, and shows finished on coming back', async () => {
    // Collection 1 holds conversation 5 (the question asked now); collection 2 holds conversation 8.
    const members: Record<number, Conversation[]> = { 1: [], 2: [conversation(8, 'Tides')] }
    let answered = false
    const api = createFakeApi({
      'collections.list': () => [
        { id: 1, name: 'Case 14', documents: 1, createdAt: '' },
        { id: 2, name: 'Case 15', documents: 1, createdAt: '' },
      ],
      'collections.documentIds': () => [3],
      'conversations.list': ({ collectionId }) => (collectionId ? members[collectionId]! : []),
      'chat.ask': () => {
        members[1] = [conversation(5, 'Why?')]
        return { requestId: 'r1', conversationId: 5 }
      },
      'conversations.get': ({ id }) => ({
        conversation: conversation(id),
        messages:
          id === 5
            ? [
                message(10, { conversationId: 5, role: 'user', text: 'Why?' }),
                ...(answered ? [message(11, { conversationId: 5, text: 'Tides rise' })] : []),
              ]
            : [message(20, { conversationId: 8, role: 'user', text: 'Tides?' })],
      }),
    })
    const stores = createAppStores(api)
    const chat = () => stores.chat.getState()
    await stores.collections.getState().load()
    await stores.collections.getState().select(1)
    await chat().ask('Why?')
    expect(api.callsTo('chat.ask')).toEqual([{ question: 'Why?', conversationId: null, collectionId: 1 }])
    chat().onChatEvent({ requestId: 'r1', event: { type: 'token', text: 'Tides' } })

    // Case 15 opens with its own latest conversation; the answer is not shown there.
    await stores.collections.getState().select(2)
    await until(() => chat().conversationId === 8)
    expect(chat().streaming).toBeNull()
    expect(chat().messages.map((m) => m.id)).toEqual([20])

    // It ends meanwhile and is saved in conversation 5.
    chat().onChatEvent({ requestId: 'r1', event: { type: 'token', text: ' rise' } })
    answered = true
    chat().onChatEvent({
      requestId: 'r1',
      event: { type: 'done', result: answerResult({ id: 11, conversationId: 5, text: 'Tides rise' }) },
    })
    expect(chat()).toMatchObject({ conversationId: 8, streaming: null })

    // Back in Case 14: its conversation, with the finished answer.
    await stores.collections.getState().select(1)
    await until(() => chat().conversationId === 5 && chat().messages.length === 2)
    expect(chat().streaming).toBeNull()
    expect(chat().messages.map((m) => m.text)).toEqual(['Why?', 'Tides rise'])
  })
})
