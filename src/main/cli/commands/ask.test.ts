import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { deadOllamaUrl, startFakeOllama, type FakeOllama } from '@tests/fake-ollama/index.js'
import { REPORT_FACTS, reportLibrary, type ReportLibrary } from '@tests/helpers/report-library.js'
import { ConversationStore } from '../../engine/chat/conversation-store.js'
import { runAsk } from './ask.js'
import { captureIo } from '@tests/helpers/capture-io.js'

const MODEL = 'llama3.2:3b'
const STEEL = 'How much steel did the Ghent plant produce?'
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

describe('quire ask', () => {
  it('prints exactly the JSON contract with --json', async () => {
    fake.setScript({
      models: [{ name: MODEL, contextLength: 8192 }],
      chat: { tokens: ['It made ', '4,200 tonnes [1].'] },
    })
    const io = captureIo()
    const code = await runAsk(
      { question: STEEL, ollamaUrl: fake.url, model: MODEL, json: true },
      lib.owner,
      io,
    )
    expect(code).toBe(0)
    const lines = io.out().trim().split('\n')
    expect(lines).toHaveLength(1)
    const obj = JSON.parse(lines[0]!)
    expect(Object.keys(obj).sort()).toEqual(
      [
        'answer',
        'citations',
        'conversation_id',
        'declined',
        'decline_reason',
        'decline_message',
        'mode',
        'model',
        'scope',
        'search_query',
        'sources',
        'timings',
        'warnings',
      ].sort(),
    )
    // Every passage the model read, in the citations' shape; the cited one among them.
    expect(obj.sources.length).toBeGreaterThanOrEqual(obj.citations.length)
    expect(obj.sources).toContainEqual(obj.citations[0])
    expect(Object.keys(obj.sources[0]).sort()).toEqual(['file', 'n', 'pages', 'text'])
    expect(obj.search_query).toBe(STEEL)
    expect(obj.decline_reason).toBeNull()
    expect(obj.decline_message).toBeNull()
    expect(obj).toMatchObject({
      answer: 'It made 4,200 tonnes [1].',
      mode: 'llm',
      declined: false,
      citations: [
        {
          n: 1,
          file: lib.files.report,
          pages: [REPORT_FACTS.steel.page],
          text: expect.stringContaining(REPORT_FACTS.steel.text),
        },
      ],
      model: MODEL,
      warnings: [],
    })
    expect(Object.keys(obj.citations[0]).sort()).toEqual(['file', 'n', 'pages', 'text'])
    expect(Object.keys(obj.timings).sort()).toEqual(['first_token_ms', 'retrieval_ms', 'total_ms'])
    expect(typeof obj.conversation_id).toBe('number')
    // What was searched, recorded with the answer (here: every document of the library).
    expect(obj.scope).toEqual({
      kind: 'library',
      text: 'Searched all documents: 2 documents',
      collection: null,
      documents: 2,
      files: [],
    })
  })

  it('streams the answer and lists sources, with the conversation on stderr', async () => {
    fake.setScript({
      models: [{ name: MODEL, contextLength: 8192 }],
      chat: { tokens: ['It made ', '4,200 tonnes [1].'] },
    })
    const io = captureIo()
    expect(await runAsk({ question: STEEL, ollamaUrl: fake.url, model: MODEL }, lib.owner, io)).toBe(0)
    expect(io.out()).toBe('It made 4,200 tonnes [1].\n\nSources:\n  [1] annual-report.pdf, p. 12\n')
    expect(io.err()).toMatch(
      /^Searched all documents: 2 documents\n\(conversation 1 · llama3\.2:3b · \d+\.\d s\)\n$/,
    )
  })

  it('reprints the checked answer when a citation to a source it was not given is removed', async () => {
    fake.setScript({
      models: [{ name: MODEL, contextLength: 8192 }],
      chat: { tokens: ['It made ', '4,200 tonnes [1][9].'] },
    })
    const io = captureIo()
    expect(await runAsk({ question: STEEL, ollamaUrl: fake.url, model: MODEL }, lib.owner, io)).toBe(0)
    const out = io.out()
    // What streamed stays (it was on screen), then the corrected text replaces it as the last word.
    expect(out.startsWith('It made 4,200 tonnes [1][9].\n')).toBe(true)
    expect(out).toContain(
      '\nThe answer without [9], which cited no source it was given:\nIt made 4,200 tonnes [1].\n',
    )
    expect(io.err()).toContain('[9]')
  })

  it('shows a spinner on a terminal until the first token, and none when output is piped', async () => {
    fake.setScript({
      models: [{ name: MODEL, contextLength: 8192 }],
      chat: { tokens: ['It made ', '4,200 tonnes [1].'] },
    })
    const io = captureIo()
    const tty = { ...io, stdout: { write: io.stdout.write, isTTY: true } }
    expect(await runAsk({ question: STEEL, ollamaUrl: fake.url, model: MODEL }, lib.owner, tty)).toBe(0)
    const out = io.out()
    expect(out).toMatch(/^\r\x1b\[K. Searching your documents…/)
    expect(out).toMatch(/Reading \d+ passages? · waiting for the model to start writing…/)
    // The spinner line is erased before the answer starts, and never drawn after it.
    expect(out).toContain('\r\x1b[KIt made 4,200 tonnes [1].')
    expect(out.slice(out.indexOf('It made'))).not.toContain('\r')

    const piped = captureIo()
    await runAsk({ question: STEEL, ollamaUrl: fake.url, model: MODEL }, lib.owner, piped)
    expect(piped.out()).not.toContain('\r')
  })

  it('continues a conversation with --conversation', async () => {
    const io = captureIo()
    await runAsk(
      { question: 'How much steel did Ghent make in 2023?', ollamaUrl: fake.url, model: MODEL, json: true },
      lib.owner,
      io,
    )
    const id = JSON.parse(io.out()).conversation_id as number
    const io2 = captureIo()
    await runAsk(
      { question: 'And in 2022?', conversation: String(id), ollamaUrl: fake.url, model: MODEL, json: true },
      lib.owner,
      io2,
    )
    const second = JSON.parse(io2.out())
    expect(second.conversation_id).toBe(id)
    // The default fake reply to the rewrite echoes the follow-up.
    expect(fake.chats).toHaveLength(3)
    // The follow-up is answered from the page that has 2022's output.
    expect(second.citations).toMatchObject([{ file: lib.files.report, pages: [REPORT_FACTS.steel.page] }])
    const messages = new ConversationStore(lib.lib.db).messages(id)
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant'])
    // The stored trace shows the follow-up went through the model's rewrite before search.
    expect(messages[3]!.trace).toMatchObject({
      question: 'And in 2022?',
      rewrite: { to: 'And in 2022?', model: MODEL },
      declined: false,
    })
  })

  it('answers retrieval-only with exit 0 when Ollama is down, never a stack trace', async () => {
    const io = captureIo()
    const code = await runAsk({ question: STEEL, ollamaUrl: await deadOllamaUrl() }, lib.owner, io)
    expect(code).toBe(0)
    expect(io.out()).toContain('Retrieval-only answer')
    expect(io.out()).toMatch(
      /\n {2}\[1\] annual-report\.pdf, p\. 12\n {6}.*The Ghent plant produced 4,200 tonnes/,
    )
    expect(io.err()).toMatch(/! Ollama: Ollama is not reachable at .*"ollama serve"/)
    expect(io.err()).not.toMatch(/\n\s+at /)
  })

  it('adds a missing scheme to --ollama-url and says so; refuses an address that cannot work', async () => {
    fake.setScript({
      models: [{ name: MODEL, contextLength: 8192 }],
      chat: { tokens: ['It made 4,200 tonnes [1].'] },
    })
    const bare = fake.url.replace(/^http:\/\//, '')
    const io = captureIo()
    expect(await runAsk({ question: STEEL, ollamaUrl: bare, model: MODEL, json: true }, lib.owner, io)).toBe(
      0,
    )
    expect(io.err()).toContain(`"${bare}" has no scheme: using ${fake.url}.`)
    expect(JSON.parse(io.out())).toMatchObject({ mode: 'llm' })
    const bad = captureIo()
    expect(await runAsk({ question: STEEL, ollamaUrl: 'ftp://host:1', model: MODEL }, lib.owner, bad)).toBe(2)
    expect(bad.err()).toBe(
      'quire: --ollama-url: The Ollama address must start with http:// or https:// (got ftp:). [INVALID_ARGUMENT]\n',
    )
  })

  it('reports retrieval-only and declined in JSON', async () => {
    const io = captureIo()
    await runAsk({ question: STEEL, ollamaUrl: await deadOllamaUrl(), json: true }, lib.owner, io)
    expect(JSON.parse(io.out())).toMatchObject({ mode: 'retrieval-only', model: null, declined: false })

    // Nothing in the library is about football: declined, with no passage near enough to list.
    const io2 = captureIo()
    expect(
      await runAsk(
        { question: 'Who won the 1966 World Cup?', ollamaUrl: fake.url, model: MODEL, json: true },
        lib.owner,
        io2,
      ),
    ).toBe(0)
    expect(JSON.parse(io2.out())).toMatchObject({
      declined: true,
      decline_reason: 'no-results',
      mode: 'llm',
      answer: 'Not found in your documents.',
      citations: [],
    })
    // Search's sure declines are never handed to the model to improvise.
    expect(fake.chats).toHaveLength(0)

    // A plant the library never mentions, in a question otherwise well covered: search is not sure,
    // so the model judges, and its marker becomes the same "not found" with the nearest passages.
    fake.setScript({
      models: [{ name: MODEL, contextLength: 8192 }],
      chat: { tokens: ['NO_ANS', 'WER_IN_SOURCES', '.'] },
    })
    const io3 = captureIo()
    await runAsk(
      {
        question: 'How much steel did the Liverpool plant produce?',
        ollamaUrl: fake.url,
        model: MODEL,
        json: true,
      },
      lib.owner,
      io3,
    )
    const obj = JSON.parse(io3.out())
    expect(fake.chats).toHaveLength(1)
    expect(obj).toMatchObject({
      declined: true,
      decline_reason: 'model',
      decline_message: expect.stringMatching(/found no answer/),
      answer: expect.stringMatching(/^Not found in your documents\. The nearest passages are \[1\]/),
    })
    expect(obj.answer).not.toMatch(/NO_ANSWER/i)
    expect(obj.citations.length).toBeGreaterThan(0)
    expect(obj.citations[0]).toMatchObject({ n: 1, file: lib.files.report, pages: [REPORT_FACTS.steel.page] })
  })

  it('compares two named documents, each side citing its own pages, in --json', async () => {
    fake.setScript({
      models: [{ name: MODEL, contextLength: 8192 }],
      chat: (req) => {
        const user = req.messages[1]?.content ?? ''
        const n = (file: string) => new RegExp(`^\\[(\\d+)\\] ${file}`, 'm').exec(user)?.[1]
        return {
          tokens: [
            `Steel output was 4,200 tonnes [${n('annual-report.pdf')}]; `,
            `the staff count was 1,200 [${n('people.pdf')}].`,
          ],
        }
      },
    })
    const io = captureIo()
    const question = 'Compare annual-report.pdf and people.pdf on their 2023 figures'
    expect(await runAsk({ question, ollamaUrl: fake.url, model: MODEL, json: true }, lib.owner, io)).toBe(0)
    const obj = JSON.parse(io.out())
    expect(fake.chats).toHaveLength(1)
    expect(fake.chats[0]!.body.messages[0]!.content).toMatch(/You compare two documents/)
    expect(obj.declined).toBe(false)
    // Each side's citation is that document's passage holding its fact.
    expect(obj.citations.map((c: { file: string }) => c.file)).toEqual([lib.files.report, lib.files.people])
    expect(obj.citations[0].pages).toContain(REPORT_FACTS.steel.page)
    expect(obj.citations[1].pages).toContain(REPORT_FACTS.staff.page)
  })

  it('stops on Ctrl-C, keeping the partial answer', async () => {
    fake.setScript({
      models: [{ name: MODEL, contextLength: 8192 }],
      chat: { tokens: ['It ', 'made ', 'more'], hangAfter: 2 },
    })
    const io = captureIo()
    const run = runAsk({ question: STEEL, ollamaUrl: fake.url, model: MODEL }, lib.owner, {
      ...io,
      stdout: {
        write: (s: string) => {
          io.stdout.write(s)
          if (s === 'made ') setTimeout(() => io.interrupts.emit('SIGINT'), 5)
        },
      },
    })
    expect(await run).toBe(0)
    expect(io.out()).toMatch(/^It made \[stopped\]\n/)
    expect(io.err()).toContain('! Stopped. The partial answer is kept.')
    expect(io.interrupts.listenerCount('SIGINT')).toBe(0)
  })

  // ask printed "quire: The question is … long; …" without the [QUESTION_TOO_LONG] that search,
  // and every other command's failure, print.
  it('names the code of a failure as the other commands do', async () => {
    const io = captureIo()
    expect(await runAsk({ question: 'why '.repeat(2000), ollamaUrl: fake.url }, lib.owner, io)).toBe(1)
    expect(io.err()).toMatch(/^quire: The question is .* \[QUESTION_TOO_LONG\]\n$/)
  })

  it('fails with one line for an unknown or malformed conversation id', async () => {
    const io = captureIo()
    expect(await runAsk({ question: STEEL, conversation: '99', ollamaUrl: fake.url }, lib.owner, io)).toBe(1)
    expect(io.err()).toBe('quire: There is no conversation 99 in this library. [CONVERSATION_NOT_FOUND]\n')
    const io2 = captureIo()
    expect(await runAsk({ question: STEEL, conversation: 'abc', json: true }, lib.owner, io2)).toBe(2)
    expect(JSON.parse(io2.out())).toEqual({
      error: { code: 'INVALID_ARGUMENT', message: expect.stringContaining('"abc"') },
    })
  })
})
