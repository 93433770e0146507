// The renderer's chat (stores and components, the whole App) driven through the real IPC router
// and services: a real library in a temp folder holding generated PDFs, the fake Ollama as the only
// stand-in, and createInMemoryApi in place of Electron's IPC (structured clones both ways). Each
// streamed event is also checked against the contract's zod schema on its way to the page.
import fs from 'node:fs/promises'
import path from 'node:path'
import { screen, waitFor, within } from '@testing-library/react'
import type userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { startFakeOllama, type FakeOllama } from '@tests/fake-ollama/index.js'
import { makeTextPdf, paragraphLines } from '@tests/fixtures/pdf-factory.js'
import { tempServices } from '@tests/helpers/temp-services.js'
import { Library } from '../../src/main/engine/library.js'
import { openApp as open, type OpenedApp } from './open-app.js'

// pdf.js needs a real canvas; opening the viewer is covered by the end-to-end tests.
vi.mock('@renderer/components/viewer/pdf-loader.js', () => ({
  openPdf: () => new Promise(() => {}),
  loadPdfjs: () => new Promise(() => {}),
}))

const MODEL = 'llama3.2:3b'
const QUESTION = 'How much steel did the Ghent plant produce in 2023?'
const FACT = 'The Ghent plant produced 4,200 tonnes of steel in 2023.'

let ollama: FakeOllama
let env: Awaited<ReturnType<typeof tempServices>>
const opened: OpenedApp[] = []

async function openApp(): Promise<OpenedApp> {
  const app = await open(env.services)
  opened.push(app)
  return app
}

beforeEach(async () => {
  ollama = await startFakeOllama({ models: [{ name: MODEL, contextLength: 4096 }] })
  env = await tempServices({ ollamaHost: ollama.url })
  const file = path.join(env.tmp, 'annual-report.pdf')
  await fs.writeFile(
    file,
    await makeTextPdf({
      title: 'Annual report',
      pages: [
        { lines: [{ text: '1 Governance', size: 16 }, ...paragraphLines(['The board met four times.'])] },
        { lines: [{ text: '2 Production', size: 16 }, ...paragraphLines([FACT])] },
      ],
    }),
  )
  const lib = await Library.open(env.services.library.dir)
  await lib.ingest([file])
  await lib.close()
})

afterEach(async () => {
  for (const o of opened.splice(0)) o.close()
  await env.dispose()
  await ollama.close()
})

async function ask(user: ReturnType<typeof userEvent.setup>, question: string) {
  await user.type(screen.getByRole('textbox', { name: 'Question' }), `${question}{Enter}`)
}

