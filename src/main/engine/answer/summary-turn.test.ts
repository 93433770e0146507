import { describe, expect, it } from 'vitest'
import { ECHO_MODEL, HANDBOOK_FILE, useHandbookWithEchoModel } from '@tests/helpers/handbook-library.js'
import type { AnswerEvent } from '@shared/chat-types.js'
import { findCitationMarkers } from '@shared/citation-markers.js'
import { ConversationStore } from '../chat/conversation-store.js'
import { Answerer } from './answerer.js'

// A question that asks for a document's summary is answered with its cited summary, stored in the
// conversation like any answer; other questions still go to search.

const env = useHandbookWithEchoModel()

function answerer(): Answerer {
  return new Answerer({
    search: env.lib.search,
    conversations: new ConversationStore(env.lib.db),
    ollama: { host: env.fake.url, model: ECHO_MODEL },
  })
}

describe('a summary as an answer in the conversation', () => {
  it('answers "summarize FILE" with the cited summary, streaming its progress', async () => {
    const events: AnswerEvent[] = []
    const r = await answerer().ask(`Summarize ${HANDBOOK_FILE} in five bullet points`, {
      onEvent: (e) => events.push(e),
    })
    const m = r.message
    expect(m.status).toBe('complete')
    expect(m.declined).toBe(false)
    expect(m.citations.length).toBeGreaterThan(0)
    for (const line of m.text.split('\n')) expect(findCitationMarkers(line).length).toBeGreaterThan(0)
    expect(m.citations.every((c) => c.file.endsWith(HANDBOOK_FILE) && c.pages.length > 0)).toBe(true)
    expect(r.extras.summary).toMatchObject({ modelCalls: env.fake.chats.length })
    const progress = events.filter((e) => e.type === 'summary-progress')
    expect(progress.at(0)).toMatchObject({ stage: 'sections', done: 1 })
    expect(progress.at(-1)).toMatchObject({ stage: 'combining' })
    expect(events.at(-1)).toMatchObject({ type: 'done' })

    // Stored like any answer: reloading the conversation shows the same text and citations.
    const stored = new ConversationStore(env.lib.db).messages(m.conversationId).at(-1)!
    expect(stored.text).toBe(m.text)
    expect(stored.citations.map((c) => c.chunkId)).toEqual(m.citations.map((c) => c.chunkId))
  })

  it('the explicit request (the Summarize action) gives the same summary as the question', async () => {
    const asked = await answerer().ask('What are the main points of the pump station handbook?')
    const id = env.lib.documents()[0]!.id
    const action = await answerer().ask('Summarize', { summarize: id })
    expect(action.message.text).toBe(asked.message.text)
    expect(action.extras.summary?.modelCalls).toBe(0)
  })

  it('a stopped summary is kept as stopped, and asking again continues from the sections done', async () => {
    const controller = new AbortController()
    const stopped = await answerer().ask(`Summarize ${HANDBOOK_FILE}`, {
      signal: controller.signal,
      onEvent: (e) => {
        if (e.type === 'summary-progress' && e.done === 1) controller.abort()
      },
    })
    expect(stopped.message.status).toBe('stopped')
    expect(stopped.message.warnings).toEqual([
      expect.objectContaining({
        kind: 'note',
        text: expect.stringMatching(/stopped after 1 section of \d+/),
      }),
    ])
    const again = await answerer().ask(`Summarize ${HANDBOOK_FILE}`, {
      conversationId: stopped.message.conversationId,
    })
    expect(again.message.status).toBe('complete')
    expect(again.extras.summary!.sectionCalls).toBe(again.extras.summary!.sections - 1)
  })

  it('a question about a topic of the document still goes to search', async () => {
    const r = await answerer().ask(`Summarize what ${HANDBOOK_FILE} says about the duty engineer`)
    expect(r.extras.summary).toBeUndefined()
    expect(r.message.trace.hits.length).toBeGreaterThan(0)
  })
})
