import path from 'node:path'
import fs from 'node:fs/promises'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AnswerEvent } from '@shared/chat-types.js'
import { startFakeOllama, type FakeOllama } from '@tests/fake-ollama/index.js'
import { makeTextPdf, sampleTextSpec } from '@tests/fixtures/pdf-factory.js'
import { tempServices } from '@tests/helpers/temp-services.js'
import { Library } from '../engine/library.js'
import { createHandlers } from './create-handlers.js'
import { createRouter } from './router.js'

let ollama: FakeOllama
let env: Awaited<ReturnType<typeof tempServices>>
let ids: { glaciers: number; volcanoes: number }

beforeEach(async () => {
  ollama = await startFakeOllama()
  env = await tempServices({ ollamaHost: ollama.url })
  const files = ['glaciers', 'volcanoes'].map((t) => path.join(env.tmp, `${t}.pdf`))
  for (const [i, t] of ['glaciers', 'volcanoes'].entries())
    await fs.writeFile(files[i]!, await makeTextPdf(sampleTextSpec(t, 2)))
  const lib = await Library.open(env.services.library.dir)
  await lib.ingest(files)
  const byName = (n: string) => lib.documents().find((d) => d.path.endsWith(n))!.id
  ids = { glaciers: byName('glaciers.pdf'), volcanoes: byName('volcanoes.pdf') }
  await lib.close()
})

afterEach(async () => {
  await env.dispose()
  await ollama.close()
})

function router() {
  return createRouter(
    createHandlers(env.services, { shell: 'browser', pickFiles: async () => [], pdfUrl: String }),
  )
}

function done(): Promise<AnswerEvent & { type: 'done' }> {
  return new Promise((resolve, reject) => {
    const off = env.services.events.subscribe((event, payload) => {
      if (event !== 'chat.event') return
      const e = (payload as { event: AnswerEvent }).event
      if (e.type === 'done') resolve(e)
      if (e.type === 'failed') reject(new Error(e.message))
      if (e.type === 'done' || e.type === 'failed') off()
    })
  })
}

describe('collections through the IPC contract', () => {
  it('creates, fills, renames and deletes collections; a conversation in one searches only it', async () => {
    const invoke = router()
    const made = await invoke('collections.create', { name: '  Case   14 ' })
    expect(made).toMatchObject({ ok: true, data: { name: 'Case 14', documents: 0 } })
    const id = (made as { data: { id: number } }).data.id
    expect(await invoke('collections.create', { name: 'Case 15' })).toMatchObject({ ok: true })
    expect(await invoke('collections.addDocuments', { id, documentIds: [ids.volcanoes] })).toMatchObject({
      ok: true,
      data: { documents: 1 },
    })
    expect(await invoke('collections.documentIds', { id })).toEqual({ ok: true, data: [ids.volcanoes] })
    expect(await invoke('collections.rename', { id, name: 'Case 14 (Lyon)' })).toMatchObject({
      ok: true,
      data: { name: 'Case 14 (Lyon)' },
    })

    const answered = done()
    const asked = await invoke('chat.ask', {
      question: 'What does the section on volcanoes describe?',
      collectionId: id,
    })
    expect(asked.ok).toBe(true)
    const { result } = await answered
    expect(result.message.trace.scope).toEqual({
      kind: 'collection',
      collectionId: id,
      name: 'Case 14 (Lyon)',
      documents: 1,
    })
    expect(result.message.sources.every((s) => s.documentId === ids.volcanoes)).toBe(true)
    const conversations = await invoke('conversations.list', {})
    expect(conversations).toMatchObject({ ok: true, data: [{ collectionId: id }] })
    // The history under an open collection lists its conversations only, searched or not.
    const other = await invoke('collections.create', { name: 'Case 16' })
    const otherId = other.ok ? (other.data as { id: number }).id : 0
    expect(await invoke('conversations.list', { collectionId: id })).toMatchObject({
      ok: true,
      data: [{ id: result.message.conversationId }],
    })
    expect(await invoke('conversations.list', { collectionId: otherId })).toEqual({ ok: true, data: [] })
    expect(await invoke('conversations.list', { query: 'volcanoes', collectionId: id })).toMatchObject({
      ok: true,
      data: [{ id: result.message.conversationId }],
    })
    expect(await invoke('conversations.list', { query: 'volcanoes', collectionId: otherId })).toEqual({
      ok: true,
      data: [],
    })
    expect(await invoke('conversations.list', { collectionId: 9999 })).toMatchObject({
      ok: false,
      error: { code: 'COLLECTION_NOT_FOUND' },
    })
    await invoke('collections.delete', { id: otherId })
    const exported = await invoke('conversations.export', { id: result.message.conversationId })
    expect(exported.ok && (exported.data as { markdown: string }).markdown).toContain(
      'Searched Case 14 (Lyon): 1 document',
    )

    // A scoped search through the same contract.
    const searched = await invoke('search.query', {
      query: 'Which measurements were checked twice?',
      collectionId: id,
    })
    const hits = searched.ok ? (searched.data as { results: { documentId: number }[] }).results : []
    expect(hits.length).toBeGreaterThan(0)
    expect(hits.every((h) => h.documentId === ids.volcanoes)).toBe(true)

    expect(await invoke('collections.removeDocuments', { id, documentIds: [ids.volcanoes] })).toMatchObject({
      ok: true,
      data: { documents: 0 },
    })
    expect(await invoke('collections.delete', { id })).toEqual({ ok: true, data: {} })
    expect(await invoke('library.documents', {})).toMatchObject({ ok: true, data: [{}, {}] })
    expect(await invoke('collections.list', {})).toMatchObject({ ok: true, data: [{ name: 'Case 15' }] })
  })

  it('refuses bad input at the boundary with a specific code', async () => {
    const invoke = router()
    expect(await invoke('collections.create', { name: '   ' })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION' },
    })
    expect(await invoke('collections.create', { name: 'x'.repeat(101) })).toMatchObject({ ok: false })
    await invoke('collections.create', { name: 'Case 14' })
    expect(await invoke('collections.create', { name: 'CASE 14' })).toMatchObject({
      ok: false,
      error: { code: 'COLLECTION_EXISTS', message: expect.stringContaining('Choose another name') },
    })
    expect(await invoke('collections.rename', { id: 999, name: 'Other' })).toMatchObject({
      ok: false,
      error: { code: 'COLLECTION_NOT_FOUND' },
    })
    expect(await invoke('chat.ask', { question: 'Anything?', collectionId: 999 })).toMatchObject({
      ok: false,
      error: { code: 'COLLECTION_NOT_FOUND' },
    })
    expect(await invoke('library.import', { paths: ['/nowhere.pdf'], collectionId: 999 })).toMatchObject({
      ok: false,
      error: { code: 'COLLECTION_NOT_FOUND' },
    })
  })
})
