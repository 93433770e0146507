import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import { warningText } from '@shared/answer-warnings.js'
import type { OllamaProblem } from '@shared/chat-types.js'
import { ConversationStore } from '../chat/conversation-store.js'
import { MIGRATIONS } from './migrations.js'
import { openDatabase, type Db } from './open-database.js'

// Migration 8 on a library written before it: the rows are written by hand in the old shape
// (snake_case timings, warnings as the CLI's sentences) into a database at schema 7, then the
// library is opened as today's Quire opens it and every conversation is read back.

const tempDir = useTempDirs()
const BEFORE = MIGRATIONS.filter((m) => m.version < 8)

const notRunning: OllamaProblem = {
  kind: 'not-running',
  message: 'Ollama is not reachable at http://127.0.0.1:11434.',
  fix: 'Start Ollama on that machine ("ollama serve" or the Ollama app), or set the right address in --ollama-url (or $OLLAMA_HOST).',
}
const broken: OllamaProblem = {
  kind: 'stream-broken',
  message: 'The connection to Ollama at http://127.0.0.1:11434 broke in the middle of the answer.',
  fix: 'Check that Ollama is still running (it may have run out of memory), then ask again.',
}

/** Every warning sentence the engine wrote before warnings were structured, and one it never wrote. */
const OLD_WARNINGS = [
  "2 of 6 retrieved passages did not fit in the model's context (2048 tokens) and were left out.",
  '3 passages were given to the model as its most relevant sentences to fit its context (2048 tokens).',
  '1 passage was given to the model as its most relevant sentences to fit its context (4096 tokens).',
  "The top passage was too long for the model's context and was shortened.",
  'The answer cited [7], [9], which are not sources it was given; removed.',
  'The answer cited [4], which is not a source it was given; removed.',
  'Unsupported figure: "4,500" appears in none of the cited passages.',
  'The answer reached the length limit (1024 tokens) and was cut short.',
  'The answer cites no sources; check it against the passages.',
  'A line some older build wrote that no kind describes.',
]

const citation = {
  n: 1,
  chunkId: 3,
  documentId: 1,
  file: '/docs/report.pdf',
  title: 'Annual report',
  pages: [4],
  text: 'The Ghent plant produced 4,200 tonnes of steel in 2023.',
}
const trace = { question: 'How much steel?', searchQuery: 'How much steel?', hits: [], packed: [3] }

interface OldMessage {
  conversation: number
  role: 'user' | 'assistant'
  text: string
  mode?: string
  status?: string
  timings?: string | null
  warnings?: string
  problem?: string | null
  replyTo?: number | null
}

