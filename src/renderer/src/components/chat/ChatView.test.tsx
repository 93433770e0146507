import { act, fireEvent, screen, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { AnswerMessage, AnswerResult, Citation, OllamaProblem } from '@shared/chat-types.js'
import { renderApp } from '@renderer/test/render-app.js'
import { answerResult, doc, type FakeApi } from '@renderer/test/fake-api.js'

// pdf.js needs a real canvas; the viewer's loading is covered by the end-to-end test.
vi.mock('../viewer/pdf-loader.js', () => ({
  openPdf: () => new Promise(() => {}),
  loadPdfjs: () => new Promise(() => {}),
}))

const source: Citation = {
  n: 1,
  chunkId: 7,
  documentId: 1,
  file: '/lib/alpha.pdf',
  title: 'Alpha',
  pages: [2],
  text: 'The tide rises twice a day.',
}

function result(over: Partial<AnswerMessage> = {}): AnswerResult {
  return answerResult({
    id: 21,
    conversationId: 4,
    text: 'The tide rises twice daily [1].',
    citations: [source],
    sources: [source],
    ...over,
  })
}

/** The stored "not found" answer, its nearest passage cited, with search's `decision` in the trace. */
function notFound(decision: object, over: Partial<AnswerMessage> = {}): AnswerResult {
  return result({
    declined: true,
    text: 'Not found in your documents. The nearest passages are [1], but they do not appear to answer the question.',
    citations: [source],
    sources: [source],
    trace: { decision } as unknown as AnswerMessage['trace'],
    ...over,
  })
}

const notRunning: OllamaProblem = {
  kind: 'not-running',
  message: 'Ollama is not running.',
  fix: 'Start it, or set the right address with --ollama-url.',
}

/** Types the question in the question box and sends it with Enter. */
async function ask(user: UserEvent, question: string): Promise<void> {
  await user.type(screen.getByRole('textbox', { name: 'Question' }), `${question}{Enter}`)
}

/** Delivers `answer` as the finished answer to the question being answered (request r1). */
async function finish(api: FakeApi, answer: AnswerResult): Promise<void> {
  await act(async () => api.emit('chat.event', { requestId: 'r1', event: { type: 'done', result: answer } }))
}

async function setup() {
  const user = userEvent.setup()
  const app = await renderApp({
    'library.documents': () => [doc(1, { title: 'Alpha' })],
    'chat.ask': () => ({ requestId: 'r1', conversationId: 4 }),
    'chat.stop': () => ({}),
    // The reload after "done" fails here, so the view falls back to the streamed result.
    'library.pdfUrl': () => ({ url: '/api/pdf/1' }),
    'library.page': () => ({
      documentId: 1,
      pageNo: 2,
      text: 'Intro line.\nThe tide rises twice a day.',
      items: [
        { start: 0, end: 11, x: 72, y: 700, w: 60, h: 11 },
        { start: 12, end: 39, x: 72, y: 686, w: 150, h: 11 },
      ],
      width: 612,
      height: 792,
    }),
  })
  return { user, ...app }
}

describe('chat view', () => {
  it('gives a question that could not be saved (the library busy) back to the question box', async () => {
    const { user, api } = await setup()
    api.handlers['chat.ask'] = () => {
      throw new Error('The library is busy: another program has been writing to it for over 5 s.')
    }
    const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Question' })
    await user.type(box, 'How often does the tide rise?{Enter}')
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'The library is busy: another program has been writing to it for over 5 s.',
    )
    // Before: the box was emptied on send and the question was gone.
    expect(box.value).toBe('How often does the tide rise?')
  })

  it('sends with Enter, not Shift+Enter, streams tokens with citation chips, and stops with Esc', async () => {
    const { user, api } = await setup()
    const box = screen.getByRole('textbox', { name: 'Question' })
    await user.type(box, 'How often{Shift>}{Enter}{/Shift}does the tide rise?')
    expect(api.callsTo('chat.ask')).toHaveLength(0)
    await user.keyboard('{Enter}')
    expect(api.callsTo('chat.ask')).toEqual([
      { question: 'How often\ndoes the tide rise?', conversationId: null },
    ])
    expect(screen.getByText('Searching your documents…')).toBeTruthy()
    act(() => {
      api.emit('chat.event', {
        requestId: 'r1',
        event: { type: 'retrieval', trace: {} as AnswerMessage['trace'], sources: [source] },
      })
      api.emit('chat.event', { requestId: 'r1', event: { type: 'token', text: 'The tide rises' } })
      api.emit('chat.event', { requestId: 'r1', event: { type: 'token', text: ' twice daily [1].' } })
    })
    const live = screen.getByRole('article', { name: 'Answer in progress' })
    expect(within(live).getByRole('button', { name: 'Source 1: Alpha, p. 2' })).toBeTruthy()
    await user.keyboard('{Escape}')
    expect(api.callsTo('chat.stop')).toEqual([{ requestId: 'r1' }])
  })

  it('keeps a question beyond the length limit in the box, says so, and does not send it', async () => {
    const { user, api } = await setup()
    const box = screen.getByRole('textbox', { name: 'Question' })
    fireEvent.change(box, { target: { value: 'tide '.repeat(1000) } })
    expect(screen.getByRole('alert').textContent).toMatch(
      /4,999 characters long; a question may be at most 4,000/,
    )
    expect((screen.getByRole('button', { name: 'Send question' }) as HTMLButtonElement).disabled).toBe(true)
    await user.type(box, '{Enter}')
    expect(api.callsTo('chat.ask')).toHaveLength(0)
    expect((box as HTMLTextAreaElement).value.length).toBe(5000)
  })

  it('shows the finished answer with sources, and a chip opens the cited page highlighted', async () => {
    const { user, api, stores } = await setup()
    await ask(user, 'Tide?')
    const focused = { ...source, focus: ['The tide rises twice a day.'], pageLabels: ['ii'] }
    await finish(api, result({ citations: [focused], sources: [focused] }))
    const answer = await screen.findByRole('article', { name: 'Answer' })
    expect(within(answer).getByRole('button', { name: 'Open source 1' })).toBeTruthy()
    // The page label printed on the paper comes first, the PDF's page number after it.
    expect(within(answer).getByRole('button', { name: 'Source 1: Alpha, p. ii (PDF p. 2)' })).toBeTruthy()
    await user.click(within(answer).getByRole('button', { name: 'Source 1: Alpha, p. ii (PDF p. 2)' }))
    expect(stores.viewer.getState().target?.focus).toEqual(['The tide rises twice a day.'])
    expect(stores.viewer.getState().target).toMatchObject({ documentId: 1, page: 2, citationN: 1 })
    const viewer = screen.getByRole('complementary', { name: 'PDF viewer' })
    expect(await within(viewer).findByText('Source 1 is highlighted on p. 2.')).toBeTruthy()
    expect(api.callsTo('library.page')).toEqual([{ documentId: 1, pageNo: 2 }])
    await user.click(within(viewer).getByRole('button', { name: 'Next page' }))
    expect(stores.viewer.getState().target?.page).toBe(3)
    await user.click(within(viewer).getByRole('button', { name: 'Zoom in' }))
    expect(stores.viewer.getState().zoom).toBe(1.2)
    await user.click(within(viewer).getByRole('button', { name: 'Close viewer' }))
    expect(screen.queryByRole('complementary', { name: 'PDF viewer' })).toBeNull()
  })

  it('sets a declined answer apart and shows retrieval-only mode with the fix', async () => {
    const { user, api } = await setup()
    await ask(user, 'Moon?')
    await finish(api, result({ declined: true, text: '', citations: [], sources: [] }))
    expect(await screen.findByText('Not found in your documents')).toBeTruthy()
    expect(screen.queryByRole('region', { name: 'Sources' })).toBeNull()

    await ask(user, 'Tide?')
    await finish(
      api,
      result({
        id: 22,
        mode: 'retrieval-only',
        text: 'The tide rises twice a day. [1]',
        warnings: [
          { kind: 'retrieval-only', problem: notRunning },
          { kind: 'passages-omitted', omitted: 2, total: 6, window: 2048 },
        ],
        ollama: notRunning,
      }),
    )
    // One notice for the problem, its remedy worded for the app; the warning restating it is not repeated.
    expect(await screen.findByText('Ollama is not running.')).toBeTruthy()
    expect(
      screen.getByText(
        'Start Ollama on that machine ("ollama serve" or the Ollama app), or set the right address in Settings → Language model → Host.',
      ),
    ).toBeTruthy()
    expect(screen.queryByText(/--ollama-url/)).toBeNull()
    expect(screen.getAllByText(/Ollama is not running/)).toHaveLength(1)
    expect(
      screen.getByText(
        "2 of 6 retrieved passages did not fit in the model's context (2048 tokens) and were left out.",
      ),
    ).toBeTruthy()
    // The answer's outcome reaches the header at once, without waiting for the next status check.
    expect(screen.getByRole('button', { name: /Language model status/ }).textContent).toBe(
      'Ollama not reachable',
    )
  })

  it('shows a "not found" card with the reason, the nearest passages as chips and a source list', async () => {
    const { user, api } = await setup()
    await ask(user, 'Tide tables of Mars?')
    const decision = {
      declined: true,
      reason: 'low-coverage' as const,
      coverage: 0.18,
      local: 0.1,
      threshold: 0.25,
      missing: ['mars'],
      decisive: [],
    }
    await finish(api, notFound(decision))
    const card = await screen.findByRole('note', { name: 'Not found in your documents' })
    expect(
      within(card).getByText(
        'The nearest passages cover only 18% of what the question asks. No document contains “mars”.',
      ),
    ).toBeTruthy()
    expect(within(card).getByRole('button', { name: 'Source 1: Alpha, p. 2' })).toBeTruthy()
    const nearest = screen.getByRole('region', { name: 'Nearest passages' })
    expect(within(nearest).getByRole('button', { name: 'Show 1 nearest passage' })).toBeTruthy()
  })

  it('shows the model\'s own "not found" as the same card, saying the model found no answer', async () => {
    const { user, api } = await setup()
    await ask(user, 'Tide tables of Liverpool?')
    // Search was not sure (doubtful), so the model read the passages and replied with its marker.
    const decision = {
      declined: false,
      doubtful: true,
      reason: 'names-absent' as const,
      coverage: 0.7,
      local: 0.6,
      threshold: 0.25,
      missing: ['liverpool'],
      decisive: ['Liverpool'],
    }
    await finish(api, notFound(decision, { declineReason: 'model' }))
    const card = await screen.findByRole('note', { name: 'Not found in your documents' })
    expect(
      within(card).getByText(
        'The model read the passages below and found no answer to the question in them.',
      ),
    ).toBeTruthy()
    expect(within(card).getByRole('button', { name: 'Source 1: Alpha, p. 2' })).toBeTruthy()
  })

  it('labels a follow-up wait truthfully and shows what was searched for under the question', async () => {
    const { user, api } = await setup()
    await ask(user, 'Tide?')
    await finish(api, result())
    await screen.findByRole('article', { name: 'Answer' })
    await ask(user, 'And in winter?')
    expect(screen.getByText('Understanding your follow-up…')).toBeTruthy()
    const trace = {
      question: 'And in winter?',
      rewrite: { from: 'And in winter?', to: 'How often does the tide rise in winter?', model: 'm', ms: 5 },
      searchQuery: 'How often does the tide rise in winter?',
      context: [],
    } as unknown as AnswerMessage['trace']
    act(() =>
      api.emit('chat.event', { requestId: 'r1', event: { type: 'retrieval', trace, sources: [source] } }),
    )
    expect(screen.getByText('Reading 1 passage · waiting for the model to start writing…')).toBeTruthy()
    expect(screen.getByText('Searched for: How often does the tide rise in winter?')).toBeTruthy()
    await finish(api, result({ id: 23, trace }))
    const questions = screen.getAllByRole('article', { name: 'Question' })
    expect(
      within(questions[1]!).getByText('Searched for: How often does the tide rise in winter?'),
    ).toBeTruthy()
    expect(within(questions[0]!).queryByText(/Searched for/)).toBeNull()
  })

  it('a citation to a removed document says so in words and shows the stored passage', async () => {
    const { user, api, stores } = await setup()
    await ask(user, 'Tide?')
    const gone = { ...source, file: '/lib/report.pdf', removed: { at: '2026-11-20T10:00:00Z' } }
    await finish(api, result({ citations: [gone], sources: [gone] }))
    const answer = await screen.findByRole('article', { name: 'Answer' })
    await user.click(
      within(answer).getByRole('button', { name: 'Source 1: Alpha, p. 2 (removed from the library)' }),
    )
    const viewer = screen.getByRole('complementary', { name: 'PDF viewer' })
    expect(within(viewer).getByRole('status').textContent).toMatch(
      /^report\.pdf was removed from the library on .*2026\. Add the same file again to open it here\.$/,
    )
    expect(within(viewer).getByText('The tide rises twice a day.')).toBeTruthy()
    expect(within(viewer).queryByText(/Opening/)).toBeNull()
    expect(api.callsTo('library.pdfUrl')).toEqual([])
    expect(stores.viewer.getState().target?.removed).toEqual({
      file: '/lib/report.pdf',
      at: '2026-11-20T10:00:00Z',
    })
  })

  it('a citation to a Word document opens the reader view of its stored text, not the file', async () => {
    const user = userEvent.setup()
    const text = 'Retention\nLedgers are kept for seven years. Copies are destroyed after that.'
    const { api } = await renderApp({
      'library.documents': () => [
        doc(2, { title: 'Memo', path: '/lib/memo.docx', format: 'docx', pages: 1 }),
      ],
      'chat.ask': () => ({ requestId: 'r1', conversationId: 4 }),
      'library.documentText': () => ({
        documentId: 2,
        title: 'Memo',
        sections: [
          {
            n: 1,
            title: null,
            text,
            blocks: [
              { start: 0, end: 9, kind: 'heading' as const, level: 1 },
              { start: 10, end: text.length, kind: 'paragraph' as const },
            ],
          },
        ],
        passage: { spans: [{ page: 1, start: 10, end: text.length }], locator: 'Retention' },
      }),
    })
    await ask(user, 'How long?')
    const memo: Citation = {
      n: 1,
      chunkId: 9,
      documentId: 2,
      file: '/lib/memo.docx',
      title: 'Memo',
      pages: [],
      text: 'Ledgers are kept for seven years. Copies are destroyed after that.',
      focus: ['Ledgers are kept for seven years.'],
    }
    await finish(api, result({ text: 'Seven years [1].', citations: [memo], sources: [memo] }))
    const answer = await screen.findByRole('article', { name: 'Answer' })
    await user.click(within(answer).getAllByRole('button', { name: /^Source 1: Memo/ })[0]!)
    const reader = screen.getByRole('complementary', { name: 'Reader view' })
    expect(await within(reader).findByText('Source 1 is highlighted at Retention.')).toBeTruthy()
    expect(api.callsTo('library.documentText')).toEqual([{ documentId: 2, chunkId: 9 }])
    expect(reader.querySelector('mark.mark-focus')!.textContent).toBe('Ledgers are kept for seven years.')
    expect(api.callsTo('library.pdfUrl')).toEqual([])
    expect(screen.queryByRole('complementary', { name: 'PDF viewer' })).toBeNull()
  })

  it('copies the answer as plain text with its sources, and a single passage', async () => {
    const { user, api } = await setup()
    await ask(user, 'Tide?')
    await finish(api, result({ text: 'The tide rises **twice** daily [1].' }))
    const answer = await screen.findByRole('article', { name: 'Answer' })
    await user.click(within(answer).getByRole('button', { name: 'Copy answer with sources' }))
    expect(await navigator.clipboard.readText()).toBe(
      'The tide rises twice daily [1].\n\nSources\n[1] Alpha (alpha.pdf), p. 2\n',
    )
    expect(within(answer).getByRole('button', { name: 'Copy answer with sources' }).textContent).toBe(
      'Copied',
    )
    await user.click(within(answer).getByRole('button', { name: /Show 1 passage used/ }))
    await user.click(within(answer).getByRole('button', { name: 'Copy passage 1' }))
    expect(await navigator.clipboard.readText()).toBe(
      '“The tide rises twice a day.”\n— Alpha (alpha.pdf), p. 2\n',
    )
  })

  it('regenerates the last answer as a new version of the same turn (‹ 1/2 ›)', async () => {
    const { user, api } = await setup()
    await ask(user, 'Tide?')
    await finish(api, result())
    fireEvent.click(await screen.findByRole('button', { name: 'Regenerate answer' }))
    expect(api.callsTo('chat.ask').at(-1)).toEqual({
      question: 'Tide?',
      conversationId: 4,
      regenerateMessageId: 21,
    })
    await act(async () => {})
    // The old version gives way to the one streaming in; the question is not repeated.
    expect(screen.queryByRole('article', { name: 'Answer' })).toBeNull()
    await finish(api, result({ id: 22, text: 'Twice a day, says the table [1].' }))
    const answer = await screen.findByRole('article', { name: 'Answer' })
    expect(screen.getAllByRole('article', { name: 'Question' })).toHaveLength(1)
    expect(answer.textContent).toContain('Twice a day, says the table')
    const pager = within(answer).getByRole('group', { name: 'Answer versions' })
    expect(pager.textContent).toContain('2/2')
    await user.click(within(pager).getByRole('button', { name: 'Previous version' }))
    const first = screen.getByRole('article', { name: 'Answer' })
    expect(first.textContent).toContain('The tide rises twice daily')
    expect(within(first).getByRole('group', { name: 'Answer versions' }).textContent).toContain('1/2')
  })
})
