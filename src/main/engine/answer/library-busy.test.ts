// A question asked while another program holds the library's write lock (an import committing a
// large document, a repair, a tool open on the database): the answer waits for it within a bound,
// then says the library is busy (LIBRARY_BUSY, not INTERNAL), and a question already saved stays in
// its conversation so Retry answers it again. The lock is a real second connection's transaction.
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { deadOllamaUrl } from '@tests/fake-ollama/index.js'
import { REPORT_FACTS, reportLibrary, type ReportLibrary } from '@tests/helpers/report-library.js'
import type { AnswerEvent } from '@shared/chat-types.js'
import { ConversationStore } from '../chat/conversation-store.js'
import { DB_FILE } from '../store/library-files.js'
import { Answerer } from './answerer.js'

const STEEL_Q = 'How much steel did Ghent produce in 2023?'
const opened: ReportLibrary[] = []
afterEach(async () => {
  for (const r of opened.splice(0)) await r.dispose()
})

/** Another connection holding the write lock until released (as `BEGIN IMMEDIATE` in any tool). */
function holdWriteLock(libDir: string): { release(): void } {
  const other = new Database(path.join(libDir, DB_FILE))
  other.exec('BEGIN IMMEDIATE')
  return {
    release() {
      if (!other.open) return
      other.exec('ROLLBACK')
      other.close()
    },
  }
}

async function setup(busyWaitMs: number) {
  const r = await reportLibrary()
  opened.push(r)
  const conversations = new ConversationStore(r.lib.db)
  // Ollama unreachable: answers come from retrieval alone, quickly and without a model.
  const answerer = new Answerer({
    search: r.lib.search,
    conversations,
    ollama: { host: await deadOllamaUrl() },
    busyWaitMs,
  })
  return { lib: r.lib, conversations, answerer }
}

describe('asking while the library is busy', () => {
  it('waits for a writer that finishes within the bound, and answers as usual', async () => {
    const { lib, conversations, answerer } = await setup(30_000)
    let lock: { release(): void } | null = null
    const events: AnswerEvent['type'][] = []
    const result = await answerer.ask(STEEL_Q, {
      onEvent: (e) => {
        events.push(e.type)
        // Taken once the question is saved, freed a moment later: the answer's save waits for it.
        if (e.type === 'started') {
          lock = holdWriteLock(lib.dir)
          setTimeout(() => lock!.release(), 600)
        }
      },
    })
    expect(lock).not.toBeNull()
    expect(events.at(-1)).toBe('done')
    expect(result.message.text).toContain('4,200')
    const turns = conversations.messages(result.message.conversationId)
    expect(turns.map((m) => m.role)).toEqual(['user', 'assistant'])
  })

  it('says the library is busy when the writer holds on, and keeps the question for Retry', async () => {
    const { lib, conversations, answerer } = await setup(700)
    let lock: { release(): void } | null = null
    let failed: Extract<AnswerEvent, { type: 'failed' }> | null = null
    let conversationId = 0
    try {
      const asking = answerer.ask(STEEL_Q, {
        onEvent: (e) => {
          if (e.type === 'started') {
            conversationId = e.conversationId
            lock = holdWriteLock(lib.dir)
          }
          if (e.type === 'failed') failed = e
        },
      })
      // Before: SQLite's "database is locked" after 5 s, reported as INTERNAL.
      await expect(asking).rejects.toMatchObject({
        code: 'LIBRARY_BUSY',
        message: expect.stringMatching(/library is busy.*question is kept.*try again/i),
      })
      expect(failed).toMatchObject({ code: 'LIBRARY_BUSY', conversationId })
    } finally {
      ;(lock as { release(): void } | null)?.release()
    }
    // The question is kept in its conversation: Retry answers it again once the library is free.
    const [question] = conversations.messages(conversationId)
    expect(question).toMatchObject({ role: 'user', text: STEEL_Q })
    const retried = await answerer.ask(STEEL_Q, { conversationId, regenerate: question!.id })
    expect(retried.message.text).toContain(REPORT_FACTS.steel.text.slice(4, 30))
  })

  it('a question that cannot be saved at all is refused as LIBRARY_BUSY, with nothing half-stored', async () => {
    const { lib, conversations, answerer } = await setup(500)
    const lock = holdWriteLock(lib.dir)
    try {
      await expect(answerer.ask(STEEL_Q)).rejects.toMatchObject({
        code: 'LIBRARY_BUSY',
        message: expect.stringMatching(/question could not be saved/),
      })
    } finally {
      lock.release()
    }
    expect(conversations.list()).toEqual([])
  })
})
