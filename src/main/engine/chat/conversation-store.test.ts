import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Citation, RetrievalTrace } from '@shared/chat-types.js'
import { openDatabase, type Db } from '../store/open-database.js'
import { ConversationStore, titleFromQuestion } from './conversation-store.js'

let dir: string
let db: Db
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'quire-conv-'))
  db = openDatabase(join(dir, 'library.db'))
})
afterEach(() => {
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

const citation: Citation = {
  n: 1,
  chunkId: 5,
  documentId: 2,
  file: '/d/r.pdf',
  title: 'R',
  pages: [3, 4],
  text: 'It made 4,200 tonnes.',
}
const trace: RetrievalTrace = {
  question: 'how much?',
  rewrite: { from: 'how much?', to: 'How much steel did Ghent make?', model: 'm', ms: 12 },
  searchQuery: 'How much steel did Ghent make?',
  context: [],
  searchMode: 'hybrid',
  declined: false,
  hits: [{ rank: 1, chunkId: 5, documentId: 2, file: '/d/r.pdf', pages: [3, 4], score: 0.9 }],
  packed: [5],
  omitted: [],
  truncatedTop: false,
  numCtx: 2048,
  promptTokens: 300,
}

describe('ConversationStore', () => {
  it('stores conversations and messages that survive closing and reopening the database', () => {
    const store = new ConversationStore(db)
    const c = store.create('How much steel did the Ghent plant make in 2023?')
    store.addMessage({ conversationId: c.id, role: 'user', text: 'How much steel?' })
    store.addMessage({
      conversationId: c.id,
      role: 'assistant',
      text: 'It made 4,200 tonnes [1].',
      citations: [citation],
      trace,
      model: 'llama3.2:3b',
      mode: 'llm',
      status: 'stopped',
      timings: { retrievalMs: 5, firstTokenMs: 40, totalMs: 90 },
      warnings: [{ kind: 'stopped' }],
    })
    db.close()
    db = openDatabase(join(dir, 'library.db'))
    const again = new ConversationStore(db)
    expect(again.list()).toEqual([expect.objectContaining({ id: c.id, title: c.title, messageCount: 2 })])
    const [q, a] = again.messages(c.id)
    expect(q).toMatchObject({
      role: 'user',
      text: 'How much steel?',
      status: 'complete',
      citations: [],
      trace: null,
    })
    expect(a).toMatchObject({
      role: 'assistant',
      citations: [citation],
      trace,
      model: 'llama3.2:3b',
      mode: 'llm',
      status: 'stopped',
      declined: false,
      timings: { retrievalMs: 5, firstTokenMs: 40, totalMs: 90 },
      warnings: [{ kind: 'stopped' }],
      error: null,
    })
  })

  it('lists the most recently active conversation first', async () => {
    const store = new ConversationStore(db)
    const a = store.create('first')
    const b = store.create('second')
    await new Promise((r) => setTimeout(r, 5))
    store.addMessage({ conversationId: a.id, role: 'user', text: 'later' })
    expect(store.list().map((c) => c.id)).toEqual([a.id, b.id])
  })

  it('renames, rejecting empty titles and unknown ids', () => {
    const store = new ConversationStore(db)
    const c = store.create('old')
    expect(store.rename(c.id, '  Steel   output ').title).toBe('Steel output')
    expect(() => store.rename(c.id, '  ')).toThrow(/cannot be empty/)
    expect(() => store.rename(999, 'x')).toThrow(expect.objectContaining({ code: 'CONVERSATION_NOT_FOUND' }))
  })

  it('deletes a conversation with its messages and their search entries', () => {
    const store = new ConversationStore(db)
    const c = store.create('doomed')
    store.addMessage({ conversationId: c.id, role: 'user', text: 'tungsten reserves' })
    expect(store.search('tungsten')).toHaveLength(1)
    expect(store.delete(c.id)).toBe(true)
    expect(store.delete(c.id)).toBe(false)
    expect(store.get(c.id)).toBeNull()
    expect(store.messages(c.id)).toEqual([])
    expect(store.search('tungsten')).toEqual([])
  })

  it('searches message text with stemming and prefixes, one hit per conversation, plus titles', () => {
    const store = new ConversationStore(db)
    const a = store.create('Steel')
    store.addMessage({ conversationId: a.id, role: 'user', text: 'What did the plants produce?' })
    store.addMessage({
      conversationId: a.id,
      role: 'assistant',
      text: 'The plant produced 4,200 tonnes [1].',
    })
    const b = store.create('Quarterly revenue questions')
    store.addMessage({ conversationId: b.id, role: 'user', text: 'Revenue in Q3?' })
    const hits = store.search('plant')
    expect(hits).toHaveLength(1)
    expect(hits[0]!.conversation.id).toBe(a.id)
    expect(hits[0]!.snippet).toMatch(/\[\[plant/i)
    expect(store.search('produc').map((h) => h.conversation.id)).toEqual([a.id])
    expect(store.search('quarterly').map((h) => h.conversation.id)).toEqual([b.id])
    expect(store.search('"AND OR NEAR(')).toEqual([])
    expect(store.search('   ')).toEqual([])
  })
})

describe('titleFromQuestion', () => {
  it('keeps short questions and cuts long ones at a word', () => {
    expect(titleFromQuestion('  What   is it? ')).toBe('What is it?')
    const long = titleFromQuestion('word '.repeat(40))
    expect(long.length).toBeLessThanOrEqual(81)
    expect(long.endsWith('word…')).toBe(true)
  })
})

describe('citations across library changes', () => {
  const addDoc = (path: string, sha = 'abc') =>
    Number(
      db
        .prepare(
          `INSERT INTO documents (path, title, sha256, size, pages, status) VALUES (?, ?, ?, 1, 4, 'indexed')`,
        )
        .run(path, 'Report', sha).lastInsertRowid,
    )

  it('says when a cited document was removed, keeps the passage, and heals when the same file returns', () => {
    const store = new ConversationStore(db)
    const docId = addDoc('/lib/report.pdf')
    const c = store.create('q')
    store.addMessage({ conversationId: c.id, role: 'user', text: 'q' })
    const cited = { ...citation, documentId: docId, file: '/lib/report.pdf', title: 'Report' }
    store.addMessage({
      conversationId: c.id,
      role: 'assistant',
      text: 'It made 4,200 tonnes [1].',
      citations: [cited],
      sources: [cited],
    })
    expect(store.messages(c.id)[1]!.citations[0]).toMatchObject({ documentId: docId, sha256: 'abc' })
    expect(store.messages(c.id)[1]!.citations[0]!.removed).toBeUndefined()

    db.prepare(`DELETE FROM documents WHERE id = ?`).run(docId)
    const gone = store.messages(c.id)[1]!
    expect(gone.citations[0]!.removed?.at).toMatch(/^\d{4}-\d\d-\d\dT/)
    expect(gone.citations[0]!.text).toBe('It made 4,200 tonnes.')
    expect(gone.sources[0]!.removed).toBeDefined()

    // Another document now holding the old id does not capture the citation.
    addDoc('/lib/other.pdf', 'zzz')
    expect(store.messages(c.id)[1]!.citations[0]!.removed).toBeDefined()
    // The same bytes imported again, under another path and id: the old citation follows them.
    const back = addDoc('/lib/moved/report.pdf')
    expect(back).not.toBe(docId)
    const healed = store.messages(c.id)[1]!.citations[0]!
    expect(healed).toMatchObject({ documentId: back, file: '/lib/moved/report.pdf' })
    expect(healed.removed).toBeUndefined()
  })

  it('stores the labels printed on the cited pages with the citation', () => {
    const store = new ConversationStore(db)
    const docId = addDoc('/lib/report.pdf')
    const page = db.prepare(`INSERT INTO pages (document_id, page_no, text, label) VALUES (?, ?, '', ?)`)
    page.run(docId, 3, '9')
    page.run(docId, 4, '10')
    const c = store.create('q')
    const cited = { ...citation, documentId: docId }
    store.addMessage({ conversationId: c.id, role: 'assistant', text: 'x [1].', citations: [cited] })
    expect(store.messages(c.id)[0]!.citations[0]!.pageLabels).toEqual(['9', '10'])
  })
})
