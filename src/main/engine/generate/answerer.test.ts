import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startFakeOllama, type FakeOllama } from '../../../../tests/fake-ollama/index.js'
import type { AnswerEvent } from '../../../shared/chat-types.js'
import type { SearchHit, SearchOptions, SearchResponse } from '../../../shared/library-types.js'
import { openDatabase, type Db } from '../store/open-database.js'
import { Answerer, DEFAULT_ANSWER_PASSAGES } from './answerer.js'
import { hit } from './test-hits.js'

const MODEL = 'llama3.2:3b'
const HITS: SearchHit[] = [
  hit(1, 'The Ghent plant produced 4,200 tonnes of steel in 2023. Output in 2022 was 3,900 tonnes.', {
    pages: [12],
  }),
  hit(2, 'The company employed 1,200 people at the end of 2023.', {
    pages: [14, 15],
    file: '/docs/people.pdf',
    documentId: 2,
  }),
]

/** A stand-in for the library's search: records its calls and answers from a script. */
function stubSearch(respond: (query: string, opts: SearchOptions) => Partial<SearchResponse> = () => ({})) {
  const calls: { query: string; opts: SearchOptions }[] = []
  const search = async (query: string, opts: SearchOptions = {}): Promise<SearchResponse> => {
    calls.push({ query, opts })
    return { query, mode: 'hybrid', declined: false, results: HITS, ...respond(query, opts) }
  }
  return { search, calls }
}

let dir: string
let db: Db
let fake: FakeOllama
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'quire-answer-'))
  db = openDatabase(join(dir, 'library.db'))
  fake = await startFakeOllama({ models: [{ name: MODEL, contextLength: 4096 }] })
})
afterEach(async () => {
  db.close()
  await fake.close()
  rmSync(dir, { recursive: true, force: true })
})

function answerer(
  search = stubSearch().search,
  extra: Partial<ConstructorParameters<typeof Answerer>[0]> = {},
) {
  return new Answerer({ search, db, ollama: { host: fake.url, model: MODEL }, ...extra })
}

async function deadUrl(): Promise<string> {
  const other = await startFakeOllama()
  await other.close()
  return other.url
}

describe('Answerer with a working model', () => {
  it('streams a cited answer, sizes the context from /api/show and stores the turn', async () => {
    fake.setScript({
      models: [{ name: MODEL, contextLength: 4096 }],
      chat: { tokens: ['Ghent produced ', '4,200 tonnes', ' in 2023 [1].'] },
    })
    const events: AnswerEvent['type'][] = []
    const tokens: string[] = []
    const r = await answerer().ask('How much steel did Ghent produce in 2023?', {
      onToken: (t) => tokens.push(t),
      onEvent: (e) => events.push(e.type),
    })
    expect(tokens.join('')).toBe('Ghent produced 4,200 tonnes in 2023 [1].')
    expect(events).toEqual(['started', 'retrieval', 'token', 'token', 'token', 'done'])
    expect(r).toMatchObject({
      answer: 'Ghent produced 4,200 tonnes in 2023 [1].',
      mode: 'llm',
      status: 'complete',
      declined: false,
      model: MODEL,
      invalidCitations: [],
      unsupportedFigures: [],
      warnings: [],
      ollama: null,
    })
    expect(r.citations).toEqual([
      expect.objectContaining({ n: 1, file: '/docs/annual-report.pdf', pages: [12] }),
    ])
    expect(r.sources.map((s) => s.n)).toEqual([1, 2])
    expect(r.timings.first_token_ms).not.toBeNull()
    expect(r.timings.total_ms).toBeGreaterThanOrEqual(r.timings.first_token_ms!)

    const body = fake.chats[0]!.body
    expect(body.model).toBe(MODEL)
    expect(body.options).toMatchObject({ num_ctx: 2048, temperature: 0.1 })
    expect(body.options!.num_predict).toBeGreaterThan(0)
    expect(body.messages[1]!.content).toContain('[2] people.pdf, pp. 14–15')
    expect(r.trace).toMatchObject({ packed: [101, 102], omitted: [], numCtx: 2048, rewrite: null })

    const stored = new Answerer({ search: stubSearch().search, db }).conversations.messages(r.conversationId)
    expect(stored.map((m) => m.role)).toEqual(['user', 'assistant'])
    expect(stored[1]).toMatchObject({
      id: r.messageId,
      text: r.answer,
      model: MODEL,
      mode: 'llm',
      status: 'complete',
    })
    expect(stored[1]!.citations).toEqual(r.citations)
  })

  it('drops citations to sources never provided and says so', async () => {
    fake.setScript({
      models: [{ name: MODEL, contextLength: 4096 }],
      chat: { tokens: ['It made 4,200 tonnes [1][7].', ' Staff: 1,200 [9].'] },
    })
    const r = await answerer().ask('Output?')
    expect(r.answer).toBe('It made 4,200 tonnes [1]. Staff: 1,200.')
    expect(r.invalidCitations).toEqual([7, 9])
    expect(r.citations.map((c) => c.n)).toEqual([1])
    expect(r.warnings).toContain('The answer cited [7], [9], which are not sources it was given; removed.')
  })

  it('flags a figure that appears in none of the cited passages', async () => {
    fake.setScript({
      models: [{ name: MODEL, contextLength: 4096 }],
      chat: { tokens: ['Ghent produced 4,500 tonnes in 2023 [1].'] },
    })
    const r = await answerer().ask('Output?')
    expect(r.unsupportedFigures).toEqual([
      { figure: '4,500', sentence: 'Ghent produced 4,500 tonnes in 2023.', checkedAgainst: [1] },
    ])
    expect(r.warnings).toContain('Unsupported figure: "4,500" appears in none of the cited passages.')
  })

  it('packs only what fits a small context, in rank order, and reports the rest', async () => {
    fake.setScript({ models: [{ name: MODEL, contextLength: 2048 }] })
    const big = Array.from({ length: 8 }, (_, i) =>
      hit(i + 1, `Passage ${i}. ` + 'steel output figures '.repeat(60)),
    )
    const r = await answerer(stubSearch(() => ({ results: big })).search).ask('Steel output?')
    expect(r.trace.numCtx).toBeLessThanOrEqual(2048)
    expect(r.trace.packed.length).toBeGreaterThan(0)
    expect(r.trace.packed).toEqual(big.slice(0, r.trace.packed.length).map((h) => h.chunkId))
    expect(r.trace.omitted.length).toBe(8 - r.trace.packed.length)
    expect(r.warnings[0]).toMatch(
      /^\d of 8 retrieved passages did not fit in the model's context \(2048 tokens\)/,
    )
    expect(fake.chats[0]!.body.options!.num_ctx).toBe(r.trace.numCtx)
  })

  it('respects the configured context cap below the model length', async () => {
    fake.setScript({ models: [{ name: MODEL, contextLength: 131072 }] })
    const big = Array.from({ length: 40 }, (_, i) => hit(i + 1, 'steel '.repeat(400)))
    const r = await answerer(stubSearch(() => ({ results: big })).search, { maxContextTokens: 8192 }).ask(
      'Steel?',
    )
    expect(r.trace.numCtx).toBe(8192)
    expect(r.trace.omitted.length).toBeGreaterThan(0)
  })
})

