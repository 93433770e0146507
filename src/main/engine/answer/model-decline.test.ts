import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { deadOllamaUrl, splitTokens, startFakeOllama, type FakeOllama } from '@tests/fake-ollama/index.js'
import { REPORT_FACTS, reportLibrary, type ReportLibrary } from '@tests/helpers/report-library.js'
import type { AnswerEvent } from '@shared/chat-types.js'
import { ConversationStore } from '../chat/conversation-store.js'
import { NOT_FOUND_MARKER } from '../generate/not-found-marker.js'
import { Answerer } from './answerer.js'

// Two judges of "not found" (docs/declines.md): search declines only when it is sure; otherwise the
// passages go to the model, whose marker becomes the same "not found" card. Real library, fake
// Ollama scripted per case: a model that answers, says the marker (split across pieces), adds a
// remark after it, ignores it (prose), or gives no citations.

const MODEL = 'llama3.2:3b'
const STEEL = 'How much steel did the Ghent plant produce in 2023?'
/** Well covered but for one name no document mentions: search is not sure, so the model judges. */
const LIVERPOOL = 'How much steel did the Liverpool plant produce in 2023?'

let fake: FakeOllama
let lib: ReportLibrary
beforeEach(async () => {
  fake = await startFakeOllama({ models: [{ name: MODEL, contextLength: 8192 }] })
  lib = await reportLibrary()
})
afterEach(async () => {
  await lib.dispose()
  await fake.close()
})

function answerer(host = fake.url) {
  return new Answerer({
    search: lib.lib.search,
    conversations: new ConversationStore(lib.lib.db),
    ollama: { host, model: MODEL },
  })
}

/** Asks, collecting the streamed tokens as the app and the CLI receive them. */
async function ask(question: string, a = answerer()) {
  const tokens: string[] = []
  const events: AnswerEvent[] = []
  const result = await a.ask(question, {
    onToken: (t) => tokens.push(t),
    onEvent: (e) => events.push(e),
  })
  return { result, message: result.message, streamed: tokens.join(''), events }
}

describe('the model as the second judge of "not found"', () => {
  it('asks the model for the marker in the answer rules', async () => {
    await ask(STEEL)
    expect(fake.chats[0]!.body.messages[0]!.content).toContain(`reply with exactly ${NOT_FOUND_MARKER}`)
  })

  it('turns the marker, split across pieces, into the "not found" card; never shows it; stores the reason', async () => {
    fake.setScript({ chat: { tokens: [' NO_ANS', 'WER_IN', '_SOURCES', '.'] } })
    const { message, streamed, events } = await ask(LIVERPOOL)
    expect(fake.chats).toHaveLength(1)
    expect(message.declined).toBe(true)
    expect(message.declineReason).toBe('model')
    expect(message.mode).toBe('llm')
    expect(message.text).toMatch(/^Not found in your documents\. The nearest passages are \[1\]/)
    expect(message.text).not.toMatch(/NO_ANSWER|SOURCES/)
    expect(streamed).toBe('')
    expect(events.some((e) => e.type === 'token')).toBe(false)
    // The passages the model read are shown, the nearest first: the steel page.
    expect(message.citations[0]).toMatchObject({
      n: 1,
      file: lib.files.report,
      pages: [REPORT_FACTS.steel.page],
    })
    expect(message.sources.length).toBeGreaterThanOrEqual(message.citations.length)
    // Search itself passed the question on: it was not sure.
    expect(message.trace.decision).toMatchObject({ declined: false, doubtful: true, reason: 'names-absent' })
    // Stored with the conversation: read back, it is the same declined answer.
    const stored = new ConversationStore(lib.lib.db).message(message.id)!
    expect(stored).toMatchObject({ declined: true, declineReason: 'model', text: message.text })
  })

  it('keeps what the model adds after the marker as its remark, with valid citations only', async () => {
    fake.setScript({
      chat: { tokens: splitTokens(`${NOT_FOUND_MARKER}. Source [1] covers Ghent only [9].`) },
    })
    const { message, streamed } = await ask(LIVERPOOL)
    expect(streamed).toBe('')
    expect(message.declineReason).toBe('model')
    expect(message.text).toMatch(/\n\nThe model added: Source \[1\] covers Ghent only\.$/)
  })

  it('declines when the model ignores the marker and says "not found" in words', async () => {
    const prose = 'The provided documents do not contain information about a Liverpool plant.'
    fake.setScript({ chat: { tokens: splitTokens(prose) } })
    const { message, streamed } = await ask(LIVERPOOL)
    // The words streamed (they could not be known for a decline until the end); the stored answer is the card.
    expect(streamed).toBe(prose)
    expect(message).toMatchObject({ declined: true, declineReason: 'model' })
    expect(message.text).toMatch(/^Not found in your documents\./)
  })

  it('keeps an answer when the model ignores the marker and answers anyway', async () => {
    fake.setScript({ chat: { tokens: splitTokens('The plant produced 4,200 tonnes [1].') } })
    const { message } = await ask(LIVERPOOL)
    expect(message).toMatchObject({ declined: false, declineReason: null })
    expect(message.text).toBe('The plant produced 4,200 tonnes [1].')
  })

  it('answers normally, and drops a stray marker after the answer', async () => {
    fake.setScript({ chat: { tokens: ['It made 4,200 tonnes [1]. ', 'NO_ANSWER', '_IN_SOURCES'] } })
    const { message, streamed } = await ask(STEEL)
    expect(message).toMatchObject({ declined: false, text: 'It made 4,200 tonnes [1].' })
    expect(streamed.trim()).toBe('It made 4,200 tonnes [1].')
  })

  it('warns about an answer with no citations, and does not decline it', async () => {
    fake.setScript({ chat: { tokens: splitTokens('It made 4,200 tonnes of steel.') } })
    const { message } = await ask(STEEL)
    expect(message.declined).toBe(false)
    expect(message.warnings.map((w) => w.kind)).toContain('no-citations')
  })

  it('without a model, a doubtful question gets the passages and says plainly they may not answer', async () => {
    const { message } = await ask(LIVERPOOL, answerer(await deadOllamaUrl()))
    expect(message).toMatchObject({ mode: 'retrieval-only', declined: false })
    expect(message.text).toMatch(/These passages may not answer the question\. .*“Liverpool”/)
    // A question search is sure of says nothing of the kind.
    const sure = await ask(STEEL, answerer(await deadOllamaUrl()))
    expect(sure.message.text).not.toMatch(/may not answer/)
  })

  it('search still declines alone when it is sure, without asking the model', async () => {
    const { message } = await ask('Who won the 1966 football World Cup final?')
    expect(message).toMatchObject({ declined: true })
    expect(message.declineReason).not.toBe('model')
    expect(fake.chats).toHaveLength(0)
  })
})
