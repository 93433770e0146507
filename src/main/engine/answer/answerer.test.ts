import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { deadOllamaUrl, startFakeOllama, type FakeOllama } from '@tests/fake-ollama/index.js'
import { paragraphLines, type TextPdfSpec } from '@tests/fixtures/pdf-factory.js'
import { REPORT_FACTS, reportLibrary, type ReportLibrary } from '@tests/helpers/report-library.js'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import { warningText } from '@shared/answer-warnings.js'
import type { AnswerEvent, AnswerWarning } from '@shared/chat-types.js'
import type { SearchOptions } from '@shared/library-types.js'
import { ConversationStore } from '../chat/conversation-store.js'
import { Library } from '../library.js'
import { Answerer, DEFAULT_ANSWER_PASSAGES } from './answerer.js'

// The answerer on top of the real engine: PDFs imported into a real keyword-only library in a temp
// folder (tests/helpers/report-library.ts), with Ollama played by the fake server. Questions are
// asked whose answers sit on known pages; what search did is read from the stored retrieval trace.

const MODEL = 'llama3.2:3b'
const STEEL_Q = 'How much steel did Ghent produce in 2023?'
const PLANTS = ['Ghent', 'Liege', 'Charleroi', 'Genk', 'Antwerp', 'Mons', 'Namur', 'Hasselt']

/** Many long pages about steel output: more matching text than a small context can hold. Each page's
 * text differs (its year), so search does not collapse them as one text seen twice. */
function steelOutputPdf(pages: number): TextPdfSpec {
  return {
    title: 'Steel output review',
    pages: Array.from({ length: pages }, (_, i) => {
      const plant = PLANTS[i % PLANTS.length]!
      const sentences = Array.from(
        { length: 14 },
        (_, j) =>
          `Steel output at the ${plant} works in quarter ${(j % 4) + 1} of ${2001 + i} was reviewed against the plan for line ${j + 1}, and the steel output figures were checked by the plant engineers.`,
      )
      return {
        lines: [{ text: `${i + 1} Steel output at ${plant}`, size: 16 }, ...paragraphLines(sentences)],
      }
    }),
  }
}

/** The warnings as the CLI prints them, one per line. */
const cliLines = (warnings: AnswerWarning[]) => warnings.map((w) => warningText(w, 'cli')).join('\n')

const tempDir = useTempDirs()
let fake: FakeOllama
const cleanups: (() => Promise<void>)[] = []
beforeEach(async () => {
  fake = await startFakeOllama({ models: [{ name: MODEL, contextLength: 4096 }] })
})
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
  await fake.close()
})

/** The two-report fixture library (plus any extra PDFs), removed after the test. */
async function reports(extra: Record<string, TextPdfSpec> = {}): Promise<ReportLibrary> {
  const r = await reportLibrary(extra)
  cleanups.push(() => r.dispose())
  return r
}

function answerer(lib: Library, extra: Partial<ConstructorParameters<typeof Answerer>[0]> = {}) {
  return new Answerer({
    search: lib.search,
    conversations: conversationsOf(lib),
    ollama: { host: fake.url, model: MODEL },
    ...extra,
  })
}

/** The library's conversations: the store beside the answerer, reading the same database. */
function conversationsOf(lib: Library): ConversationStore {
  return new ConversationStore(lib.db)
}

function documentId(lib: Library, file: string): number {
  const doc = lib.documents().find((d) => d.path === file)
  if (!doc) throw new Error(`${file} is not in the library`)
  return doc.id
}