describe('Answerer declining', () => {
  it('answers "not found" with the nearest passages and never asks the model', async () => {
    const r = await answerer(stubSearch(() => ({ declined: true })).search).ask('Who won the 1966 World Cup?')
    expect(r.declined).toBe(true)
    expect(r.answer).toMatch(/^Not found in your documents\./)
    expect(r.citations.map((c) => c.n)).toEqual([1, 2])
    expect(fake.chats).toHaveLength(0)
    expect(r.mode).toBe('llm')
  })

  it('declines when nothing at all was retrieved', async () => {
    const r = await answerer(stubSearch(() => ({ results: [] })).search).ask('Anything?')
    expect(r).toMatchObject({ declined: true, answer: 'Not found in your documents.', citations: [] })
  })
})

describe('Answerer when Ollama cannot be used', () => {
  it('answers retrieval-only when Ollama is not running, with one line on how to fix it', async () => {
    const a = new Answerer({
      search: stubSearch().search,
      db,
      ollama: { host: await deadUrl(), model: MODEL },
    })
    const r = await a.ask('How much steel did Ghent produce?')
    expect(r).toMatchObject({ mode: 'retrieval-only', status: 'complete', declined: false, model: null })
    expect(r.ollama?.kind).toBe('not-running')
    expect(r.answer).toContain('"The Ghent plant produced 4,200 tonnes of steel in 2023." [1]')
    expect(r.answer.split('\n').at(-1)).toMatch(/^Ollama: Ollama is not reachable at .*ollama serve/)
    expect(r.warnings).toHaveLength(1)
    expect(r.citations.map((c) => c.n)).toEqual([1, 2])
    expect(r.timings.first_token_ms).toBeNull()
    const stored = a.conversations.messages(r.conversationId)[1]!
    expect(stored).toMatchObject({ mode: 'retrieval-only', error: expect.stringMatching(/not reachable/) })
  })

  it('names the missing model and the pull command', async () => {
    const a = new Answerer({
      search: stubSearch().search,
      db,
      ollama: { host: fake.url, model: 'mistral:7b' },
    })
    const r = await a.ask('Output?')
    expect(r.mode).toBe('retrieval-only')
    expect(r.ollama).toMatchObject({ kind: 'model-missing' })
    expect(r.warnings[0]).toContain('ollama pull mistral:7b')
    expect(fake.chats).toHaveLength(0)
  })

  it('falls back to retrieval-only on HTTP 500 from /api/chat', async () => {
    fake.setScript({
      models: [{ name: MODEL, contextLength: 4096 }],
      chat: { status: 500, error: 'CUDA out of memory' },
    })
    const r = await answerer().ask('Output?')
    expect(r.mode).toBe('retrieval-only')
    expect(r.ollama).toMatchObject({ kind: 'http-error', status: 500 })
    expect(r.answer).toContain('CUDA out of memory')
  })

  it('keeps what arrived when the stream breaks midway, and says it broke', async () => {
    fake.setScript({
      models: [{ name: MODEL, contextLength: 4096 }],
      chat: { tokens: ['Ghent produced ', '4,200 tonnes [1]', ' and then', ' more'], dropAfter: 2 },
    })
    const r = await answerer().ask('Output?')
    expect(r).toMatchObject({ mode: 'llm', status: 'failed', answer: 'Ghent produced 4,200 tonnes [1]' })
    expect(r.ollama?.kind).toBe('stream-broken')
    expect(r.warnings.some((w) => w.startsWith('The answer broke off: The connection to Ollama'))).toBe(true)
    expect(r.citations.map((c) => c.n)).toEqual([1])
    expect(new Answerer({ search: stubSearch().search, db }).conversations.message(r.messageId)?.status).toBe(
      'failed',
    )
  })
})

