// The keyword index of chunks that lie on OCR'd pages, with OCR-confusable characters folded
// (text/ocr-fold.ts): retrieval finds `lmtest` in a scan that reads `Imtest` through it, while
// text-layer chunks never enter it, so their matching stays exact. Migration 9 creates the table
// and indexes the OCR chunks already stored; the import adds each new one (library-store.ts).
import { foldedStemText } from '../text/ocr-fold.js'
import { passageStems } from '../text/tokens.js'
import { chunkStems } from '../text/identifier-parts.js'
import type { Db } from './db.js'

/**
 * chunks_ocr_fts: rowid = chunk id; heading and text hold folded stems (already stemmed, so no
 * porter here). A chunk's row goes with the chunk (trigger); text-layer chunks have none.
 */
export const OCR_CHUNK_INDEX_SQL = `
  CREATE VIRTUAL TABLE chunks_ocr_fts USING fts5(heading, text, tokenize='unicode61 remove_diacritics 2');
  CREATE TRIGGER chunks_ocr_ad AFTER DELETE ON chunks BEGIN
    DELETE FROM chunks_ocr_fts WHERE rowid = old.id;
  END;
`

/** Whether a chunk spanning these pages holds OCR'd text (any of its pages was recognised). */
export function chunkOnOcrPages(pageStart: number, pageEnd: number, ocrPages: Set<number>): boolean {
  for (let p = pageStart; p <= pageEnd; p++) if (ocrPages.has(p)) return true
  return false
}

/** Adds OCR chunks to the folded index, one prepared statement for a document's chunks. */
export function ocrChunkWriter(db: Db): (id: number, heading: string | null, stems: string[]) => void {
  const insert = db.prepare(`INSERT INTO chunks_ocr_fts (rowid, heading, text) VALUES (?, ?, ?)`)
  return (id, heading, stems) => {
    insert.run(id, heading ? foldedStemText(passageStems(heading)) : '', foldedStemText(stems))
  }
}

/** The chunks that lie on OCR'd pages: the rows the folded index must hold, no more, no less. */
const OCR_CHUNKS_WHERE = `EXISTS (SELECT 1 FROM pages p WHERE p.document_id = c.document_id AND p.ocr = 1
                     AND p.page_no BETWEEN c.page_start AND c.page_end)`

/** Migration 9's data step: the OCR chunks of a library imported before it join the index. */
export function indexStoredOcrChunks(db: Db): void {
  const write = ocrChunkWriter(db)
  const rows = db
    .prepare(`SELECT c.id, c.heading, c.text, c.stems FROM chunks c WHERE ${OCR_CHUNKS_WHERE}`)
    // all(), not iterate(): the connection cannot write while a statement is still reading.
    .all() as { id: number; heading: string | null; text: string; stems: string | null }[]
  for (const r of rows) write(r.id, r.heading, chunkStems(r.stems, r.text))
}

/**
 * What is wrong with the folded index, for the library's full check: FTS5's own integrity check,
 * and its rows against the OCR chunks (a missing row hides a scan's passage from keyword search;
 * a stray one would rank a passage that is gone). Empty when it is sound.
 */
export function ocrChunkIndexProblems(db: Db): string[] {
  db.prepare("INSERT INTO chunks_ocr_fts(chunks_ocr_fts) VALUES ('integrity-check')").run()
  const { missing, stray } = db
    .prepare(
      `SELECT
         (SELECT count(*) FROM chunks c WHERE ${OCR_CHUNKS_WHERE}
            AND NOT EXISTS (SELECT 1 FROM chunks_ocr_fts f WHERE f.rowid = c.id)) AS missing,
         (SELECT count(*) FROM chunks_ocr_fts f WHERE NOT EXISTS
            (SELECT 1 FROM chunks c WHERE c.id = f.rowid AND ${OCR_CHUNKS_WHERE})) AS stray`,
    )
    .get() as { missing: number; stray: number }
  return [
    ...(missing ? [`${missing} OCR chunk(s) missing from it`] : []),
    ...(stray ? [`${stray} row(s) for chunks that are gone or not on OCR'd pages`] : []),
  ]
}

/** The repair: the folded index made again from the OCR chunks, in one transaction. */
export function refillOcrChunkIndex(db: Db): void {
  db.transaction(() => {
    db.exec('DELETE FROM chunks_ocr_fts')
    indexStoredOcrChunks(db)
  })()
}
