import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import { LibraryStore } from './library-store.js'
import { MIGRATIONS } from './migrations.js'
import { fullCheck } from './check-database.js'
import { chunkOnOcrPages, refillOcrChunkIndex } from './ocr-chunk-index.js'
import { openDatabase } from './open-database.js'

const tempDir = useTempDirs()
const indexed = (db: ReturnType<typeof openDatabase>) =>
  db.prepare(`SELECT rowid AS id, heading, text FROM chunks_ocr_fts ORDER BY rowid`).all()

describe('the folded keyword index of OCR chunks', () => {
  it('takes a chunk when any page it spans was OCR-read', () => {
    expect(chunkOnOcrPages(1, 1, new Set([2]))).toBe(false)
    expect(chunkOnOcrPages(1, 2, new Set([2]))).toBe(true)
    expect(chunkOnOcrPages(3, 3, new Set())).toBe(false)
  })

  /** A library holding one document: a text-layer page 1 and an OCR'd page 2, one chunk on each. */
  function mixedLibrary() {
    const db = openDatabase(path.join(tempDir(), 'lib.sqlite'))
    const page = (pageNo: number, ocr: boolean) => ({
      pageNo,
      width: 612,
      height: 792,
      text: '',
      lines: [],
      items: [],
      ...(ocr ? { ocr: { confidence: 88 } } : {}),
    })
    const { chunkIds } = new LibraryStore(db).putDocument({
      path: '/docs/mixed.pdf',
      title: 'mixed',
      sha256: 'x',
      size: 1,
      pages: [page(1, false), page(2, true)],
      chunks: [
        { ord: 0, heading: 'Intro', text: 'Text layer with Imtest.', pageStart: 1, pageEnd: 1, spans: [] },
        {
          ord: 1,
          heading: 'Imtest 2',
          text: 'Scanned Imtest tests x1.',
          pageStart: 2,
          pageEnd: 2,
          spans: [],
        },
      ],
    })
    return { db, ocrRow: { id: chunkIds[1], heading: 'lmtest 2', text: 'scan lmtest test xl' } }
  }

  it("indexes an imported document's OCR chunks, folded, and none of its text-layer chunks", () => {
    const { db, ocrRow } = mixedLibrary()
    expect(indexed(db)).toEqual([ocrRow])
    db.close()
  })

  it('is part of the full check, and the repair makes it again from the chunks', () => {
    const { db, ocrRow } = mixedLibrary()
    expect(fullCheck(db)).toMatchObject({ ok: true, problems: [] })

    db.prepare('DELETE FROM chunks_ocr_fts WHERE rowid = ?').run(ocrRow.id)
    db.prepare("INSERT INTO chunks_ocr_fts (rowid, heading, text) VALUES (999, '', 'gone')").run()
    expect(fullCheck(db).problems).toEqual([
      'OCR full-text index: 1 OCR chunk(s) missing from it',
      "OCR full-text index: 1 row(s) for chunks that are gone or not on OCR'd pages",
    ])

    refillOcrChunkIndex(db)
    expect(fullCheck(db)).toMatchObject({ ok: true, problems: [] })
    expect(indexed(db)).toEqual([ocrRow])
    db.close()
  })

  it('indexes the OCR chunks of a library imported before the index existed (migration 9)', () => {
    const file = path.join(tempDir(), 'v8.sqlite')
    const old = openDatabase(file, MIGRATIONS.slice(0, 8))
    old.exec(`
      INSERT INTO documents (id, path, title, sha256, size, status) VALUES (1, '/a.pdf', 'a', 'x', 1, 'indexed');
      INSERT INTO pages (document_id, page_no, text, ocr) VALUES (1, 1, '', 0), (1, 2, '', 1), (1, 3, '', 0);
      INSERT INTO chunks (id, document_id, ord, heading, text, page_start, page_end, spans, stems) VALUES
        (1, 1, 0, NULL, 'Text layer Imtest', 1, 1, '[]', 'text layer imtest'),
        (2, 1, 1, NULL, 'Spans the scan: Imtest', 1, 2, '[]', 'span the scan imtest'),
        (3, 1, 2, 'Older', 'No stems stored: Imtest', 2, 2, '[]', NULL),
        (4, 1, 3, NULL, 'After it', 3, 3, '[]', 'after it');
    `)
    old.close()
    const db = openDatabase(file)
    expect(indexed(db)).toEqual([
      { id: 2, heading: '', text: 'span the scan lmtest' },
      { id: 3, heading: 'older', text: 'no stem store lmtest' },
    ])
    db.close()
  })
})
