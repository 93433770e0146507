// Which documents a question names, by file name (with or without its extension) or title. A
// small matcher of its own, so that a library-wide resolver of "questions that name a document"
// can replace it in one place (compare-request.ts is its only caller).
import type { Db } from '../store/db.js'

/** A document as the matcher sees it. */
export interface NamedDocument {
  id: number
  path: string
  title: string
}

/** Where a document is named in the question. */
export interface DocumentMention {
  id: number
  /** Character range of the name in the question. */
  start: number
  end: number
}

/** Names shorter than this match too much by chance ("a.pdf" inside another word). */
const MIN_NAME_CHARS = 4

/** The library's indexed documents, for the matcher. */
export function indexedDocuments(db: Db): NamedDocument[] {
  return db
    .prepare(`SELECT id, path, title FROM documents WHERE status = 'indexed' ORDER BY id`)
    .all() as NamedDocument[]
}

/**
 * The documents the question names, in the order it names them, each once. Where names overlap
 * ("report" inside "report-2024"), the longest wins. Case and the punctuation between words do
 * not matter: "pscl countreg" names pscl-countreg.pdf.
 */
export function mentionedDocuments(question: string, documents: NamedDocument[]): DocumentMention[] {
  const q = fold(question)
  const found: (DocumentMention & { length: number })[] = []
  for (const d of documents) {
    const file = d.path.split(/[\\/]/).at(-1) ?? d.path
    const names = new Set([file, file.replace(/\.[^.]+$/, ''), d.title].map(fold))
    for (const name of names) {
      if (name.length < MIN_NAME_CHARS) continue
      for (let at = q.indexOf(name); at >= 0; at = q.indexOf(name, at + 1))
        if (boundary(q[at - 1]) && boundary(q[at + name.length]))
          found.push({ id: d.id, start: at, end: at + name.length, length: name.length })
    }
  }
  found.sort((a, b) => b.length - a.length || a.start - b.start)
  const kept: DocumentMention[] = []
  for (const f of found) {
    if (kept.some((k) => f.start < k.end && k.start < f.end)) continue
    kept.push({ id: f.id, start: f.start, end: f.end })
  }
  kept.sort((a, b) => a.start - b.start)
  return kept.filter((m, i) => kept.findIndex((k) => k.id === m.id) === i)
}

/** Same length as the input, so positions in the folded question are positions in the question. */
function fold(s: string): string {
  return s.toLowerCase().replace(/[_\-–—"'“”‘’`]/g, ' ')
}

const boundary = (c: string | undefined) => c === undefined || !/[\p{L}\p{N}]/u.test(c)
