import type {
  AnswerMode,
  AnswerStatus,
  AnswerTimings,
  AnswerWarning,
  Citation,
  Conversation,
  ConversationSearchHit,
  Message,
  MessageRole,
  OllamaProblem,
  RetrievalTrace,
} from '@shared/chat-types.js'
import { declineCodeOf } from '@shared/decline-reason.js'
import { QuireError } from '@shared/errors.js'
import type { Db } from '../store/open-database.js'
import { CitationLinks } from './citation-links.js'
import { ftsQuery } from './fts-query.js'

interface ConversationRow {
  id: number
  title: string
  created_at: string
  updated_at: string
  message_count: number
  collection_id: number | null
}

interface MessageRow {
  id: number
  conversation_id: number
  role: MessageRole
  text: string
  citations: string
  trace: string | null
  model: string | null
  mode: AnswerMode | null
  status: AnswerStatus
  declined: number
  timings: string | null
  warnings: string
  error: string | null
  created_at: string
  reply_to: number | null
  sources: string
  problem: string | null
}

export interface NewMessage {
  conversationId: number
  role: MessageRole
  text: string
  citations?: Citation[]
  trace?: RetrievalTrace | null
  model?: string | null
  mode?: AnswerMode | null
  status?: AnswerStatus
  declined?: boolean
  timings?: AnswerTimings | null
  warnings?: AnswerWarning[]
  error?: string | null
  sources?: Citation[]
  replyTo?: number | null
  ollama?: OllamaProblem | null
}

const TITLE_MAX = 80
const NOW = `strftime('%Y-%m-%dT%H:%M:%fZ','now')`
const CONVERSATION_COLUMNS = `c.id, c.title, c.created_at, c.updated_at,
  (SELECT count(*) FROM messages m WHERE m.conversation_id = c.id) AS message_count,
  (SELECT cc.collection_id FROM conversation_collections cc WHERE cc.conversation_id = c.id) AS collection_id`

/** A conversation in the collection bound as `:collection`, or any when it is null. */
const IN_COLLECTION = (conversationId: string) =>
  `:collection IS NULL OR ${conversationId} IN
   (SELECT conversation_id FROM conversation_collections WHERE collection_id = :collection)`

function toConversation(r: ConversationRow): Conversation {
  return {
    id: r.id,
    title: r.title,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    messageCount: r.message_count,
    collectionId: r.collection_id,
  }
}

function parseJson<T>(text: string | null, fallback: T): T {
  if (text === null) return fallback
  try {
    return JSON.parse(text) as T
  } catch {
    return fallback
  }
}

function toMessage(r: MessageRow): Message {
  const trace = parseJson<RetrievalTrace | null>(r.trace, null)
  const declined = r.declined === 1
  return {
    id: r.id,
    conversationId: r.conversation_id,
    role: r.role,
    text: r.text,
    citations: parseJson<Citation[]>(r.citations, []),
    sources: parseJson<Citation[]>(r.sources, []),
    replyTo: r.reply_to,
    ollama: parseJson<OllamaProblem | null>(r.problem, null),
    trace,
    model: r.model,
    mode: r.mode,
    status: r.status,
    declined,
    declineReason: declineCodeOf({ declined, trace }),
    timings: parseJson<AnswerTimings | null>(r.timings, null),
    warnings: parseJson<AnswerWarning[]>(r.warnings, []),
    error: r.error,
    createdAt: r.created_at,
  }
}

/** A title from the first question: one line, cut at a word near TITLE_MAX characters. */
export function titleFromQuestion(question: string): string {
  const flat = question.replace(/\s+/g, ' ').trim()
  if (flat.length <= TITLE_MAX) return flat || 'New conversation'
  const cut = flat.slice(0, TITLE_MAX).replace(/\s+\S*$/, '')
  return `${cut.length > TITLE_MAX / 2 ? cut : flat.slice(0, TITLE_MAX)}…`
}

/** Conversations and their messages in the library's SQLite, so they survive restarts. */
export class ConversationStore {
  private readonly q

  private readonly links: CitationLinks

  constructor(readonly db: Db) {
    this.links = new CitationLinks(db)
    this.q = {
      insertConversation: db.prepare(`INSERT INTO conversations (title) VALUES (?)`),
      byId: db.prepare(`SELECT ${CONVERSATION_COLUMNS} FROM conversations c WHERE c.id = ?`),
      all: db.prepare(
        `SELECT ${CONVERSATION_COLUMNS} FROM conversations c ORDER BY c.updated_at DESC, c.id DESC`,
      ),
      allIn: db.prepare(
        `SELECT ${CONVERSATION_COLUMNS} FROM conversations c
         WHERE c.id IN (SELECT conversation_id FROM conversation_collections WHERE collection_id = ?)
         ORDER BY c.updated_at DESC, c.id DESC`,
      ),
      rename: db.prepare(`UPDATE conversations SET title = ?, updated_at = ${NOW} WHERE id = ?`),
      touch: db.prepare(`UPDATE conversations SET updated_at = ${NOW} WHERE id = ?`),
      delete: db.prepare(`DELETE FROM conversations WHERE id = ?`),
      insertMessage: db.prepare(`INSERT INTO messages
        (conversation_id, role, text, citations, trace, model, mode, status, declined, timings, warnings, error,
         reply_to, sources, problem)
        VALUES (@conversationId, @role, @text, @citations, @trace, @model, @mode, @status, @declined, @timings,
         @warnings, @error, @replyTo, @sources, @problem)`),
      message: db.prepare(`SELECT * FROM messages WHERE id = ?`),
      messages: db.prepare(`SELECT * FROM messages WHERE conversation_id = ? ORDER BY id`),
      search: db.prepare(`SELECT m.id AS message_id, m.role, m.conversation_id,
          snippet(messages_fts, 0, '[[', ']]', '…', 16) AS snippet
        FROM messages_fts JOIN messages m ON m.id = messages_fts.rowid
        WHERE messages_fts MATCH ? AND (${IN_COLLECTION('m.conversation_id')})
        ORDER BY rank LIMIT ?`),
      titleSearch: db.prepare(`SELECT ${CONVERSATION_COLUMNS} FROM conversations c
        WHERE c.title LIKE ? ESCAPE '\\' AND (${IN_COLLECTION('c.id')})
        ORDER BY c.updated_at DESC LIMIT ?`),
    }
  }