describe('Answerer with a working model', () => {
  it('streams a cited answer, sizes the context from /api/show and stores the turn', async () => {
    const { lib, files } = await reports()
    fake.setScript({
      models: [{ name: MODEL, contextLength: 4096 }],
      chat: { tokens: ['Ghent produced ', '4,200 tonnes', ' in 2023 [1].'] },
    })
    const events: AnswerEvent['type'][] = []
    const tokens: string[] = []
    const { message: r, extras } = await answerer(lib).ask(STEEL_Q, {
      onToken: (t) => tokens.push(t),
      onEvent: (e) => events.push(e.type),
    })
    expect(tokens.join('')).toBe('Ghent produced 4,200 tonnes in 2023 [1].')
    expect(events).toEqual(['started', 'retrieval', 'token', 'token', 'token', 'done'])
    expect(r).toMatchObject({
      role: 'assistant',
      text: 'Ghent produced 4,200 tonnes in 2023 [1].',
      mode: 'llm',
      status: 'complete',
      declined: false,
      model: MODEL,
      warnings: [],
      ollama: null,
    })
    expect(extras).toEqual({ invalidCitations: [], unsupportedFigures: [] })
    expect(r.citations).toEqual([
      expect.objectContaining({ n: 1, file: files.report, pages: [REPORT_FACTS.steel.page] }),
    ])
    expect(r.citations[0]!.text).toContain(REPORT_FACTS.steel.text)
    // The head count page shares the question's year, so it comes second.
    expect(r.sources.map((s) => [s.n, s.file])).toEqual([
      [1, files.report],
      [2, files.people],
    ])
    expect(r.sources[1]!.pages).toContain(REPORT_FACTS.staff.page)
    expect(r.timings.firstTokenMs).not.toBeNull()
    expect(r.timings.totalMs).toBeGreaterThanOrEqual(r.timings.firstTokenMs!)

    const body = fake.chats[0]!.body
    expect(body.model).toBe(MODEL)
    // The model's own context (4096 from /api/show), read before this first request.
    expect(fake.requests.findIndex((q) => q.path === '/api/show')).toBeLessThan(
      fake.requests.findIndex((q) => q.path === '/api/chat'),
    )
    expect(body.options).toMatchObject({ num_ctx: 4096, temperature: 0.1 })
    expect(body.options!.num_predict).toBeGreaterThan(0)
    expect(body.messages[1]!.content).toContain(`[2] people.pdf, pp. ${r.sources[1]!.pages.join('–')}`)
    expect(body.messages[1]!.content).toContain(REPORT_FACTS.staff.text)
    expect(r.trace).toMatchObject({
      searchQuery: STEEL_Q,
      searchMode: 'keyword',
      packed: r.sources.map((s) => s.chunkId),
      omitted: [],
      numCtx: 4096,
      rewrite: null,
    })

    const stored = conversationsOf(lib).messages(r.conversationId)
    expect(stored.map((m) => m.role)).toEqual(['user', 'assistant'])
    // The result's message is the stored message, not a copy rebuilt from other fields.
    expect(stored[1]).toEqual(r)
  })

  it('cites the page that holds the answer for a question about the other report', async () => {
    const { lib, files } = await reports()
    fake.setScript({
      models: [{ name: MODEL, contextLength: 4096 }],
      chat: { tokens: ['The company employed 1,200 people [1].'] },
    })
    const { message: r, extras } = await answerer(lib).ask('How many people did the company employ?')
    expect(r.citations).toEqual([expect.objectContaining({ n: 1, file: files.people })])
    expect(r.citations[0]!.pages).toContain(REPORT_FACTS.staff.page)
    expect(r.citations[0]!.text).toContain(REPORT_FACTS.staff.text)
    expect(extras.unsupportedFigures).toEqual([])
  })

  it('drops citations to sources never provided and says so', async () => {
    const { lib } = await reports()
    fake.setScript({
      models: [{ name: MODEL, contextLength: 4096 }],
      chat: { tokens: ['It made 4,200 tonnes [1][7].', ' Staff: 1,200 [9].'] },
    })
    const { message: r, extras } = await answerer(lib).ask(STEEL_Q)
    expect(r.sources).toHaveLength(2)
    expect(r.text).toBe('It made 4,200 tonnes [1]. Staff: 1,200.')
    expect(extras.invalidCitations).toEqual([7, 9])
    expect(r.citations.map((c) => c.n)).toEqual([1])
    expect(r.warnings).toContainEqual({ kind: 'invalid-citations', numbers: [7, 9] })
    expect(r.warnings.map((w) => warningText(w, 'cli'))).toContain(
      'The answer cited [7], [9], which are not sources it was given; removed.',
    )
  })

  it('flags a figure that appears in none of the cited passages', async () => {
    const { lib } = await reports()
    fake.setScript({
      models: [{ name: MODEL, contextLength: 4096 }],
      chat: { tokens: ['Ghent produced 4,500 tonnes in 2023 [1].'] },
    })
    const { message: r, extras } = await answerer(lib).ask(STEEL_Q)
    expect(extras.unsupportedFigures).toEqual([
      { figure: '4,500', sentence: 'Ghent produced 4,500 tonnes in 2023.', checkedAgainst: [1] },
    ])
    expect(r.warnings).toContainEqual({ kind: 'unsupported-figure', figure: '4,500' })
  })

  it('fits a small context by giving passages as their relevant sentences, in rank order, and says so', async () => {
    const { lib } = await reports({ 'steel-output.pdf': steelOutputPdf(24) })
    fake.setScript({ models: [{ name: MODEL, contextLength: 2048 }] })
    const { message: r } = await answerer(lib).ask('Steel output?')
    // The default number of passages is asked for, and the library has more than that to give.
    expect(r.trace.hits).toHaveLength(DEFAULT_ANSWER_PASSAGES)
    const retrieved = r.trace.hits.map((h) => h.chunkId)
    expect(r.trace.numCtx).toBe(2048)
    // Trimming before dropping: a 2048-token model keeps at least four sources.
    expect(r.trace.packed.length).toBeGreaterThanOrEqual(4)
    expect(r.trace.packed).toEqual(retrieved.slice(0, r.trace.packed.length))
    expect(r.trace.omitted).toEqual(retrieved.slice(r.trace.packed.length))
    expect(cliLines(r.warnings)).toMatch(
      /passages? (was|were) given to the model as its most relevant sentences to fit its context \(2048 tokens\)/,
    )
    expect(fake.chats[0]!.body.options!.num_ctx).toBe(r.trace.numCtx)
  })

  it('respects the configured context cap below the model length', async () => {
    const { lib } = await reports({ 'steel-output.pdf': steelOutputPdf(24) })
    fake.setScript({ models: [{ name: MODEL, contextLength: 131072 }] })
    const { message: r } = await answerer(lib, { maxContextTokens: 8192, k: 40 }).ask('Steel output?')
    // k reaches search: far more than the default number of passages came back.
    expect(r.trace.hits.length).toBeGreaterThan(DEFAULT_ANSWER_PASSAGES)
    expect(r.trace.numCtx).toBe(8192)
    expect(r.trace.promptTokens! + 1024).toBeLessThanOrEqual(8192)
    expect(r.trace.packed.length + r.trace.omitted.length).toBe(r.trace.hits.length)
  })
})