function writeOldLibrary(file: string): Db {
  const db = openDatabase(file, BEFORE)
  expect(db.pragma('user_version', { simple: true })).toBe(7)
  const conv = db.prepare(`INSERT INTO conversations (id, title, created_at, updated_at) VALUES (?, ?, ?, ?)`)
  conv.run(1, 'Steel output', '2025-01-02T10:00:00.000Z', '2025-01-02T10:05:00.000Z')
  conv.run(2, 'Offline answers', '2025-01-03T09:00:00.000Z', '2025-01-03T09:01:00.000Z')
  conv.run(3, 'Never answered', '2025-01-04T09:00:00.000Z', '2025-01-04T09:00:00.000Z')
  const insert = db.prepare(`INSERT INTO messages
    (conversation_id, role, text, citations, trace, model, mode, status, timings, warnings, error, reply_to, sources, problem, created_at)
    VALUES (@conversation, @role, @text, @citations, @trace, @model, @mode, @status, @timings, @warnings, @error, @replyTo, @sources, @problem, '2025-01-02T10:00:00.000Z')`)
  const add = (m: OldMessage) =>
    Number(
      insert.run({
        conversation: m.conversation,
        role: m.role,
        text: m.text,
        citations: m.role === 'assistant' ? JSON.stringify([citation]) : '[]',
        trace: m.role === 'assistant' ? JSON.stringify(trace) : null,
        model: m.mode === 'llm' ? 'llama3.2:3b' : null,
        mode: m.mode ?? null,
        status: m.status ?? 'complete',
        timings: m.timings ?? null,
        warnings: m.warnings ?? '[]',
        error: m.problem ? `${notRunning.message} ${notRunning.fix}` : null,
        replyTo: m.replyTo ?? null,
        sources: m.role === 'assistant' ? JSON.stringify([citation]) : '[]',
        problem: m.problem ?? null,
      }).lastInsertRowid,
    )
  const q1 = add({ conversation: 1, role: 'user', text: 'How much steel did Ghent make?' })
  add({
    conversation: 1,
    role: 'assistant',
    text: 'It made 4,200 tonnes [1].',
    mode: 'llm',
    timings: JSON.stringify({ retrieval_ms: 12, first_token_ms: 340, total_ms: 2100 }),
    warnings: JSON.stringify(OLD_WARNINGS),
    replyTo: q1,
  })
  add({
    conversation: 1,
    role: 'assistant',
    text: 'Ghent produced',
    mode: 'llm',
    status: 'stopped',
    timings: JSON.stringify({ retrieval_ms: 9, first_token_ms: null, total_ms: 400 }),
    warnings: JSON.stringify(['Stopped: the answer is incomplete.']),
    replyTo: q1,
  })
  const q2 = add({ conversation: 2, role: 'user', text: 'And without a model?' })
  add({
    conversation: 2,
    role: 'assistant',
    text: '- "The Ghent plant produced 4,200 tonnes of steel in 2023." [1]',
    mode: 'retrieval-only',
    timings: JSON.stringify({ retrieval_ms: 5, first_token_ms: null, total_ms: 30 }),
    warnings: JSON.stringify([`Ollama: ${notRunning.message} ${notRunning.fix}`]),
    problem: JSON.stringify(notRunning),
    replyTo: q2,
  })
  add({
    conversation: 2,
    role: 'assistant',
    text: 'It made 4,2',
    mode: 'llm',
    status: 'failed',
    timings: JSON.stringify({ retrieval_ms: 5, first_token_ms: 80, total_ms: 900 }),
    warnings: JSON.stringify([`The answer broke off: ${broken.message} ${broken.fix}`]),
    problem: JSON.stringify(broken),
    replyTo: q2,
  })
  // Before migration 4 an answer had no stored problem: its sentence is kept as it was.
  add({
    conversation: 2,
    role: 'assistant',
    text: '- passage [1]',
    mode: 'retrieval-only',
    timings: JSON.stringify({ retrieval_ms: 4, first_token_ms: null, total_ms: 20 }),
    warnings: JSON.stringify(['Ollama: Ollama is not reachable at http://127.0.0.1:11434.']),
  })
  add({ conversation: 3, role: 'user', text: 'Stopped before it began?' })
  add({
    conversation: 3,
    role: 'assistant',
    text: '',
    mode: 'llm',
    status: 'stopped',
    timings: JSON.stringify({ retrieval_ms: 3, first_token_ms: null, total_ms: 3 }),
    warnings: JSON.stringify(['Stopped before the answer began.']),
  })
  // A hand-damaged row: warnings that are not JSON at all survive as one note.
  add({ conversation: 3, role: 'assistant', text: 'Odd row', mode: 'llm', warnings: 'not json' })
  return db
}