describe('Answerer cancellation', () => {
  it('stops mid-stream, keeps the partial answer marked stopped', async () => {
    fake.setScript({
      models: [{ name: MODEL, contextLength: 4096 }],
      chat: { tokens: ['Ghent ', 'produced ', 'a lot'], hangAfter: 2 },
    })
    const ac = new AbortController()
    const r = await answerer().ask('Output?', {
      signal: ac.signal,
      onToken: (t) => {
        if (t === 'produced ') ac.abort()
      },
    })
    expect(r).toMatchObject({ status: 'stopped', mode: 'llm', answer: 'Ghent produced' })
    expect(r.warnings).toContain('Stopped: the answer is incomplete.')
    const stored = new Answerer({ search: stubSearch().search, db }).conversations.message(r.messageId)
    expect(stored).toMatchObject({ status: 'stopped', text: 'Ghent produced' })
  })

  it('stops before the answer when cancelled during retrieval', async () => {
    const ac = new AbortController()
    const search = stubSearch(() => {
      ac.abort()
      return {}
    }).search
    const r = await answerer(search).ask('Output?', { signal: ac.signal })
    expect(r).toMatchObject({ status: 'stopped', answer: '' })
    expect(fake.chats).toHaveLength(0)
  })
})

describe('Answerer conversations', () => {
  it('rewrites a follow-up with the model and searches with the standalone question', async () => {
    const { search, calls } = stubSearch()
    fake.setScript({
      models: [{ name: MODEL, contextLength: 4096 }],
      chat: (req, i) =>
        i === 1
          ? { tokens: ['How much steel did Ghent produce in 2022?'] }
          : { tokens: ['It made 3,900 tonnes [1].'] },
    })
    const a = answerer(search)
    const first = await a.ask('How much steel did Ghent produce in 2023?')
    const second = await a.ask('And in 2022?', { conversationId: first.conversationId })
    expect(calls[1]).toEqual({
      query: 'How much steel did Ghent produce in 2022?',
      opts: { k: DEFAULT_ANSWER_PASSAGES },
    })
    expect(second.trace.rewrite).toMatchObject({
      from: 'And in 2022?',
      to: 'How much steel did Ghent produce in 2022?',
    })
    const rewriteReq = fake.chats[1]!.body
    expect(rewriteReq.messages[1]!.content).toContain('User: How much steel did Ghent produce in 2023?')
    expect(a.conversations.messages(first.conversationId)).toHaveLength(4)
  })

  it('uses earlier questions as retrieval context when no model is available, across a reopen', async () => {
    const { search, calls } = stubSearch()
    const host = await deadUrl()
    const first = await new Answerer({ search, db, ollama: { host, model: MODEL } }).ask(
      'Ghent steel output 2023?',
    )
    db.close()
    db = openDatabase(join(dir, 'library.db'))
    const second = await new Answerer({ search, db, ollama: { host, model: MODEL } }).ask('And 2022?', {
      conversationId: first.conversationId,
    })
    expect(calls[1]).toEqual({
      query: 'And 2022?',
      opts: { k: DEFAULT_ANSWER_PASSAGES, context: ['Ghent steel output 2023?'] },
    })
    expect(second.trace).toMatchObject({ rewrite: null, context: ['Ghent steel output 2023?'] })
    expect(second.conversationId).toBe(first.conversationId)
  })

  it('passes document filters through to search', async () => {
    const { search, calls } = stubSearch()
    await answerer(search).ask('Output?', { documentIds: [2] })
    expect(calls[0]!.opts).toEqual({ k: DEFAULT_ANSWER_PASSAGES, documentIds: [2] })
  })

  it('refuses an unknown conversation without storing anything', async () => {
    const a = answerer()
    await expect(a.ask('Hi?', { conversationId: 42 })).rejects.toMatchObject({
      code: 'CONVERSATION_NOT_FOUND',
    })
    expect(a.conversations.list()).toEqual([])
  })

  it('records a failed reply when search itself fails, then reports the error', async () => {
    const a = answerer(async () => {
      throw new Error('index missing')
    })
    await expect(a.ask('Output?')).rejects.toThrow('index missing')
    const [c] = a.conversations.list()
    expect(a.conversations.messages(c!.id).map((m) => [m.role, m.status, m.error])).toEqual([
      ['user', 'complete', null],
      ['assistant', 'failed', 'index missing'],
    ])
  })
})