describe('Answerer declining', () => {
  it('answers "not found" with the nearest passages and never asks the model when search is sure', async () => {
    const { lib, files } = await reports()
    // Rotterdam, pilots and unions are in no document: most of the question is not found, so the
    // engine declines by itself, but the steel passage is still the nearest.
    const { message: r } = await answerer(lib).ask('Which Rotterdam harbour pilots joined the steel union?')
    expect(r.declined).toBe(true)
    expect(r.trace.declined).toBe(true)
    expect(r.declineReason).toBe('names-absent')
    expect(r.text).toMatch(/^Not found in your documents\. The nearest passages are \[1\]/)
    expect(r.citations[0]!.file).toBe(files.report)
    expect(r.citations[0]!.pages).toEqual([REPORT_FACTS.steel.page])
    expect(fake.chats).toHaveLength(0)
    expect(r.mode).toBe('llm')
  })

  it('leaves a question whose words are mostly found to the model (model-decline.test.ts)', async () => {
    const { lib } = await reports()
    // Only the plant's name is missing: search is not sure, and the model judges.
    const { message: r } = await answerer(lib).ask('How much steel did the Rotterdam plant produce in 2023?')
    expect(r.trace.decision).toMatchObject({ declined: false, doubtful: true })
    expect(fake.chats).toHaveLength(1)
  })

  it('declines a question about something the library never mentions', async () => {
    const { lib } = await reports()
    const { message: r } = await answerer(lib).ask('Who won the 1966 World Cup?')
    expect(r).toMatchObject({ declined: true, text: 'Not found in your documents.', citations: [] })
    expect(r.trace).toMatchObject({ declined: true, hits: [] })
    expect(fake.chats).toHaveLength(0)
  })

  it('declines when nothing at all was retrieved', async () => {
    const lib = await Library.open(tempDir('quire-empty-library-'))
    cleanups.push(() => lib.close())
    expect(lib.documents()).toEqual([])
    const { message: r } = await answerer(lib).ask('How much steel did Ghent produce in 2023?')
    expect(r).toMatchObject({ declined: true, text: 'Not found in your documents.', citations: [] })
    expect(r.trace.hits).toEqual([])
    expect(fake.chats).toHaveLength(0)
  })
})