describe('chat in the app, through the real IPC router and services', () => {
  it('asks a question and shows the streamed answer with its citation', async () => {
    ollama.setScript({ chat: { tokens: ['Ghent produced ', '4,200 tonnes ', 'in 2023 [1].'] } })
    const { stores, events, user } = await openApp()
    // Every state the streaming answer went through, to see the tokens arrive one by one.
    const streamed: string[] = []
    stores.chat.subscribe((s) => {
      const text = s.streaming?.text
      if (text && streamed.at(-1) !== text) streamed.push(text)
    })
    await ask(user, QUESTION)

    const answer = await screen.findByRole('article', { name: 'Answer' })
    expect(answer.textContent).toContain('Ghent produced 4,200 tonnes in 2023')
    expect(streamed).toEqual([
      'Ghent produced ',
      'Ghent produced 4,200 tonnes ',
      'Ghent produced 4,200 tonnes in 2023 [1].',
    ])
    expect(events.map((e) => e.type)).toEqual(['started', 'retrieval', 'token', 'token', 'token', 'done'])
    // The citation is a chip naming the document and page, and the passage is listed as a source.
    expect(within(answer).getByRole('button', { name: /^Source 1: Annual report, pp?\. / })).toBeTruthy()
    const sources = within(answer).getByRole('region', { name: 'Sources' })
    expect(within(sources).getByRole('button', { name: 'Open source 1' })).toBeTruthy()
    // The question is the prompt's and the fact reached the model.
    expect(ollama.chats.at(-1)!.body.messages.at(-1)!.content).toContain(FACT)
    // What the page shows is the stored message, the same object the done event carried.
    const done = events.at(-1)
    if (done?.type !== 'done') throw new Error('no done event')
    expect(stores.chat.getState().messages.at(-1)).toEqual(done.result.message)
    // The history list reloads on its own schedule after the answer: wait for it.
    await waitFor(() =>
      expect(screen.getByRole('navigation', { name: 'Conversations' }).textContent).toContain(QUESTION),
    )
  })

  it('keeps what streamed when the answer is stopped midway', async () => {
    // Two tokens, then the fake model goes quiet until the request is cancelled.
    ollama.setScript({ chat: { tokens: ['Ghent produced ', '4,200 tonnes', ' never sent'], hangAfter: 2 } })
    const { user } = await openApp()
    await ask(user, QUESTION)
    const live = await screen.findByRole('article', { name: 'Answer in progress' })
    await waitFor(() => expect(live.textContent).toContain('Ghent produced 4,200 tonnes'))
    await user.click(within(live).getByRole('button', { name: 'Stop answer' }))
    const answer = await screen.findByRole('article', { name: 'Answer' })
    expect(answer.textContent).toContain('Ghent produced 4,200 tonnes')
    expect(answer.textContent).not.toContain('never sent')
    // Worded for the app from the structured warning, once.
    expect(within(answer).getAllByText('Stopped. The partial answer is kept.')).toHaveLength(1)
  })

  it('shows a failed answer with its reason when search itself breaks', async () => {
    const { events, user } = await openApp()
    // A damaged library: the full-text index is gone, so the real search throws.
    env.services.library.library.db.exec('DROP TABLE chunks_fts')
    await ask(user, QUESTION)
    const answer = await screen.findByRole('article', { name: 'Answer' })
    expect(within(answer).getByText(/no such .*table: .*chunks_fts/)).toBeTruthy()
    expect(events.map((e) => e.type)).toEqual(['started', 'failed'])
    expect(screen.queryByRole('article', { name: 'Answer in progress' })).toBeNull()
    // The question stays in the conversation above its failed reply.
    expect(screen.getByRole('article', { name: 'Question' }).textContent).toContain(QUESTION)
  })

  it('finds the conversation again after a restart, with its answer, citation and notes', async () => {
    ollama.setScript({ chat: { tokens: ['Ghent produced 4,200 tonnes in 2023 [1]. Staff: 9,999.'] } })
    const first = await openApp()
    await ask(first.user, QUESTION)
    const before = await screen.findByRole('article', { name: 'Answer' })
    // A figure in none of the passages: the engine's structured warning, worded for the app.
    const note = 'Unsupported figure: "9,999" appears in none of the cited passages.'
    expect(within(before).getByText(note)).toBeTruthy()
    const stored = first.stores.chat.getState().messages

    // Restart: the page goes away, the services close, and both start again on the same folder.
    for (const o of opened.splice(0)) o.close()
    await env.close()
    env = await tempServices({ ollamaHost: ollama.url, reopen: env.tmp })
    const second = await openApp()
    const history = screen.getByRole('navigation', { name: 'Conversations' })
    await second.user.click(await within(history).findByText(QUESTION))

    const answer = await screen.findByRole('article', { name: 'Answer' })
    expect(answer.textContent).toContain('Ghent produced 4,200 tonnes in 2023')
    expect(within(answer).getByRole('button', { name: /^Source 1: Annual report, pp?\. / })).toBeTruthy()
    expect(within(answer).getByText(note)).toBeTruthy()
    expect(second.stores.chat.getState().messages).toEqual(stored)
  })

  it('says so on the answer and in Settings when the model it answered with is gone, and never switches back', async () => {
    ollama.setScript({
      models: [
        { name: 'steer-test', contextLength: 4096 },
        { name: MODEL, contextLength: 4096 },
      ],
      chat: { tokens: ['Ghent produced 4,200 tonnes in 2023 [1].'] },
    })
    const { stores, user } = await openApp()
    await ask(user, QUESTION)
    await screen.findByRole('article', { name: 'Answer' })
    expect(ollama.chats.at(-1)!.body.model).toBe('steer-test')

    // steer-test is removed from Ollama: the next answer comes from llama3.2:3b, and says so.
    ollama.setScript({
      models: [{ name: MODEL, contextLength: 4096 }],
      chat: { tokens: ['Ghent produced 4,200 tonnes in 2023 [1].'] },
    })
    const said = `steer-test is no longer installed; answering with ${MODEL} — choose a model in Settings → Language model → Model.`
    await stores.settings.getState().refreshOllama()
    await user.click(screen.getByRole('button', { name: 'Open settings' }))
    expect(within(screen.getByRole('dialog', { name: 'Settings' })).getByText(said)).toBeTruthy()
    await user.keyboard('{Escape}')
    await ask(user, 'And the board?')
    await waitFor(() => expect(screen.getAllByRole('article', { name: 'Answer' })).toHaveLength(2))
    const second = screen.getAllByRole('article', { name: 'Answer' })[1]!
    expect(within(second).getByText(said)).toBeTruthy()
    expect(ollama.chats.at(-1)!.body.model).toBe(MODEL)

    // steer-test comes back: Quire keeps answering with the model it switched to.
    ollama.setScript({
      models: [
        { name: 'steer-test', contextLength: 4096 },
        { name: MODEL, contextLength: 4096 },
      ],
      chat: { tokens: ['Ghent produced 4,200 tonnes in 2023 [1].'] },
    })
    await ask(user, 'And in 2022?')
    await waitFor(() => expect(screen.getAllByRole('article', { name: 'Answer' })).toHaveLength(3))
    expect(ollama.chats.at(-1)!.body.model).toBe(MODEL)
    const third = screen.getAllByRole('article', { name: 'Answer' })[2]!
    expect(within(third).queryByText(/no longer installed/)).toBeNull()
  })

  it('answers with the passages and the "not found" strictness chosen in Settings', async () => {
    ollama.setScript({ chat: { tokens: ['Ghent produced 4,200 tonnes in 2023 [1].'] } })
    const { stores, user } = await openApp()
    await stores.settings.getState().save({ answerPassages: 1, minCoverage: 0.9 })
    await ask(user, QUESTION)
    await waitFor(() =>
      expect(stores.chat.getState().messages.some((m) => m.role === 'assistant')).toBe(true),
    )
    const reply = stores.chat.getState().messages.find((m) => m.role === 'assistant')!
    expect(reply.trace!.hits).toHaveLength(1)
    expect(reply.trace!.decision!.threshold).toBe(0.9)
    // Kept for the next start.
    expect(env.services.settings.get()).toMatchObject({ answerPassages: 1, minCoverage: 0.9 })
  })

  it('edits a sent question and asks again: a new version of the turn, each version with its own wording', async () => {
    ollama.setScript({
      chat: (req) => ({
        tokens: [
          req.messages.at(-1)!.content.includes('Question: How many times')
            ? 'The board met four times [1].'
            : 'Ghent produced 4,200 tonnes in 2023 [1].',
        ],
      }),
    })
    const { user } = await openApp()
    await ask(user, QUESTION)
    await screen.findByRole('article', { name: 'Answer' })
    await user.click(screen.getByRole('button', { name: 'Edit question' }))
    const box = screen.getByRole('textbox', { name: 'Edit question' })
    await user.clear(box)
    await user.type(box, 'How many times did the board meet?{Enter}')
    await waitFor(
      () => expect(screen.getByRole('group', { name: 'Answer versions' }).textContent).toContain('2/2'),
      { timeout: 10_000 },
    )
    // The edited question went to the model, and the turn shows it above its answer.
    expect(ollama.chats.at(-1)!.body.messages.at(-1)!.content).toContain('How many times did the board meet?')
    expect(screen.getAllByRole('article', { name: 'Question' })).toHaveLength(1)
    expect(screen.getByRole('article', { name: 'Question' }).textContent).toContain(
      'How many times did the board meet?',
    )
    expect(screen.getByRole('article', { name: 'Answer' }).textContent).toContain('The board met four times')
    // The first version keeps the question it answered.
    await user.click(screen.getByRole('button', { name: 'Previous version' }))
    expect(screen.getByRole('article', { name: 'Question' }).textContent).toContain(QUESTION)
    expect(screen.getByRole('article', { name: 'Answer' }).textContent).toContain('4,200 tonnes')
  })
})
