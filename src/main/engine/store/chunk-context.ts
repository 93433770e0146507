// The stored side of contextual chunk headers (context-headers-schema.ts): which chunks still lack
// one, and writing one (the keyword index follows through a trigger).
import type { Db } from './db.js'

export interface ChunkNeedingContext {
  id: number
  title: string
  heading: string | null
  text: string
}

export class ChunkContext {
  private readonly q
  constructor(db: Db) {
    this.q = {
      pending: db.prepare(
        `SELECT c.id, d.title, c.heading, c.text FROM chunks c JOIN documents d ON d.id = c.document_id
         WHERE c.context_header IS NULL AND d.status = 'indexed' AND c.id > ? ORDER BY c.id LIMIT ?`,
      ),
      pendingCount: db
        .prepare(
          `SELECT count(*) FROM chunks c JOIN documents d ON d.id = c.document_id
           WHERE c.context_header IS NULL AND d.status = 'indexed'`,
        )
        .pluck(),
      set: db.prepare(`UPDATE chunks SET context_header = ? WHERE id = ? AND context_header IS NULL`),
      headerOf: db.prepare(`SELECT context_header FROM chunks WHERE id = ?`).pluck(),
    }
  }

  /** Chunks of indexed documents without a header, after chunk id `after`, in id order. */
  pending(after: number, limit: number): ChunkNeedingContext[] {
    return this.q.pending.all(after, limit) as ChunkNeedingContext[]
  }

  pendingCount(): number {
    return this.q.pendingCount.get() as number
  }

  /** Stores a chunk's header ('' when the model wrote nothing usable: it is not asked again). */
  set(id: number, header: string): boolean {
    return this.q.set.run(header, id).changes === 1
  }

  headerOf(id: number): string | null {
    return (this.q.headerOf.get(id) as string | null | undefined) ?? null
  }
}