  create(title: string): Conversation {
    const id = Number(this.q.insertConversation.run(titleFromQuestion(title)).lastInsertRowid)
    return this.get(id)!
  }

  get(id: number): Conversation | null {
    const row = this.q.byId.get(id) as ConversationRow | undefined
    return row ? toConversation(row) : null
  }

  /** Like get, but a missing conversation is an error people can act on. */
  require(id: number): Conversation {
    const c = this.get(id)
    if (!c) throw new QuireError('CONVERSATION_NOT_FOUND', `There is no conversation ${id} in this library.`)
    return c
  }

  /** Most recently active first. */
  /** Most recent first: every conversation, or those of one collection. */
  list(collectionId?: number): Conversation[] {
    const rows = collectionId === undefined ? this.q.all.all() : this.q.allIn.all(collectionId)
    return (rows as ConversationRow[]).map(toConversation)
  }

  rename(id: number, title: string): Conversation {
    const clean = title.replace(/\s+/g, ' ').trim()
    if (!clean) throw new QuireError('INVALID_TITLE', 'A conversation title cannot be empty.')
    this.require(id)
    this.q.rename.run(clean, id)
    return this.get(id)!
  }

  /** Deletes the conversation and its messages. False if it did not exist. */
  delete(id: number): boolean {
    return this.q.delete.run(id).changes > 0
  }

  messages(conversationId: number): Message[] {
    return (this.q.messages.all(conversationId) as MessageRow[]).map((r) => this.linked(toMessage(r)))
  }

  message(id: number): Message | null {
    const row = this.q.message.get(id) as MessageRow | undefined
    return row ? this.linked(toMessage(row)) : null
  }

  /** Citations as they read in today's library: healed after a re-import, or marked removed. */
  private linked(m: Message): Message {
    if (m.citations.length === 0 && m.sources.length === 0) return m
    const resolve = (c: Citation) => this.links.resolve(c)
    return { ...m, citations: m.citations.map(resolve), sources: m.sources.map(resolve) }
  }

  addMessage(m: NewMessage): Message {
    const id = this.db
      .transaction(() => {
        const res = this.q.insertMessage.run({
          conversationId: m.conversationId,
          role: m.role,
          text: m.text,
          citations: JSON.stringify(this.links.stamp(m.citations ?? [])),
          trace: m.trace ? JSON.stringify(m.trace) : null,
          model: m.model ?? null,
          mode: m.mode ?? null,
          status: m.status ?? 'complete',
          declined: m.declined ? 1 : 0,
          timings: m.timings ? JSON.stringify(m.timings) : null,
          warnings: JSON.stringify(m.warnings ?? []),
          error: m.error ?? null,
          replyTo: m.replyTo ?? null,
          sources: JSON.stringify(this.links.stamp(m.sources ?? [])),
          problem: m.ollama ? JSON.stringify(m.ollama) : null,
        })
        this.q.touch.run(m.conversationId)
        return Number(res.lastInsertRowid)
      })
      // IMMEDIATE: stamping the citations reads the documents before the insert writes (see
      // LibraryStore's writes: a deferred transaction could not write after another's commit).
      .immediate()
    return this.message(id)!
  }

  /**
   * Full-text search over message text (FTS5, stemmed), plus title matches. One hit per
   * conversation, best match first.
   */
  search(query: string, limit = 20, collectionId?: number): ConversationSearchHit[] {
    const match = ftsQuery(query)
    if (!match) return []
    const hits: ConversationSearchHit[] = []
    const seen = new Set<number>()
    const collection = { collection: collectionId ?? null }
    const rows = this.q.search.all(collection, match, limit * 5) as {
      message_id: number
      role: MessageRole
      conversation_id: number
      snippet: string
    }[]
    for (const r of rows) {
      if (seen.has(r.conversation_id)) continue
      seen.add(r.conversation_id)
      hits.push({
        conversation: this.get(r.conversation_id)!,
        messageId: r.message_id,
        role: r.role,
        snippet: r.snippet,
      })
      if (hits.length >= limit) return hits
    }
    const like = `%${query.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    for (const row of this.q.titleSearch.all(collection, like, limit) as ConversationRow[]) {
      if (seen.has(row.id)) continue
      seen.add(row.id)
      const c = toConversation(row)
      const first = this.messages(c.id)[0]
      hits.push({ conversation: c, messageId: first?.id ?? 0, role: first?.role ?? 'user', snippet: c.title })
      if (hits.length >= limit) break
    }
    return hits
  }
}