describe('Answerer when Ollama cannot be used', () => {
  it('answers retrieval-only when Ollama is not running, with one line on how to fix it', async () => {
    const { lib, files } = await reports()
    const a = answerer(lib, { ollama: { host: await deadOllamaUrl(), model: MODEL } })
    const { message: r } = await a.ask('How much steel did Ghent produce?')
    expect(r).toMatchObject({ mode: 'retrieval-only', status: 'complete', declined: false, model: null })
    expect(r.ollama?.kind).toBe('not-running')
    // The quoted sentence carries the page's heading ("12 Production") in front: see the report.
    expect(r.text).toMatch(/^- ".*The Ghent plant produced 4,200 tonnes of steel in 2023\." \[1\]$/m)
    // The problem is said once, as the warning line, not again inside the answer's text.
    expect(r.text).not.toContain('not reachable')
    expect(r.warnings).toEqual([{ kind: 'retrieval-only', problem: r.ollama }])
    expect(cliLines(r.warnings)).toMatch(
      /^Ollama: Ollama is not reachable at http:\S+\. Start Ollama.*--ollama-url/,
    )
    expect(cliLines(r.warnings)).not.toContain('ECONNREFUSED')
    expect(r.citations.map((c) => c.chunkId)).toEqual(r.trace.hits.map((h) => h.chunkId))
    expect(r.citations[0]).toMatchObject({ n: 1, file: files.report, pages: [REPORT_FACTS.steel.page] })
    expect(r.timings.firstTokenMs).toBeNull()
    const stored = conversationsOf(lib).messages(r.conversationId)[1]!
    expect(stored).toMatchObject({ mode: 'retrieval-only', error: expect.stringMatching(/not reachable/) })
  })

  it('names the missing model and the pull command', async () => {
    const { lib } = await reports()
    const { message: r } = await answerer(lib, { ollama: { host: fake.url, model: 'mistral:7b' } }).ask(
      STEEL_Q,
    )
    expect(r.mode).toBe('retrieval-only')
    expect(r.ollama).toMatchObject({ kind: 'model-missing' })
    expect(cliLines(r.warnings)).toContain('ollama pull mistral:7b')
    expect(fake.chats).toHaveLength(0)
  })

  it('falls back to retrieval-only on HTTP 500 from /api/chat', async () => {
    const { lib } = await reports()
    fake.setScript({
      models: [{ name: MODEL, contextLength: 4096 }],
      chat: { status: 500, error: 'CUDA out of memory' },
    })
    const { message: r } = await answerer(lib).ask(STEEL_Q)
    expect(r.mode).toBe('retrieval-only')
    expect(r.ollama).toMatchObject({ kind: 'http-error', status: 500 })
    expect(cliLines(r.warnings)).toContain('CUDA out of memory')
  })

  it('keeps what arrived when the stream breaks midway, and says it broke', async () => {
    const { lib } = await reports()
    fake.setScript({
      models: [{ name: MODEL, contextLength: 4096 }],
      chat: { tokens: ['Ghent produced ', '4,200 tonnes [1]', ' and then', ' more'], dropAfter: 2 },
    })
    const { message: r } = await answerer(lib).ask(STEEL_Q)
    expect(r).toMatchObject({ mode: 'llm', status: 'failed', text: 'Ghent produced 4,200 tonnes [1]' })
    expect(r.ollama?.kind).toBe('stream-broken')
    expect(r.warnings).toContainEqual({ kind: 'broke-off', problem: r.ollama })
    expect(cliLines(r.warnings)).toMatch(/^The answer broke off: The connection to Ollama/m)
    expect(r.citations.map((c) => c.n)).toEqual([1])
    expect(conversationsOf(lib).message(r.id)?.status).toBe('failed')
  })
})

