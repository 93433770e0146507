import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { reportLibrary, type ReportLibrary } from '@tests/helpers/report-library.js'
import { ConversationStore } from '../../engine/chat/conversation-store.js'
import { runConversations } from './conversations.js'
import { captureIo } from '@tests/helpers/capture-io.js'

let lib: ReportLibrary
beforeEach(async () => {
  lib = await reportLibrary()
})
afterEach(() => lib.dispose())

describe('quire conversations', () => {
  it('says there are none yet', async () => {
    const io = captureIo()
    expect(await runConversations({}, lib.owner, io)).toBe(0)
    expect(io.out()).toMatch(/^No conversations yet/)
    const io2 = captureIo()
    await runConversations({ json: true }, lib.owner, io2)
    expect(JSON.parse(io2.out())).toEqual([])
  })

  it('lists conversations as a table and as JSON, after a reopen', async () => {
    const store = new ConversationStore(lib.lib.db)
    const c = store.create('Steel output in Ghent')
    store.addMessage({ conversationId: c.id, role: 'user', text: 'How much steel?' })
    await lib.lib.close()
    await lib.reopen()
    const io = captureIo()
    await runConversations({}, lib.owner, io)
    expect(io.out()).toMatch(
      /^ID {2}Updated {11}Msgs {2}Title\n {1}1 {2}\d{4}-\d\d-\d\d \d\d:\d\d {5}1 {2}Steel output in Ghent\n$/,
    )
    const io2 = captureIo()
    await runConversations({ json: true }, lib.owner, io2)
    expect(JSON.parse(io2.out())).toEqual([
      {
        id: c.id,
        title: 'Steel output in Ghent',
        created_at: expect.any(String),
        updated_at: expect.any(String),
        messages: 1,
      },
    ])
  })

  it('lists only the conversations of a collection with --collection, searched or not', async () => {
    const case14 = lib.owner.collections.create('Case 14')
    lib.owner.collections.create('Case 15')
    const inCase = lib.owner.startConversation('Tungsten in Case 14', case14.id)
    lib.owner.conversations.addMessage({ conversationId: inCase.id, role: 'user', text: 'tungsten prices' })
    const outside = lib.owner.startConversation('Tungsten everywhere')
    lib.owner.conversations.addMessage({ conversationId: outside.id, role: 'user', text: 'tungsten prices' })
    const listed = async (opts: Parameters<typeof runConversations>[0]) => {
      const io = captureIo()
      await runConversations({ ...opts, json: true }, lib.owner, io)
      return (JSON.parse(io.out()) as { id: number }[]).map((c) => c.id)
    }
    expect(await listed({ collection: 'Case 14' })).toEqual([inCase.id])
    expect(await listed({ collection: 'Case 14', search: 'tungsten' })).toEqual([inCase.id])
    expect((await listed({ search: 'tungsten' })).sort()).toEqual([inCase.id, outside.id].sort())
    const empty = captureIo()
    await runConversations({ collection: 'case 15' }, lib.owner, empty)
    expect(empty.out()).toBe(
      'No conversations in Case 15 yet. Ask with: quire ask --collection "Case 15" "<question>"\n',
    )
    const unknown = captureIo()
    expect(await runConversations({ collection: 'Case 99' }, lib.owner, unknown)).not.toBe(0)
    expect(unknown.err()).toContain('There is no collection "Case 99"')
  })

  it('filters by search text', async () => {
    const store = new ConversationStore(lib.lib.db)
    const a = store.create('A')
    store.addMessage({ conversationId: a.id, role: 'user', text: 'tungsten prices' })
    store.create('B')
    const io = captureIo()
    await runConversations({ json: true, search: 'tungsten' }, lib.owner, io)
    expect(JSON.parse(io.out()).map((c: { id: number }) => c.id)).toEqual([a.id])
  })
})
