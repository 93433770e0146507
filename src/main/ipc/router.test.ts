import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import fs from 'node:fs'
import path from 'node:path'
import { QuireError } from '@shared/errors.js'
import type { IngestReport } from '@shared/library-types.js'
import { NOTHING_OUTDATED } from '@shared/outdated-index.js'
import { makeTextPdf, sampleTextSpec } from '@tests/fixtures/pdf-factory.js'
import { routes } from '@shared/ipc-contract.js'
import { MAX_QUESTION_CHARS, questionTooLongMessage } from '@shared/question-limit.js'
import { createHandlers } from './create-handlers.js'
import type { HandlerTable } from './handler-table.js'
import { createRouter } from './router.js'
import type { ShellAdapter } from './shell-adapter.js'
import { tempServices } from '@tests/helpers/temp-services.js'
import { structuredDocument } from '../engine/ingest/structured-text.js'

const shell: ShellAdapter = {
  shell: 'desktop',
  pickFiles: async () => ['/a.pdf'],
  pdfUrl: (id) => `quire-pdf://doc/${id}`,
  showInFolder: (file) => void shown.push(file),
}
const shown: string[] = []

let env: Awaited<ReturnType<typeof tempServices>>
let handlers: HandlerTable
const logged: string[] = []
const log = (message: string) => void logged.push(message)

beforeEach(async () => {
  env = await tempServices()
  handlers = createHandlers(env.services, shell)
  logged.length = 0
})
afterEach(() => env.dispose())

describe('router', () => {
  it('dispatches a known route and returns its data', async () => {
    const invoke = createRouter(handlers, { log })
    expect(await invoke('app.info', {})).toEqual({
      ok: true,
      data: {
        version: '9.9.9',
        shell: 'desktop',
        libraryDir: env.services.library.dir,
        firstRun: true,
        retrievalDefaults: { answerPassages: 6, minCoverage: 0.25 },
      },
    })
    expect(await invoke('library.pickFiles', { folders: true })).toEqual({
      ok: true,
      data: { paths: ['/a.pdf'] },
    })
  })

  it('shows only library documents in their folder, and deletes the library only when confirmed', async () => {
    const invoke = createRouter(handlers, { log })
    expect(await invoke('library.showInFolder', { documentId: 7 })).toMatchObject({
      ok: false,
      error: { code: 'DOCUMENT_NOT_FOUND' },
    })
    expect(shown).toEqual([])
    expect(await invoke('library.delete', {})).toMatchObject({ ok: false, error: { code: 'VALIDATION' } })
    expect(await invoke('library.delete', { confirm: true })).toEqual({ ok: true, data: {} })
  })

  it('reads a document for the reader view by a valid id only, and says when there is none', async () => {
    let called = false
    const read = handlers['library.documentText']
    const invoke = createRouter(
      { ...handlers, 'library.documentText': (input) => ((called = true), read(input)) },
      { log },
    )
    for (const input of [
      {},
      { documentId: 'one' },
      { documentId: 0 },
      { documentId: -3 },
      { documentId: 1.5 },
      { documentId: 1, chunkId: 'x' },
      { documentId: 1, chunkId: 0 },
      null,
    ]) {
      expect(await invoke('library.documentText', input)).toMatchObject({
        ok: false,
        error: { code: 'VALIDATION' },
      })
    }
    expect(called).toBe(false)
    expect(await invoke('library.documentText', { documentId: 12345 })).toEqual({
      ok: false,
      error: { code: 'DOCUMENT_NOT_FOUND', message: 'There is no document 12345 in this library.' },
    })

    const parsed = structuredDocument(
      {
        title: null,
        unit: 'flow',
        parts: [
          {
            blocks: [
              { kind: 'heading', text: 'Remotes', level: 1 },
              { kind: 'paragraph', text: 'Fetching downloads objects from another repository.' },
            ],
          },
        ],
      },
      'memo.docx',
      'docx',
    )
    const { documentId, chunkIds } = env.services.library.library.store.putDocument({
      path: path.join(env.tmp, 'memo.docx'),
      title: 'memo',
      sha256: 'x',
      size: 1,
      format: 'docx',
      pages: parsed.pages,
      chunks: parsed.chunks,
    })
    expect(await invoke('library.documentText', { documentId, chunkId: chunkIds[0] })).toMatchObject({
      ok: true,
      data: {
        documentId,
        title: 'memo',
        sections: [
          {
            n: 1,
            title: null,
            text: 'Remotes\nFetching downloads objects from another repository.',
            blocks: [
              { start: 0, end: 7, kind: 'heading', level: 1 },
              { start: 8, end: 59, kind: 'paragraph' },
            ],
          },
        ],
        passage: { locator: 'Remotes', spans: [{ page: 1 }] },
      },
    })
  })

  it('rejects unknown routes, including Object.prototype names', async () => {
    const invoke = createRouter(handlers, { log })
    for (const route of ['nope', '__proto__', 'constructor', 'toString', 'hasOwnProperty', '']) {
      expect(await invoke(route, {})).toMatchObject({ ok: false, error: { code: 'UNKNOWN_ROUTE' } })
    }
    expect(await invoke(42 as unknown as string, {})).toMatchObject({
      ok: false,
      error: { code: 'UNKNOWN_ROUTE' },
    })
  })

  it('rejects invalid input with VALIDATION and never calls the handler', async () => {
    let called = false
    const invoke = createRouter({ ...handlers, 'library.remove': () => ((called = true), {}) }, { log })
    for (const input of [{ documentId: 'one' }, { documentId: -1 }, {}, null, 'x', [1]]) {
      const res = await invoke('library.remove', input)
      expect(res).toMatchObject({ ok: false, error: { code: 'VALIDATION' } })
    }
    expect(called).toBe(false)
    expect(await invoke('chat.ask', { question: '   ' })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION' },
    })
  })

  it('refuses a question or query beyond MAX_QUESTION_CHARS as QUESTION_TOO_LONG, before any handler runs', async () => {
    let called = false
    const invoke = createRouter(
      { ...handlers, 'chat.ask': () => ((called = true), { requestId: 'r', conversationId: 1 }) },
      { log },
    )
    const long = 'why '.repeat(2_500_000) // 10 MB
    for (const [route, input] of [
      ['chat.ask', { question: long }],
      ['search.query', { query: long }],
      ['conversations.list', { query: long }],
    ] as const) {
      expect(await invoke(route, input)).toEqual({
        ok: false,
        error: { code: 'QUESTION_TOO_LONG', message: questionTooLongMessage(long.length) },
      })
    }
    expect(called).toBe(false)
    expect(questionTooLongMessage(long.length)).toMatch(
      /10,000,000 characters long; a question may be at most 4,000/,
    )
    const atLimit = 'a'.repeat(MAX_QUESTION_CHARS)
    expect(await invoke('search.query', { query: atLimit })).toMatchObject({ ok: true })
  })

  it('passes a QuireError through as its code and message', async () => {
    const invoke = createRouter(handlers, { log })
    expect(await invoke('library.remove', { documentId: 12345 })).toEqual({
      ok: false,
      error: { code: 'DOCUMENT_NOT_FOUND', message: 'There is no document 12345 in this library.' },
    })
    const thrower = createRouter(
      {
        ...handlers,
        'settings.get': () => {
          throw new QuireError('CUSTOM_CODE', 'Something specific.')
        },
      },
      { log },
    )
    expect(await thrower('settings.get', {})).toEqual({
      ok: false,
      error: { code: 'CUSTOM_CODE', message: 'Something specific.' },
    })
    expect(logged).toEqual([])
  })

  it('turns other errors into INTERNAL without the stack, and logs them', async () => {
    const invoke = createRouter(
      {
        ...handlers,
        'settings.get': () => {
          throw new TypeError('boom')
        },
      },
      { log },
    )
    const res = await invoke('settings.get', {})
    expect(res).toEqual({ ok: false, error: { code: 'INTERNAL', message: 'boom' } })
    expect(JSON.stringify(res)).not.toContain('at ')
    expect(logged).toEqual(['[ipc] settings.get failed'])
  })

  it('checks handler output against the contract', async () => {
    const invoke = createRouter(
      { ...handlers, 'settings.get': () => ({ ollamaHost: 42, model: null }) as never },
      { log },
    )
    expect(await invoke('settings.get', {})).toMatchObject({ ok: false, error: { code: 'INTERNAL' } })
    expect(logged[0]).toContain('does not match the contract')
  })
})

