import { QuireError } from '@shared/errors.js'
import { COLLECTION_NAME_MAX, type Collection } from '@shared/search-scope.js'
import type { Db } from './db.js'

interface CollectionRow {
  id: number
  name: string
  created_at: string
  documents: number
}

const COLUMNS = `c.id, c.name, c.created_at,
  (SELECT count(*) FROM collection_documents m JOIN documents d ON d.id = m.document_id
   WHERE m.collection_id = c.id) AS documents`

const toCollection = (r: CollectionRow): Collection => ({
  id: r.id,
  name: r.name,
  documents: r.documents,
  createdAt: r.created_at,
})

/** A collection's name as given, trimmed: one line, not empty, not longer than COLLECTION_NAME_MAX. */
export function collectionName(given: string): string {
  const name = given.replace(/\s+/g, ' ').trim()
  if (!name)
    throw new QuireError('COLLECTION_NAME_INVALID', 'A collection needs a name: type one (e.g. "Case 14").')
  if (name.length > COLLECTION_NAME_MAX)
    throw new QuireError(
      'COLLECTION_NAME_INVALID',
      `A collection's name is at most ${COLLECTION_NAME_MAX} characters; this one has ${name.length}. Choose a shorter name.`,
    )
  return name
}

/**
 * Collections (named sets of documents) and which conversation belongs to which, in the library's
 * SQLite (migration 16). Names are unique regardless of case. Documents stay in the library when
 * a collection is deleted; a document leaves every collection when it leaves the library.
 */
export class CollectionStore {
  private readonly q

  constructor(readonly db: Db) {
    this.q = {
      all: db.prepare(`SELECT ${COLUMNS} FROM collections c ORDER BY c.name COLLATE NOCASE, c.id`),
      byId: db.prepare(`SELECT ${COLUMNS} FROM collections c WHERE c.id = ?`),
      byName: db.prepare(`SELECT ${COLUMNS} FROM collections c WHERE c.name = ? COLLATE NOCASE`),
      insert: db.prepare(`INSERT INTO collections (name) VALUES (?)`),
      rename: db.prepare(`UPDATE collections SET name = ? WHERE id = ?`),
      delete: db.prepare(`DELETE FROM collections WHERE id = ?`),
      add: db.prepare(
        `INSERT OR IGNORE INTO collection_documents (collection_id, document_id)
         SELECT ?, id FROM documents WHERE id = ?`,
      ),
      remove: db.prepare(`DELETE FROM collection_documents WHERE collection_id = ? AND document_id = ?`),
      documentIds: db
        .prepare(
          `SELECT m.document_id FROM collection_documents m JOIN documents d ON d.id = m.document_id
           WHERE m.collection_id = ? ORDER BY m.document_id`,
        )
        .pluck(),
      memberships: db.prepare(
        `SELECT m.document_id AS documentId, m.collection_id AS collectionId FROM collection_documents m
         ORDER BY m.document_id, m.collection_id`,
      ),
      conversationCollection: db
        .prepare(`SELECT collection_id FROM conversation_collections WHERE conversation_id = ?`)
        .pluck(),
      setConversation: db.prepare(
        `INSERT INTO conversation_collections (conversation_id, collection_id) VALUES (?, ?)
         ON CONFLICT(conversation_id) DO UPDATE SET collection_id = excluded.collection_id`,
      ),
      clearConversation: db.prepare(`DELETE FROM conversation_collections WHERE conversation_id = ?`),
      conversationsIn: db
        .prepare(`SELECT conversation_id FROM conversation_collections WHERE collection_id = ?`)
        .pluck(),
    }
  }

  list(): Collection[] {
    return (this.q.all.all() as CollectionRow[]).map(toCollection)
  }

  get(id: number): Collection | null {
    const row = this.q.byId.get(id) as CollectionRow | undefined
    return row ? toCollection(row) : null
  }

  require(id: number): Collection {
    const found = this.get(id)
    if (!found)
      throw new QuireError(
        'COLLECTION_NOT_FOUND',
        `There is no collection ${id} in this library (it may have been deleted).`,
      )
    return found
  }

  /** By name, regardless of case; null when there is none. */
  byName(name: string): Collection | null {
    const row = this.q.byName.get(collectionName(name)) as CollectionRow | undefined
    return row ? toCollection(row) : null
  }

  /** By name, or COLLECTION_NOT_FOUND naming the collections there are. */
  requireByName(name: string): Collection {
    const found = this.byName(name)
    if (found) return found
    const names = this.list().map((c) => `"${c.name}"`)
    throw new QuireError(
      'COLLECTION_NOT_FOUND',
      `There is no collection "${name.trim()}" in this library. ${names.length ? `Its collections: ${names.join(', ')}.` : 'It has none yet: `quire ingest --collection NAME FILES` makes one.'}`,
    )
  }

  create(name: string): Collection {
    const clean = collectionName(name)
    if (this.byName(clean)) throw exists(clean)
    const info = this.q.insert.run(clean)
    return this.require(Number(info.lastInsertRowid))
  }

  /** The collection of that name, made when there is none (`quire ingest --collection`). */
  ensure(name: string): Collection {
    return this.byName(name) ?? this.create(name)
  }

  rename(id: number, name: string): Collection {
    this.require(id)
    const clean = collectionName(name)
    const other = this.byName(clean)
    if (other && other.id !== id) throw exists(clean)
    this.q.rename.run(clean, id)
    return this.require(id)
  }

  /** Deletes the collection; its documents stay in the library, its conversations search all of it. */
  delete(id: number): void {
    this.require(id)
    this.q.delete.run(id)
  }

  /** Adds documents (ids not in the library are ignored); returns the collection as it now is. */
  add(id: number, documentIds: number[]): Collection {
    this.require(id)
    this.db.transaction(() => {
      for (const doc of documentIds) this.q.add.run(id, doc)
    })()
    return this.require(id)
  }

  /** Takes documents out of the collection (they stay in the library). */
  remove(id: number, documentIds: number[]): Collection {
    this.require(id)
    this.db.transaction(() => {
      for (const doc of documentIds) this.q.remove.run(id, doc)
    })()
    return this.require(id)
  }

  /** The ids of the collection's documents, ascending. */
  documentIds(id: number): number[] {
    return this.q.documentIds.all(id) as number[]
  }

  /** Each document's collections: document id → collection ids. */
  memberships(): Map<number, number[]> {
    const out = new Map<number, number[]>()
    for (const r of this.q.memberships.all() as { documentId: number; collectionId: number }[]) {
      const list = out.get(r.documentId)
      if (list) list.push(r.collectionId)
      else out.set(r.documentId, [r.collectionId])
    }
    return out
  }

  /** The collection a conversation belongs to; null: it searches all documents. */
  collectionOf(conversationId: number): number | null {
    return (this.q.conversationCollection.get(conversationId) as number | undefined) ?? null
  }

  /** Puts a conversation in a collection (null: all documents). */
  setCollectionOf(conversationId: number, collectionId: number | null): void {
    if (collectionId === null) this.q.clearConversation.run(conversationId)
    else {
      this.require(collectionId)
      this.q.setConversation.run(conversationId, collectionId)
    }
  }

  /** The conversations that belong to a collection. */
  conversationsIn(collectionId: number): number[] {
    return this.q.conversationsIn.all(collectionId) as number[]
  }
}

function exists(name: string): QuireError {
  return new QuireError(
    'COLLECTION_EXISTS',
    `There is already a collection named "${name}". Choose another name, or add the documents to that one.`,
  )
}
