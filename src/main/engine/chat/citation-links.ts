// Keeps stored citations pointing at the right document as the library changes. Citations are
// stamped with the cited document's content hash when stored; when read back, a citation whose
// document id no longer holds those bytes follows the hash to wherever the same file is now
// (re-imported: healed), or says the document was removed, and when.
import type { Citation } from '@shared/chat-types.js'
import type { Db } from '../store/open-database.js'

interface DocRow {
  id: number
  path: string
  title: string
  sha256: string
}

export class CitationLinks {
  private readonly q

  constructor(db: Db) {
    this.q = {
      byId: db.prepare(`SELECT id, path, title, sha256 FROM documents WHERE id = ? AND status = 'indexed'`),
      bySha: db.prepare(
        `SELECT id, path, title, sha256 FROM documents WHERE sha256 = ? AND status = 'indexed' ORDER BY id DESC LIMIT 1`,
      ),
      label: db.prepare(`SELECT label FROM pages WHERE document_id = ? AND page_no = ?`),
      removedAt: db.prepare(
        `SELECT removed_at FROM document_removals WHERE sha256 = ? ORDER BY removed_at DESC LIMIT 1`,
      ),
    }
  }

  /**
   * Adds each citation's document hash and the labels printed on its pages (at storing time, while
   * the document is there).
   */
  stamp(citations: Citation[]): Citation[] {
    return citations.map((c) => {
      const doc = this.q.byId.get(c.documentId) as DocRow | undefined
      if (!doc) return c
      const labels = c.pages.map(
        (p) => (this.q.label.get(c.documentId, p) as { label: string | null } | undefined)?.label ?? null,
      )
      return {
        ...c,
        sha256: c.sha256 ?? doc.sha256,
        ...(labels.some((l) => l !== null) ? { pageLabels: labels } : {}),
      }
    })
  }

  /** The citation as it reads in today's library: as stored, healed, or marked removed. */
  resolve(c: Citation): Citation {
    const { removed: _stale, ...base } = c
    const doc = this.q.byId.get(c.documentId) as DocRow | undefined
    if (doc && (!c.sha256 || doc.sha256 === c.sha256)) return { ...base, file: doc.path, title: doc.title }
    const same = c.sha256 ? (this.q.bySha.get(c.sha256) as DocRow | undefined) : undefined
    if (same) return { ...base, documentId: same.id, file: same.path, title: same.title }
    const row = c.sha256 ? (this.q.removedAt.get(c.sha256) as { removed_at: string } | undefined) : undefined
    return { ...base, removed: { at: row?.removed_at ?? null } }
  }
}