describe('Answerer cancellation', () => {
  it('stops mid-stream, keeps the partial answer marked stopped', async () => {
    const { lib } = await reports()
    fake.setScript({
      models: [{ name: MODEL, contextLength: 4096 }],
      chat: { tokens: ['Ghent ', 'produced ', 'a lot'], hangAfter: 2 },
    })
    const ac = new AbortController()
    const { message: r } = await answerer(lib).ask(STEEL_Q, {
      signal: ac.signal,
      onToken: (t) => {
        if (t === 'produced ') ac.abort()
      },
    })
    expect(r).toMatchObject({ status: 'stopped', mode: 'llm', text: 'Ghent produced' })
    expect(r.warnings).toContainEqual({ kind: 'stopped' })
    const stored = conversationsOf(lib).message(r.id)
    expect(stored).toMatchObject({ status: 'stopped', text: 'Ghent produced' })
  })

  it('stops before the answer when cancelled during retrieval', async () => {
    const { lib } = await reports()
    const ac = new AbortController()
    // Stop is pressed as soon as the question is stored, while the model's status and the
    // passages are being fetched.
    const { message: r } = await answerer(lib).ask(STEEL_Q, {
      signal: ac.signal,
      onEvent: (e) => {
        if (e.type === 'started') ac.abort()
      },
    })
    expect(r).toMatchObject({ status: 'stopped', text: '' })
    expect(r.warnings).toEqual([{ kind: 'stopped-before-start' }])
    expect(fake.chats).toHaveLength(0)
    const stored = conversationsOf(lib).message(r.id)
    expect(stored).toMatchObject({ status: 'stopped', text: '' })
  })
})

