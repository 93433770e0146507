import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { echoSourcesReply, startFakeOllama, type FakeOllama } from '@tests/fake-ollama/index.js'
import { handbookLibrary } from '@tests/helpers/handbook-library.js'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import { Answerer } from '../engine/answer/answerer.js'
import { ConversationStore } from '../engine/chat/conversation-store.js'
import type { Library } from '../engine/library.js'
import { BackgroundSummaries } from './background-summaries.js'
import { EventBus } from './event-bus.js'

const MODEL = 'small:4k'
const tempDir = useTempDirs()
let fake: FakeOllama
let lib: Library
let answerer: Answerer
let events: EventBus
let busy = false
let background: BackgroundSummaries

beforeEach(async () => {
  fake = await startFakeOllama({
    models: [{ name: MODEL, contextLength: 4096 }],
    chat: (body) => echoSourcesReply(body),
  })
  lib = (await handbookLibrary(tempDir())).lib
  answerer = new Answerer({
    search: lib.search,
    conversations: new ConversationStore(lib.db),
    ollama: { host: fake.url, model: MODEL },
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
  await lib.close()
  await fake.close()
})

describe('summaries built in the background', () => {
  it('does nothing while the setting is off (the default)', async () => {
    expect(await background.tick()).toBeNull()
    expect(fake.chats).toHaveLength(0)
  })

  it('when on and idle, summarises the next document; then a summary asks the model nothing', async () => {
    background.setEnabled(true)
    const id = lib.documents()[0]!.id
    expect(await background.tick()).toBe(id)
    const calls = fake.chats.length
    expect(calls).toBeGreaterThan(0)
    expect(await background.tick()).toBeNull() // nothing left to do
    const asked = await answerer.ask('Summarize pump-handbook.pdf')
    expect(asked.extras.summary?.modelCalls).toBe(0)
    expect(fake.chats).toHaveLength(calls)
  })

  it('waits while an answer or an import runs, and stops at once when a question starts', async () => {
    background.setEnabled(true)
    busy = true
    expect(await background.tick()).toBeNull()
    expect(fake.chats).toHaveLength(0)
    busy = false
    fake.setScript({
      models: [{ name: MODEL, contextLength: 4096 }],
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
    const stoppedAt = fake.chats.length
    expect(stoppedAt).toBeLessThanOrEqual(2)
    // The sections done are kept: the next idle moment continues from there.
    expect(await background.tick()).toBe(lib.documents()[0]!.id)
  })
})
