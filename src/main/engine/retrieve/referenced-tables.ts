// The tables a passage refers to by number ("as summarized in Table 1", "(see Table 3)"): papers
// and manuals describe a table in prose and print it elsewhere, often on another page, so the
// passage that answered may be the description while a follow-up asks about the rows
// (earlier-turn-stage.ts).
import type { Db } from '../store/open-database.js'

/** "Table 3" in running text, not at the start of a line (a caption names its own table). */
const MENTION = /(?<!^|\n)\bTables?\s+(\d{1,3})\b/g

/** The numbers of the tables a passage mentions in its running text, in order, once each. */
export function tableMentions(text: string): number[] {
  return [...new Set([...text.matchAll(MENTION)].map((m) => Number(m[1])))]
}

/** "Table 3: …" or "Table 3. …" opening a line: the caption a piece of a table opens with. */
const CAPTION = /(?:^|\n)Table (\d{1,3})[:.]/g

/**
 * The numbers of the tables a passage holds a piece of (their captions open its lines): a long
 * table is split into passages, each opening with the caption, and the rows a follow-up asks about
 * may be in another piece than the one the answer rested on.
 */
export function tablesHeld(text: string): number[] {
  return [...new Set(captionNumbers(text).map(Number))]
}

/** The numbers, as printed, of the tables whose captions open a line of `text`. */
function captionNumbers(text: string): string[] {
  return [...text.matchAll(CAPTION)].map((m) => m[1]!)
}

/**
 * The chunks of a document that hold the caption of one of these tables ("Table 1: …" or
 * "Table 1. …" opening a line), in document order: every piece of a table split over chunks.
 */
export function chunksCaptioning(db: Db, documentId: number, tables: number[]): number[] {
  if (tables.length === 0) return []
  const rows = db
    .prepare(`SELECT id, text FROM chunks WHERE document_id = ? AND text LIKE '%Table %' ORDER BY ord`)
    .all(documentId) as { id: number; text: string }[]
  const wanted = new Set(tables.map(String))
  return rows.filter((r) => captionNumbers(r.text).some((n) => wanted.has(n))).map((r) => r.id)
}