describe('Answerer conversations', () => {
  it('rewrites a follow-up with the model and searches with the standalone question', async () => {
    const { lib, files } = await reports()
    fake.setScript({
      models: [{ name: MODEL, contextLength: 4096 }],
      chat: (req, i) =>
        i === 1
          ? { tokens: ['How much steel did Ghent produce in 2022?'] }
          : { tokens: ['It made 3,900 tonnes [1].'] },
    })
    const a = answerer(lib)
    const first = await a.ask(STEEL_Q)
    const second = await a.ask('And in 2022?', { conversationId: first.message.conversationId })
    expect(second.message.trace).toMatchObject({
      question: 'And in 2022?',
      searchQuery: 'How much steel did Ghent produce in 2022?',
      context: [],
    })
    expect(second.message.trace.rewrite).toMatchObject({
      from: 'And in 2022?',
      to: 'How much steel did Ghent produce in 2022?',
    })
    expect(second.message.trace.hits[0]).toMatchObject({
      file: files.report,
      pages: [REPORT_FACTS.steel.page],
    })
    expect(second.message.citations).toEqual([
      expect.objectContaining({ n: 1, file: files.report, pages: [REPORT_FACTS.steel.page] }),
    ])
    const rewriteReq = fake.chats[1]!.body
    expect(rewriteReq.messages[1]!.content).toContain(`User: ${STEEL_Q}`)
    const messages = conversationsOf(lib).messages(first.message.conversationId)
    expect(messages).toHaveLength(4)
    expect(messages[3]!.trace).toEqual(second.message.trace)
  })

  it('does not search with a "rewrite" that is really an answer: the earlier turns become context', async () => {
    const { lib, files } = await reports()
    // A stand-in that always answers, also when asked to rewrite.
    fake.setScript({
      models: [{ name: MODEL, contextLength: 4096 }],
      chat: { tokens: ['It made 3,900 tonnes [1].'] },
    })
    const a = answerer(lib)
    const first = await a.ask(STEEL_Q)
    const second = await a.ask('And in 2022?', { conversationId: first.message.conversationId })
    expect(second.message.trace).toMatchObject({
      rewrite: null,
      rewriteRejected: { text: 'It made 3,900 tonnes [1].', reason: 'cites-sources' },
      searchQuery: 'And in 2022?',
      context: [STEEL_Q],
    })
    expect(second.message.trace.hits[0]).toMatchObject({
      file: files.report,
      pages: [REPORT_FACTS.steel.page],
    })
  })

  it('uses earlier questions as retrieval context when no model is available, across a reopen', async () => {
    const fixture = await reports()
    const { files } = fixture
    const host = await deadOllamaUrl()
    const first = await answerer(fixture.lib, { ollama: { host, model: MODEL } }).ask(
      'Ghent steel output 2023?',
    )
    await fixture.lib.close()
    const lib = await fixture.reopen()
    const second = await answerer(lib, { ollama: { host, model: MODEL } }).ask('And 2022?', {
      conversationId: first.message.conversationId,
    })
    expect(second.message.conversationId).toBe(first.message.conversationId)
    expect(second.message.trace).toMatchObject({
      rewrite: null,
      searchQuery: 'And 2022?',
      context: ['Ghent steel output 2023?'],
    })
    expect(second.message.trace.hits[0]).toMatchObject({
      file: files.report,
      pages: [REPORT_FACTS.steel.page],
    })
    // The earlier question's "2023" reached search: on its own, "And 2022?" finds only page 12.
    const alone = await lib.search('And 2022?', { k: DEFAULT_ANSWER_PASSAGES })
    expect(alone.results.map((h) => h.file)).toEqual([files.report])
    expect(second.message.trace.hits.map((h) => h.file)).toContain(files.people)
    const stored = conversationsOf(lib).messages(first.message.conversationId)
    expect(stored[3]!.trace).toEqual(second.message.trace)
  })

  it("gives search the previous answer's passages, cited first, for a follow-up asked without a rewrite", async () => {
    const fixture = await reports()
    const host = await deadOllamaUrl()
    const asked: SearchOptions[] = []
    const a = answerer(fixture.lib, {
      ollama: { host, model: MODEL },
      search: (q, o) => {
        asked.push(o ?? {})
        return fixture.lib.search(q, o)
      },
    })
    const first = await a.ask('Ghent steel output 2023?')
    const second = await a.ask('Is that more than in 2022?', { conversationId: first.message.conversationId })
    const { citations, sources } = first.message
    expect(sources.length).toBeGreaterThan(0)
    expect(asked[0]!.earlierPassages).toBeUndefined()
    expect(asked[1]).toMatchObject({
      context: ['Ghent steel output 2023?'],
      earlierPassages: [...new Set([...citations, ...sources].map((c) => c.chunkId))],
    })
    expect(second.message.trace.hits[0]).toMatchObject({ file: fixture.files.report })
  })

  it('passes document filters through to search', async () => {
    const { lib, files } = await reports()
    const reportId = documentId(lib, files.report)
    // Unfiltered, the question also finds the people report.
    const unfiltered = await lib.search(STEEL_Q, { k: DEFAULT_ANSWER_PASSAGES })
    expect(unfiltered.results.some((h) => h.documentId !== reportId)).toBe(true)
    fake.setScript({
      models: [{ name: MODEL, contextLength: 4096 }],
      chat: { tokens: ['Ghent produced 4,200 tonnes in 2023 [1].'] },
    })
    const { message: r } = await answerer(lib).ask(STEEL_Q, { documentIds: [reportId] })
    expect(r.trace.hits.length).toBeGreaterThan(0)
    for (const h of r.trace.hits) expect(h).toMatchObject({ documentId: reportId, file: files.report })
    expect(r.sources.every((s) => s.documentId === reportId)).toBe(true)
    expect(r.citations[0]).toMatchObject({ file: files.report, pages: [REPORT_FACTS.steel.page] })
  })

  it('refuses an unknown conversation without storing anything', async () => {
    const { lib } = await reports()
    const a = answerer(lib)
    await expect(a.ask('Hi?', { conversationId: 42 })).rejects.toMatchObject({
      code: 'CONVERSATION_NOT_FOUND',
    })
    expect(conversationsOf(lib).list()).toEqual([])
  })

  it('records a failed reply when search itself fails, then reports the error', async () => {
    const { lib } = await reports()
    // A damaged library: the full-text index is gone, so the real search throws.
    lib.db.exec('DROP TABLE chunks_fts')
    const a = answerer(lib)
    const events: AnswerEvent[] = []
    const error: unknown = await a
      .ask(STEEL_Q, { onEvent: (e) => events.push(e) })
      .catch((err: unknown) => err)
    expect(error).toBeInstanceOf(Error)
    const message = (error as Error).message
    expect(message).toMatch(/no such .*table: .*chunks_fts/)
    const [c] = conversationsOf(lib).list()
    const stored = conversationsOf(lib).messages(c!.id)
    expect(stored.map((m) => [m.role, m.status, m.error])).toEqual([
      ['user', 'complete', null],
      ['assistant', 'failed', message],
    ])
    // The event stream ends with a failure naming the stored failed reply, not a made-up result.
    expect(events.map((e) => e.type)).toEqual(['started', 'failed'])
    expect(events.at(-1)).toMatchObject({ conversationId: c!.id, messageId: stored[1]!.id, message })
  })
})
