import type { Statement } from 'better-sqlite3'
import type { Db } from '../store/open-database.js'

/** The chunks of the documents a search is scoped to (a collection, ticked documents). */
export interface ChunkScope {
  readonly documentIds: readonly number[]
  /** The chunk ids, ascending. */
  readonly ids: readonly number[]
  has(id: number): boolean
}

/** The temp table a connection's scoped FTS5 queries look chunk ids up in (keyword-search.ts). */
export const SCOPE_CHUNKS_TABLE = 'temp.search_scope_chunks'

interface Entry {
  key: string
  scope: ChunkScope
  /** The database state the entry was read at: PRAGMA data_version and total_changes(). */
  version: number
  /** Whether SCOPE_CHUNKS_TABLE holds this entry's ids. */
  inTable: boolean
}

const perConnection = new WeakMap<Db, ScopeChunks>()

/**
 * A scope's chunk ids, read once for as long as the scope and the database stay the same. A
 * conversation searches one collection question after question; reading its chunks again for each
 * (and SQLite building the same 10,000-id list again inside every scoped FTS5 query) cost about a
 * third of a scoped keyword search's CPU time in a 1,000-document collection of a 100k-chunk
 * library (docs/collections.md, "How fast a scoped search is").
 *
 * One per connection (the temp table is the connection's own), holding the last scope read. The
 * entry is dropped when another connection commits (data_version) or this one changes anything
 * (total_changes), so an import, a removal or a re-index is seen by the next search.
 */
export class ScopeChunks {
  private entry: Entry | null = null
  private readonly stmt: {
    ids: Statement
    dataVersion: Statement
    changes: Statement
    clear: Statement
    fill: Statement
  }

  private constructor(db: Db) {
    db.exec(`CREATE TEMP TABLE IF NOT EXISTS search_scope_chunks (id INTEGER PRIMARY KEY)`)
    this.stmt = {
      ids: db
        .prepare(`SELECT id FROM chunks WHERE document_id IN (SELECT value FROM json_each(?)) ORDER BY id`)
        .pluck(),
      dataVersion: db.prepare(`PRAGMA data_version`).pluck(),
      changes: db.prepare(`SELECT total_changes()`).pluck(),
      clear: db.prepare(`DELETE FROM ${SCOPE_CHUNKS_TABLE}`),
      fill: db.prepare(`INSERT INTO ${SCOPE_CHUNKS_TABLE} (id) SELECT value FROM json_each(?)`),
    }
  }

  /** The connection's scopes (one object per connection: they share its temp table). */
  static of(db: Db): ScopeChunks {
    let s = perConnection.get(db)
    if (!s) perConnection.set(db, (s = new ScopeChunks(db)))
    return s
  }

  /** The documents' chunks, read again only when the documents or the database changed. */
  scope(documentIds: readonly number[]): ChunkScope {
    return this.current(documentIds).scope
  }

  /**
   * Fills SCOPE_CHUNKS_TABLE with the documents' chunk ids unless it holds them already; a scoped
   * FTS5 query then looks each match up in the table's own b-tree instead of building the list.
   */
  fillTable(documentIds: readonly number[]): void {
    const e = this.current(documentIds)
    if (e.inTable) return
    this.stmt.clear.run()
    this.stmt.fill.run(JSON.stringify(e.scope.ids))
    e.inTable = true
    // The fill is a change of this connection's own: the entry stays current after it.
    e.version = this.version()
  }

  private current(documentIds: readonly number[]): Entry {
    const key = documentIds.join(',')
    const version = this.version()
    const e = this.entry
    if (e && e.key === key && e.version === version) return e
    const ids = this.stmt.ids.all(JSON.stringify(documentIds)) as number[]
    let set: Set<number> | null = null
    const scope: ChunkScope = {
      documentIds: [...documentIds],
      ids,
      has: (id) => (set ??= new Set(ids)).has(id),
    }
    this.entry = { key, scope, version, inTable: false }
    return this.entry
  }

  private version(): number {
    return (this.stmt.dataVersion.get() as number) * 1e9 + (this.stmt.changes.get() as number)
  }
}