describe('re-indexing outdated documents', () => {
  // The import runs in a real worker thread (engine from sources through tsx): slow under load.
  it(
    'imports again, as one job, the documents an older version indexed; says when there are none',
    { timeout: 150_000 },
    async () => {
      const invoke = createRouter(handlers, { log })
      expect(await invoke('library.reindexOutdated', {})).toEqual({
        ok: false,
        error: { code: 'NOTHING_OUTDATED', message: NOTHING_OUTDATED },
      })
      const file = path.join(env.tmp, 'report.pdf')
      fs.writeFileSync(file, await makeTextPdf(sampleTextSpec('hydrology', 2)))
      env.services.imports.enqueue([file])
      await env.services.imports.idle()
      // As an older version left it (the import thread has its own connection; this one writes).
      env.services.library.library.db.prepare('UPDATE documents SET index_version = 1').run()
      expect(await invoke('library.documents', {})).toMatchObject({ ok: true, data: [{ outdated: true }] })

      const done: IngestReport[] = []
      env.services.events.subscribe((event, payload) => {
        if (event === 'library.importDone') done.push((payload as { report: IngestReport }).report)
      })
      expect(await invoke('library.reindexOutdated', {})).toMatchObject({
        ok: true,
        data: { jobId: expect.any(String) },
      })
      await env.services.imports.idle()
      expect(done.at(-1)!.documents).toMatchObject([{ file, status: 'indexed' }])
      expect(await invoke('library.documents', {})).toMatchObject({
        ok: true,
        data: [{ path: file, outdated: false }],
      })
    },
  )
})

describe('handler table', () => {
  it('has exactly one handler per contract route', () => {
    expect(Object.keys(handlers).sort()).toEqual(Object.keys(routes).sort())
  })

  it('is checked at compile time against the contract', () => {
    const { 'ollama.status': _omitted, ...missing } = handlers
    // @ts-expect-error a route without a handler does not compile
    const incomplete: HandlerTable = missing
    // @ts-expect-error a handler for a route the contract lacks does not compile
    const extra: HandlerTable = { ...handlers, 'library.explode': () => ({}) }
    // @ts-expect-error a handler returning the wrong type does not compile
    const wrong: HandlerTable = { ...handlers, 'settings.get': () => ({ ollamaHost: 1, model: null }) }
    expect([incomplete, extra, wrong]).toHaveLength(3)
  })
})
