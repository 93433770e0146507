import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { echoSourcesReply } from '@tests/fake-ollama/index.js'
import { ECHO_MODEL, useHandbookWithEchoModel } from '@tests/helpers/handbook-library.js'
import { Answerer } from '../engine/answer/answerer.js'
import { ConversationStore } from '../engine/chat/conversation-store.js'
import { BackgroundSummaries } from './background-summaries.js'
import { EventBus } from './event-bus.js'

const env = useHandbookWithEchoModel()
let answerer: Answerer
let events: EventBus
let busy = false
let background: BackgroundSummaries

beforeEach(() => {
  answerer = new Answerer({
    search: env.lib.search,
    conversations: new ConversationStore(env.lib.db),
    ollama: { host: env.fake.url, model: ECHO_MODEL },
  })
  events = new EventBus()
  busy = false
  background = new BackgroundSummaries({
    answerer: () => answerer,
    events,
    busy: () => busy,
    machineIdle: () => true,
    intervalMs: 3_600_000,
  })
})
afterEach(async () => {
  await background.close()
})

describe('summaries built in the background', () => {
  it('does nothing while the setting is off (the default)', async () => {
    expect(await background.tick()).toBeNull()
    expect(env.fake.chats).toHaveLength(0)
  })

  it('when on and idle, summarises the next document; then a summary asks the model nothing', async () => {
    background.setEnabled(true)
    const id = env.lib.documents()[0]!.id
    expect(await background.tick()).toBe(id)
    const calls = env.fake.chats.length
    expect(calls).toBeGreaterThan(0)
    expect(await background.tick()).toBeNull() // nothing left to do
    const asked = await answerer.ask('Summarize pump-handbook.pdf')
    expect(asked.extras.summary?.modelCalls).toBe(0)
    expect(env.fake.chats).toHaveLength(calls)
  })

  it('waits while an answer or an import runs, and stops at once when a question starts', async () => {
    background.setEnabled(true)
    busy = true
    expect(await background.tick()).toBeNull()
    expect(env.fake.chats).toHaveLength(0)
    busy = false
    env.fake.setScript({
      models: [{ name: ECHO_MODEL, contextLength: 4096 }],
      chat: (body, index) => {
        if (index === 1)
          events.emit('chat.event', {
            requestId: 'r',
            event: { type: 'started', conversationId: 1, questionMessageId: 1 },
          })
        return echoSourcesReply(body)
      },
    })
    expect(await background.tick()).toBeNull()
    const stoppedAt = env.fake.chats.length
    expect(stoppedAt).toBeLessThanOrEqual(2)
    // The sections done are kept: the next idle moment continues from there.
    expect(await background.tick()).toBe(env.lib.documents()[0]!.id)
  })
})
