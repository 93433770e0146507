import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  deadOllamaUrl,
  splitTokens,
  startFakeOllama,
  type ChatRequestBody,
  type FakeOllama,
} from '@tests/fake-ollama/index.js'
import { VERSION_FACTS, versionsLibrary, type VersionsLibrary } from '@tests/helpers/versions-library.js'
import { ConversationStore } from '../chat/conversation-store.js'
import { Answerer } from './answerer.js'

// Comparisons (docs/comparisons.md): each document searched on its own, the passages numbered in
// one list, the model asked where they agree and differ; each side cites its own pages. Real
// library of two versions of one handbook, fake Ollama.

const MODEL = 'llama3.2:3b'
const COMPARE = `Compare ${VERSION_FACTS.old.file} and ${VERSION_FACTS.new.file} on the spring tide height`

/** The prompt's sources: number, file name and first and last page, in order. */
function promptSources(req: ChatRequestBody): { n: number; file: string; pages: [number, number] }[] {
  const user = req.messages.find((m) => m.role === 'user')?.content ?? ''
  return [...user.matchAll(/^\[(\d+)\] (\S+), pp?\. (\d+)(?:–(\d+))?/gm)].map((m) => ({
    n: Number(m[1]),
    file: m[2]!,
    pages: [Number(m[3]), Number(m[4] ?? m[3])] as [number, number],
  }))
}

/** A model that compares: it cites the first source of each document. */
function comparingModel(req: ChatRequestBody) {
  const sources = promptSources(req)
  const a = sources.find((s) => s.file === VERSION_FACTS.old.file)
  const b = sources.find((s) => s.file === VERSION_FACTS.new.file)
  return {
    tokens: splitTokens(
      `- Both give the spring tide at the harbour wall [${a?.n}][${b?.n}].\n- It was 4.2 metres [${a?.n}] and is now 4.5 metres [${b?.n}].`,
    ),
  }
}

let fake: FakeOllama
let lib: VersionsLibrary
beforeEach(async () => {
  fake = await startFakeOllama({ models: [{ name: MODEL, contextLength: 8192 }], chat: comparingModel })
  lib = await versionsLibrary()
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

describe('comparing two documents', () => {
  it('searches each document alone, asks once, and each side cites its own pages', async () => {
    const { message } = await answerer().ask(COMPARE)
    expect(fake.chats).toHaveLength(1)
    const req = fake.chats[0]!.body
    expect(req.messages[0]!.content).toMatch(/You compare two documents/)
    expect(req.messages[1]!.content).toContain(`Document A: ${VERSION_FACTS.old.file}`)
    expect(req.messages[1]!.content).toContain(`Document B: ${VERSION_FACTS.new.file}`)
    // Both documents' tides pages reach the model.
    const sources = promptSources(req)
    const onTides = (file: string) =>
      sources.some((s) => s.file === file && s.pages[0] <= 3 && 3 <= s.pages[1])
    expect(onTides(VERSION_FACTS.old.file) && onTides(VERSION_FACTS.new.file)).toBe(true)
    expect(message.declined).toBe(false)
    expect(message.citations.map((c) => c.file)).toEqual([lib.files.old, lib.files.new])
    for (const c of message.citations) expect(c.pages).toContain(VERSION_FACTS.tidesPage)
    // The viewer's strong highlight is each side's own sentence.
    expect(message.citations[0]!.focus?.join(' ')).toMatch(/4\.2 metres/)
    expect(message.citations[1]!.focus?.join(' ')).toMatch(/4\.5 metres/)
    expect(message.trace.comparison).toMatchObject({
      documents: [{ id: lib.ids.old }, { id: lib.ids.new }],
      aspect: 'spring tide height',
      versions: true,
    })
  })

  it('compares two versions by their differing sections first when no aspect is named', async () => {
    const { message } = await answerer().ask('What changed between these two versions?', {
      documentIds: [lib.ids.old, lib.ids.new],
    })
    const sources = promptSources(fake.chats[0]!.body)
    // Only what differs is sent: the changed tides page on each side and the page only the new
    // version has; the unchanged opening page is not.
    const of = (file: string) => sources.filter((s) => s.file === file).map((s) => s.pages)
    const holds = (pages: number[], page: number) => pages[0]! <= page && page <= pages[1]!
    expect(of(VERSION_FACTS.old.file).every((p) => holds(p, 3))).toBe(true)
    expect(of(VERSION_FACTS.new.file).some((p) => holds(p, 3))).toBe(true)
    expect(of(VERSION_FACTS.new.file).some((p) => holds(p, 5))).toBe(true)
    expect(sources.some((s) => s.pages[0] === 1)).toBe(false)
    expect(fake.chats[0]!.body.messages[1]!.content).toMatch(/versions of one document/)
    expect(message.trace.comparison).toMatchObject({ aspect: '', versions: true })
  })

  it('turns the model\'s marker into the "not found" card for a comparison too', async () => {
    fake.setScript({
      models: [{ name: MODEL, contextLength: 8192 }],
      chat: { tokens: ['NO_ANSWER_IN_SOURCES'] },
    })
    const { message } = await answerer().ask(
      `How do ${VERSION_FACTS.old.file} and ${VERSION_FACTS.new.file} differ on mooring fees for yachts?`,
    )
    expect(message).toMatchObject({ declined: true, declineReason: 'model' })
    expect(message.text).not.toMatch(/NO_ANSWER/)
  })

  it('without a model, shows both documents’ passages', async () => {
    const { message } = await answerer(await deadOllamaUrl()).ask(COMPARE)
    expect(message.mode).toBe('retrieval-only')
    const files = new Set(message.sources.map((s) => s.file))
    expect(files).toEqual(new Set([lib.files.old, lib.files.new]))
  })

  it('leaves questions that compare nothing to ordinary search', async () => {
    const { message } = await answerer().ask('How high does the spring tide reach at the harbour wall?')
    expect(message.trace.comparison).toBeUndefined()
    expect(fake.chats[0]!.body.messages[0]!.content).not.toMatch(/You compare/)
  })
})