describe('migration 8: camelCase timings and structured warnings in stored messages', () => {
  it('rewrites every message of an old library and reads every conversation back without loss', () => {
    const file = path.join(tempDir(), 'library.db')
    const old = writeOldLibrary(file)
    const before = old
      .prepare(`SELECT id, conversation_id, role, text, citations, sources, trace FROM messages`)
      .all()
    old.close()

    const db = openDatabase(file)
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.at(-1)!.version)
    // Everything but timings and warnings is untouched, byte for byte.
    expect(
      db.prepare(`SELECT id, conversation_id, role, text, citations, sources, trace FROM messages`).all(),
    ).toEqual(before)
    const store = new ConversationStore(db)
    expect(store.list().map((c) => [c.id, c.title, c.messageCount])).toEqual([
      [3, 'Never answered', 3],
      [2, 'Offline answers', 4],
      [1, 'Steel output', 3],
    ])

    const [q1, a1, a1b] = store.messages(1)
    expect(q1).toMatchObject({
      role: 'user',
      text: 'How much steel did Ghent make?',
      warnings: [],
      timings: null,
    })
    expect(a1).toMatchObject({
      replyTo: q1!.id,
      citations: [expect.objectContaining(citation)],
      trace,
      timings: { retrievalMs: 12, firstTokenMs: 340, totalMs: 2100 },
    })
    expect(a1!.warnings).toEqual([
      { kind: 'passages-omitted', omitted: 2, total: 6, window: 2048 },
      { kind: 'passages-trimmed', count: 3, window: 2048 },
      { kind: 'passages-trimmed', count: 1, window: 4096 },
      { kind: 'top-passage-shortened' },
      { kind: 'invalid-citations', numbers: [7, 9] },
      { kind: 'invalid-citations', numbers: [4] },
      { kind: 'unsupported-figure', figure: '4,500' },
      { kind: 'length-limit', answerTokens: 1024 },
      { kind: 'no-citations' },
      { kind: 'note', text: 'A line some older build wrote that no kind describes.' },
    ])
    // The CLI words each one exactly as it was stored.
    expect(a1!.warnings.map((w) => warningText(w, 'cli'))).toEqual(OLD_WARNINGS)
    expect(a1b).toMatchObject({
      status: 'stopped',
      warnings: [{ kind: 'stopped' }],
      timings: { retrievalMs: 9, firstTokenMs: null, totalMs: 400 },
    })

    const [, offline, brokeOff, older] = store.messages(2)
    expect(offline).toMatchObject({
      mode: 'retrieval-only',
      ollama: notRunning,
      warnings: [{ kind: 'retrieval-only', problem: notRunning }],
    })
    expect(warningText(offline!.warnings[0]!, 'cli')).toBe(`Ollama: ${notRunning.message} ${notRunning.fix}`)
    expect(brokeOff).toMatchObject({ status: 'failed', warnings: [{ kind: 'broke-off', problem: broken }] })
    expect(warningText(brokeOff!.warnings[0]!, 'cli')).toBe(
      `The answer broke off: ${broken.message} ${broken.fix}`,
    )
    expect(older!.warnings).toEqual([
      { kind: 'note', text: 'Ollama: Ollama is not reachable at http://127.0.0.1:11434.' },
    ])

    const [, early, odd] = store.messages(3)
    expect(early!.warnings).toEqual([{ kind: 'stopped-before-start' }])
    expect(odd!.warnings).toEqual([{ kind: 'note', text: 'not json' }])
    expect(odd!.timings).toBeNull()

    // Full-text search over the messages still finds them.
    expect(store.search('tonnes').map((h) => h.conversation.id)).toEqual(expect.arrayContaining([1, 2]))
    db.close()
  })

  it('leaves the library exactly as it was when the data step fails', () => {
    const file = path.join(tempDir(), 'library.db')
    const old = writeOldLibrary(file)
    const before = old.prepare(`SELECT * FROM messages ORDER BY id`).all()
    old.close()
    const failing = MIGRATIONS.map((m) =>
      m.version === 8
        ? {
            ...m,
            data: (db: Db) => {
              m.data!(db)
              throw new Error('disk went away')
            },
          }
        : m,
    )
    expect(() => openDatabase(file, failing)).toThrow(/disk went away/)
    const db = openDatabase(file, BEFORE)
    expect(db.pragma('user_version', { simple: true })).toBe(7)
    expect(db.prepare(`SELECT * FROM messages ORDER BY id`).all()).toEqual(before)
    db.close()
    // The next start migrates it after all.
    const again = openDatabase(file)
    expect(new ConversationStore(again).messages(1)[1]!.timings).toEqual({
      retrievalMs: 12,
      firstTokenMs: 340,
      totalMs: 2100,
    })
    again.close()
  })
})
