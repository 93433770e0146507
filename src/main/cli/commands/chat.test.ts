import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startFakeOllama, type FakeOllama } from '@tests/fake-ollama/index.js'
import { REPORT_FACTS, reportLibrary, type ReportLibrary } from '@tests/helpers/report-library.js'
import { ConversationStore } from '../../engine/chat/conversation-store.js'
import { runChat } from './chat.js'
import { captureIo } from '@tests/helpers/capture-io.js'

const MODEL = 'llama3.2:3b'
const STEEL = 'How much steel did the Ghent plant produce?'
const STAFF = 'How many people did the company employ?'
let fake: FakeOllama
let lib: ReportLibrary
let outDir: string
beforeEach(async () => {
  fake = await startFakeOllama({ models: [{ name: MODEL, contextLength: 8192 }] })
  lib = await reportLibrary()
  outDir = mkdtempSync(join(tmpdir(), 'quire-chat-out-'))
})
afterEach(async () => {
  await lib.dispose()
  await fake.close()
  rmSync(outDir, { recursive: true, force: true })
})

/** Feeds lines one at a time, each after the output shows the previous one was handled. */
async function session(
  lines: string[],
  onOutput?: (chunk: string, io: ReturnType<typeof captureIo>) => void,
) {
  const io = captureIo()
  const input = new PassThrough()
  const stdout = {
    write: (s: string) => {
      io.stdout.write(s)
      onOutput?.(s, io)
    },
  }
  const done = runChat({ ollamaUrl: fake.url, model: MODEL }, lib.owner, { ...io, stdout, input })
  for (const line of lines) input.write(`${line}\n`)
  input.end()
  const code = await done
  return { code, io }
}

describe('quire chat', () => {
  it('answers questions in one conversation, shows history, exports Markdown, and starts anew', async () => {
    fake.setScript({
      models: [{ name: MODEL, contextLength: 8192 }],
      chat: (req, i) => ({
        tokens:
          i === 1
            ? ['Steel output of the Ghent plant in 2022?']
            : i === 3
              ? [`Answer ${i} is 1,200 people [1].`]
              : [`Answer ${i} is 4,200 tonnes [1].`],
      }),
    })
    const file = join(outDir, 'chat.md')
    const { code, io } = await session([STEEL, 'And 2022?', '/history', `/export ${file}`, '/new', STAFF])
    expect(code).toBe(0)
    expect(io.out()).toContain('Quire chat. Ollama 0.12.3 is ready with llama3.2:3b.')
    expect(io.out()).toContain('Answer 0 is 4,200 tonnes [1].')
    expect(io.out()).toContain('You: And 2022?\nQuire: Answer 2 is 4,200 tonnes [1].')
    expect(io.out()).toContain(`Exported to ${file}`)
    // The question in the new conversation is answered from the people report.
    expect(io.out()).toMatch(/Answer 3 is 1,200 people \[1\]\.\n\nSources:\n {2}\[1\] people\.pdf, pp?\. 3\b/)
    const md = readFileSync(file, 'utf8')
    expect(md).toContain(`# ${STEEL}`)
    expect(md).toContain('## Sources\n\n1. annual-report.pdf — Annual report, p. 12')
    const store = new ConversationStore(lib.lib.db)
    const [second, first] = store.list()
    expect([second!.messageCount, first!.messageCount]).toEqual([2, 4])
    // The follow-up was searched as the model rewrote it, and found the steel page.
    const followUp = store.messages(first!.id)[3]!
    expect(followUp.trace).toMatchObject({
      question: 'And 2022?',
      searchQuery: 'Steel output of the Ghent plant in 2022?',
    })
    expect(followUp.citations[0]).toMatchObject({ file: lib.files.report, pages: [REPORT_FACTS.steel.page] })
  })

  it('stops the current answer on Ctrl-C and keeps going', async () => {
    fake.setScript({
      models: [{ name: MODEL, contextLength: 8192 }],
      chat: [{ tokens: ['Partial ', 'answer ', 'never'], hangAfter: 2 }, { tokens: ['Second [1].'] }],
    })
    const { code, io } = await session([STEEL, '/new', STAFF], (chunk, io) => {
      if (chunk === 'answer ') setTimeout(() => io.interrupts.emit('SIGINT'), 5)
    })
    expect(code).toBe(0)
    expect(io.out()).toContain('Partial answer [stopped]')
    expect(io.out()).toContain('Second [1].')
    const messages = new ConversationStore(lib.lib.db).list().map((c) => c.messageCount)
    expect(messages).toEqual([2, 2])
  })

  it('leaves on a second Ctrl-C at the prompt', async () => {
    const io = captureIo()
    const input = new PassThrough()
    const done = runChat({ ollamaUrl: fake.url, model: MODEL }, lib.owner, { ...io, input })
    await new Promise((r) => setTimeout(r, 100))
    io.interrupts.emit('SIGINT')
    io.interrupts.emit('SIGINT')
    expect(await done).toBe(0)
    expect(io.out()).toContain('Press Ctrl-C again')
    expect(io.interrupts.listenerCount('SIGINT')).toBe(0)
  })

  it('continues a given conversation and reports bad commands without leaving', async () => {
    const store = new ConversationStore(lib.lib.db)
    const c = store.create('Earlier chat')
    store.addMessage({ conversationId: c.id, role: 'user', text: 'Old question' })
    const io = captureIo()
    const input = new PassThrough()
    const done = runChat({ ollamaUrl: fake.url, model: MODEL, conversation: c.id }, lib.owner, {
      ...io,
      input,
    })
    input.end('/bogus\n/export\n/open 77\n/history\n/quit\nnever asked\n')
    expect(await done).toBe(0)
    expect(io.out()).toContain('Continuing conversation 1: Earlier chat')
    expect(io.err()).toContain('quire: Unknown command /bogus.')
    expect(io.err()).toContain('quire: Give a file name: /export FILE')
    expect(io.err()).toContain('quire: There is no conversation 77 in this library.')
    expect(io.out()).toContain('You: Old question')
    expect(store.messages(c.id)).toHaveLength(1)
  })

  it('with --collection, lists and continues only that collection’s conversations', async () => {
    const store = new ConversationStore(lib.lib.db)
    const case14 = lib.owner.collections.create('Case 14')
    const mine = lib.owner.startConversation('Steel in Case 14', case14.id)
    const other = store.create('Steel everywhere')
    const io = captureIo()
    const input = new PassThrough()
    const done = runChat({ ollamaUrl: fake.url, model: MODEL, collection: 'Case 14' }, lib.owner, {
      ...io,
      input,
    })
    input.end(`/conversations\n/open ${other.id}\n/open ${mine.id}\n/quit\n`)
    expect(await done).toBe(0)
    expect(io.out()).toContain(`Conversations in Case 14:\n  ${mine.id}  Steel in Case 14 (0 messages)\n`)
    expect(io.out()).not.toContain('Steel everywhere')
    expect(io.err()).toContain(
      `quire: Conversation ${other.id} searches all documents, not "Case 14". /conversations lists those of "Case 14"`,
    )
    expect(io.out()).toContain(`Continuing conversation ${mine.id}: Steel in Case 14`)
  })

  it('refuses to start with an unknown conversation', async () => {
    const io = captureIo()
    expect(await runChat({ conversation: '5' }, lib.owner, { ...io, input: new PassThrough() })).toBe(1)
    expect(io.err()).toBe('quire: There is no conversation 5 in this library.\n')
  })
})
