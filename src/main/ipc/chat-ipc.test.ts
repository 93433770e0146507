import path from 'node:path'
import fs from 'node:fs/promises'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AnswerEvent, Message } from '@shared/chat-types.js'
import { eventSchemas } from '@shared/ipc-contract.js'
import { startFakeOllama, type FakeOllama } from '@tests/fake-ollama/index.js'
import { makeTextPdf, sampleTextSpec } from '@tests/fixtures/pdf-factory.js'
import { Library } from '../engine/library.js'
import { createHandlers } from './create-handlers.js'
import { createRouter, type Invoke } from './router.js'
import { tempServices } from '@tests/helpers/temp-services.js'

let ollama: FakeOllama
let env: Awaited<ReturnType<typeof tempServices>>

beforeEach(async () => {
  ollama = await startFakeOllama()
  env = await tempServices({ ollamaHost: ollama.url })
  // Fill the library in-process (the worker path is covered by the server test).
  const file = path.join(env.tmp, 'glaciers.pdf')
  await fs.writeFile(file, await makeTextPdf(sampleTextSpec('glaciers', 2)))
  const lib = await Library.open(env.services.library.dir)
  await lib.ingest([file])
  await lib.close()
})

afterEach(async () => {
  await env.dispose()
  await ollama.close()
})

/** The IPC router over the services, wired as browser mode wires it (no native dialogs). */
function router(): Invoke {
  return createRouter(
    createHandlers(env.services, {
      shell: 'browser',
      pickFiles: async () => [],
      pdfUrl: String,
      showInFolder: () => {},
    }),
  )
}

/** Asks about the glaciers document through chat.ask; the reply's request and conversation ids. */
async function askGlaciers(invoke: Invoke): Promise<{ requestId: string; conversationId: number }> {
  const asked = await invoke('chat.ask', { question: 'What does the section on glaciers describe?' })
  if (!asked.ok) throw new Error(asked.error.message)
  return asked.data as { requestId: string; conversationId: number }
}

/** Collects chat events from now on (events may overtake the reply carrying the request id). */
function answerEvents(): Promise<AnswerEvent[]> {
  return new Promise((resolve) => {
    const seen: AnswerEvent[] = []
    const off = env.services.events.subscribe((event, payload) => {
      if (event !== 'chat.event') return
      const p = payload as { requestId: string; event: AnswerEvent }
      seen.push(p.event)
      if (p.event.type === 'done' || p.event.type === 'failed') {
        off()
        resolve(seen)
      }
    })
  })
}

describe('chat through the IPC contract', () => {
  it('asks, streams events, stores the conversation, renames and exports it', async () => {
    const invoke = router()
    const answered = answerEvents()
    const { requestId, conversationId } = await askGlaciers(invoke)
    const events = await answered
    expect(requestId).toMatch(/^[\w-]{36}$/)
    expect(events[0]).toMatchObject({ type: 'started', conversationId })
    expect(events.some((e) => e.type === 'token')).toBe(true)
    const done = events.at(-1)!
    if (done.type !== 'done') throw new Error('no done event')
    expect(done.result.message).toMatchObject({ mode: 'llm', status: 'complete', conversationId })
    // Every event has the shape the contract promises the UI.
    for (const event of events)
      expect(() => eventSchemas['chat.event'].parse({ requestId, event })).not.toThrow()

    const list = await invoke('conversations.list', {})
    expect(list).toMatchObject({ ok: true, data: [{ id: conversationId, messageCount: 2 }] })
    expect(await invoke('conversations.list', { query: 'glaciers' })).toMatchObject({
      ok: true,
      data: [{ id: conversationId }],
    })
    const got = await invoke('conversations.get', { id: conversationId })
    expect(got).toMatchObject({ ok: true, data: { messages: [{ role: 'user' }, { role: 'assistant' }] } })
    // One shape end to end: the answer as streamed is the answer as stored and read back.
    expect(got.ok && (got.data as { messages: Message[] }).messages[1]).toEqual(done.result.message)
    expect(await invoke('conversations.rename', { id: conversationId, title: 'Ice / snow?' })).toMatchObject({
      ok: true,
      data: { title: 'Ice / snow?' },
    })
    const exported = await invoke('conversations.export', { id: conversationId })
    expect(exported).toMatchObject({ ok: true, data: { fileName: 'Ice snow.md' } })
    expect(await invoke('conversations.delete', { id: conversationId })).toEqual({ ok: true, data: {} })
    expect(await invoke('conversations.get', { id: conversationId })).toMatchObject({
      ok: false,
      error: { code: 'CONVERSATION_NOT_FOUND' },
    })
  })

  it('ends with a failed event naming the stored failed reply when search itself breaks', async () => {
    const invoke = router()
    // A damaged library: the full-text index is gone, so the real search throws.
    env.services.library.library.db.exec('DROP TABLE chunks_fts')
    const answered = answerEvents()
    const { conversationId } = await askGlaciers(invoke)
    const failed = (await answered).at(-1)!
    if (failed.type !== 'failed') throw new Error(`ended with ${failed.type}`)
    expect(failed).toMatchObject({ conversationId, message: expect.stringMatching(/chunks_fts/) })
    const got = await invoke('conversations.get', { id: conversationId })
    if (!got.ok) throw new Error(got.error.message)
    const { messages } = got.data as { messages: import('@shared/chat-types.js').Message[] }
    expect(messages.map((m) => [m.role, m.status])).toEqual([
      ['user', 'complete'],
      ['assistant', 'failed'],
    ])
    expect(messages[1]!.id).toBe(failed.messageId)
  })

  it('regenerating adds another version of the same turn, and reloads keep every passage given', async () => {
    const invoke = router()
    let answered = answerEvents()
    const { conversationId } = await askGlaciers(invoke)
    const first = (await answered).at(-1)!
    if (first.type !== 'done') throw new Error('no done event')
    answered = answerEvents()
    const again = await invoke('chat.ask', {
      question: 'ignored: the stored question is asked again',
      conversationId,
      regenerateMessageId: first.result.message.id,
    })
    if (!again.ok) throw new Error(again.error.message)
    const second = (await answered).at(-1)!
    if (second.type !== 'done') throw new Error('no done event')
    const got = await invoke('conversations.get', { id: conversationId })
    if (!got.ok) throw new Error(got.error.message)
    const { messages } = got.data as { messages: import('../../shared/chat-types.js').Message[] }
    // One question, two answers to it: the question is not repeated below.
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'assistant'])
    expect(messages[1]!.replyTo).toBe(messages[0]!.id)
    expect(messages[2]!.replyTo).toBe(messages[0]!.id)
    // Both the model's request and the stored answer hold every passage of the prompt.
    expect(ollama.chats.at(-1)!.body.messages.at(-1)!.content).toContain(
      'What does the section on glaciers describe?',
    )
    expect(messages[2]!.sources.length).toBe(second.result.message.sources.length)
    expect(messages[2]!.sources.length).toBeGreaterThan(0)
  })

  it('reports Ollama status from the configured host and follows settings changes', async () => {
    const invoke = router()
    expect(await invoke('ollama.status', {})).toMatchObject({
      ok: true,
      data: { state: 'ready', host: ollama.url },
    })
    expect(await invoke('settings.set', { ollamaHost: 'http://127.0.0.1:9' })).toMatchObject({
      ok: true,
      data: { ollamaHost: 'http://127.0.0.1:9' },
    })
    expect(await invoke('ollama.status', {})).toMatchObject({ ok: true, data: { state: 'not-running' } })
    expect(await invoke('settings.set', { ollamaHost: 'file:///etc/passwd' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_SETTING' },
    })
  })
})
