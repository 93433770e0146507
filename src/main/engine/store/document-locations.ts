// The same bytes at two paths are one document with two locations (docs/duplicates.md). The
// document's own path (documents.path) is where it is opened from; document_locations holds the
// others. Removing a location keeps the document; removing its own path moves the document to one
// of the others, and only removing the last location removes the document.
import type { Db } from './open-database.js'

export type LocationRemoval =
  /** The path was another location of the document: it is gone, the document stays. */
  | { kind: 'location'; documentId: number }
  /** The path was the document's own: the document now lives at `path` (another location). */
  | { kind: 'moved'; documentId: number; path: string }
  /** The path was the document's last location: the caller removes the document. */
  | { kind: 'last'; documentId: number }
  | { kind: 'none' }

export class DocumentLocations {
  private readonly q
  constructor(private readonly db: Db) {
    this.q = {
      owner: db.prepare(`SELECT document_id FROM document_locations WHERE path = ?`).pluck(),
      ownPath: db.prepare(`SELECT id FROM documents WHERE path = ?`).pluck(),
      of: db.prepare(`SELECT path FROM document_locations WHERE document_id = ? ORDER BY path`).pluck(),
      add: db.prepare(`INSERT OR REPLACE INTO document_locations (path, document_id) VALUES (?, ?)`),
      drop: db.prepare(`DELETE FROM document_locations WHERE path = ?`),
      dropAll: db.prepare(`DELETE FROM document_locations WHERE document_id = ?`),
      setPath: db.prepare(
        `UPDATE documents SET path = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = ?`,
      ),
    }
  }

  /** The document that `file` is another location of (not its own path), or null. */
  ownerOf(file: string): number | null {
    return (this.q.owner.get(file) as number | undefined) ?? null
  }

  /** The document's other locations, by path. */
  of(documentId: number): string[] {
    return this.q.of.all(documentId) as string[]
  }

  add(documentId: number, file: string): void {
    this.q.add.run(file, documentId)
  }

  /** Forgets one location of a document (its file changed or is gone); see LocationRemoval. */
  remove(file: string): LocationRemoval {
    return this.db
      .transaction((): LocationRemoval => {
        const other = this.ownerOf(file)
        if (other !== null) {
          this.q.drop.run(file)
          return { kind: 'location', documentId: other }
        }
        const own = this.q.ownPath.get(file) as number | undefined
        if (own === undefined) return { kind: 'none' }
        const next = this.of(own)[0]
        if (next === undefined) return { kind: 'last', documentId: own }
        this.q.drop.run(next)
        this.q.setPath.run(next, own)
        return { kind: 'moved', documentId: own, path: next }
      })
      .immediate()
  }

  /** The document moves to `file` (its own path's file is gone and the same bytes are there). */
  moveTo(documentId: number, file: string): void {
    this.db
      .transaction(() => {
        this.q.drop.run(file)
        this.q.setPath.run(file, documentId)
      })
      .immediate()
  }

  /** Every location of a removed document goes with it. */
  removeAllOf(documentId: number): void {
    this.q.dropAll.run(documentId)
  }
}
