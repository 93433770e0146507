import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startFakeOllama, type FakeOllama } from '../../../../tests/fake-ollama/index.js'
import { runAsk } from './ask.js'
import { captureIo, testLibrary } from './test-support.js'

const MODEL = 'llama3.2:3b'
let fake: FakeOllama
let lib: ReturnType<typeof testLibrary>
beforeEach(async () => {
  fake = await startFakeOllama({ models: [{ name: MODEL, contextLength: 8192 }] })
  lib = testLibrary()
})
afterEach(async () => {
  lib.dispose()
  await fake.close()
})

async function deadUrl(): Promise<string> {
  const other = await startFakeOllama()
  await other.close()
  return other.url
}

describe('quire ask', () => {
  it('prints exactly the JSON contract with --json', async () => {
    fake.setScript({
      models: [{ name: MODEL, contextLength: 8192 }],
      chat: { tokens: ['It made ', '4,200 tonnes [1].'] },
    })
    const io = captureIo()
    const code = await runAsk(
      { question: 'How much steel?', ollamaUrl: fake.url, model: MODEL, json: true },
      lib.handle,
      io,
    )
    expect(code).toBe(0)
    const lines = io.out().trim().split('\n')
    expect(lines).toHaveLength(1)
    const obj = JSON.parse(lines[0]!)
    expect(Object.keys(obj).sort()).toEqual(
      ['answer', 'citations', 'conversation_id', 'declined', 'mode', 'model', 'timings', 'warnings'].sort(),
    )
    expect(obj).toMatchObject({
      answer: 'It made 4,200 tonnes [1].',
      mode: 'llm',
      declined: false,
      citations: [
        { n: 1, file: '/lib/annual-report.pdf', pages: [12], text: expect.stringContaining('4,200') },
      ],
      model: MODEL,
      warnings: [],
    })
    expect(Object.keys(obj.citations[0]).sort()).toEqual(['file', 'n', 'pages', 'text'])
    expect(Object.keys(obj.timings).sort()).toEqual(['first_token_ms', 'retrieval_ms', 'total_ms'])
    expect(typeof obj.conversation_id).toBe('number')
  })

  it('streams the answer and lists sources, with the conversation on stderr', async () => {
    fake.setScript({
      models: [{ name: MODEL, contextLength: 8192 }],
      chat: { tokens: ['It made ', '4,200 tonnes [1].'] },
    })
    const io = captureIo()
    expect(
      await runAsk({ question: 'How much steel?', ollamaUrl: fake.url, model: MODEL }, lib.handle, io),
    ).toBe(0)
    expect(io.out()).toBe('It made 4,200 tonnes [1].\n\nSources:\n  [1] annual-report.pdf, p. 12\n')
    expect(io.err()).toMatch(/^\(conversation 1 · llama3\.2:3b · \d+\.\d s\)\n$/)
  })

  it('continues a conversation with --conversation', async () => {
    const io = captureIo()
    await runAsk(
      { question: 'Steel in 2023?', ollamaUrl: fake.url, model: MODEL, json: true },
      lib.handle,
      io,
    )
    const id = JSON.parse(io.out()).conversation_id as number
    const io2 = captureIo()
    await runAsk(
      { question: 'And 2022?', conversation: String(id), ollamaUrl: fake.url, model: MODEL, json: true },
      lib.handle,
      io2,
    )
    expect(JSON.parse(io2.out()).conversation_id).toBe(id)
    // The default fake reply to the rewrite echoes the follow-up.
    expect(fake.chats).toHaveLength(3)
  })

  it('answers retrieval-only with exit 0 when Ollama is down, never a stack trace', async () => {
    const io = captureIo()
    const code = await runAsk(
      { question: 'How much steel did Ghent produce?', ollamaUrl: await deadUrl() },
      lib.handle,
      io,
    )
    expect(code).toBe(0)
    expect(io.out()).toContain('Retrieval-only answer')
    expect(io.out()).toContain('  [1] annual-report.pdf, p. 12\n      The Ghent plant produced 4,200 tonnes')
    expect(io.err()).toMatch(/! Ollama: Ollama is not reachable at .*"ollama serve"/)
    expect(io.err()).not.toMatch(/\n\s+at /)
  })

  it('reports retrieval-only and declined in JSON', async () => {
    const io = captureIo()
    await runAsk({ question: 'Steel?', ollamaUrl: await deadUrl(), json: true }, lib.handle, io)
    expect(JSON.parse(io.out())).toMatchObject({ mode: 'retrieval-only', model: null, declined: false })

    const declining = testLibrary(() => ({ declined: true }))
    try {
      const io2 = captureIo()
      expect(
        await runAsk(
          { question: 'World Cup 1966?', ollamaUrl: fake.url, model: MODEL, json: true },
          declining.handle,
          io2,
        ),
      ).toBe(0)
      const obj = JSON.parse(io2.out())
      expect(obj).toMatchObject({
        declined: true,
        answer: expect.stringMatching(/^Not found in your documents/),
      })
      expect(obj.citations).toHaveLength(2)
    } finally {
      declining.dispose()
    }
  })

  it('stops on Ctrl-C, keeping the partial answer', async () => {
    fake.setScript({
      models: [{ name: MODEL, contextLength: 8192 }],
      chat: { tokens: ['It ', 'made ', 'more'], hangAfter: 2 },
    })
    const io = captureIo()
    const run = runAsk({ question: 'Steel?', ollamaUrl: fake.url, model: MODEL }, lib.handle, {
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
    expect(io.err()).toContain('! Stopped: the answer is incomplete.')
    expect(io.interrupts.listenerCount('SIGINT')).toBe(0)
  })

  it('fails with one line for an unknown or malformed conversation id', async () => {
    const io = captureIo()
    expect(await runAsk({ question: 'q', conversation: '99', ollamaUrl: fake.url }, lib.handle, io)).toBe(1)
    expect(io.err()).toBe('quire: There is no conversation 99 in this library.\n')
    const io2 = captureIo()
    expect(await runAsk({ question: 'q', conversation: 'abc', json: true }, lib.handle, io2)).toBe(2)
    expect(JSON.parse(io2.out())).toEqual({
      error: { code: 'INVALID_ARGUMENT', message: expect.stringContaining('"abc"') },
    })
  })
})
