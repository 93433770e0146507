// Numbered schema migrations. Each runs once, in order, inside its own transaction;
// `PRAGMA user_version` records the last one applied. Never edit a shipped migration: add one.
import { migrateMessageJson } from './message-json-v8.js'
import { indexStoredOcrChunks, OCR_CHUNK_INDEX_SQL } from './ocr-chunk-index.js'
import { SECTION_SUMMARIES_SQL } from './section-summaries-schema.js'
import { CONTEXT_HEADERS_SQL } from './context-headers-schema.js'
import { IDENTIFIER_PARTS_SQL } from './identifier-parts-schema.js'
import type { Db } from './db.js'

export interface Migration {
  version: number
  name: string
  sql: string
  /** A data step after the SQL, in the same transaction: if it throws, nothing of the migration stays. */
  data?: (db: Db) => void
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'library',
    sql: `
      CREATE TABLE documents (
        id INTEGER PRIMARY KEY,
        path TEXT NOT NULL UNIQUE,
        title TEXT NOT NULL,
        sha256 TEXT NOT NULL,
        size INTEGER NOT NULL,
        pages INTEGER NOT NULL DEFAULT 0,
        status TEXT NOT NULL CHECK (status IN ('indexing','indexed','failed')),
        error_code TEXT,
        error_message TEXT,
        created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
        updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
      );
      CREATE INDEX documents_sha256 ON documents(sha256);

      CREATE TABLE pages (
        document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
        page_no INTEGER NOT NULL,
        text TEXT NOT NULL,
        items TEXT NOT NULL DEFAULT '[]',
        width REAL NOT NULL DEFAULT 0,
        height REAL NOT NULL DEFAULT 0,
        PRIMARY KEY (document_id, page_no)
      ) WITHOUT ROWID;

      -- AUTOINCREMENT: chunk ids are vector-index labels, so an id must never be reused.
      CREATE TABLE chunks (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
        ord INTEGER NOT NULL,
        heading TEXT,
        text TEXT NOT NULL,
        page_start INTEGER NOT NULL,
        page_end INTEGER NOT NULL,
        spans TEXT NOT NULL
      );
      CREATE INDEX chunks_document ON chunks(document_id, ord);

      CREATE VIRTUAL TABLE chunks_fts USING fts5(
        heading, text, content='chunks', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2'
      );
      CREATE TRIGGER chunks_ai AFTER INSERT ON chunks BEGIN
        INSERT INTO chunks_fts(rowid, heading, text) VALUES (new.id, coalesce(new.heading,''), new.text);
      END;
      CREATE TRIGGER chunks_ad AFTER DELETE ON chunks BEGIN
        INSERT INTO chunks_fts(chunks_fts, rowid, heading, text) VALUES ('delete', old.id, coalesce(old.heading,''), old.text);
      END;

      CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    `,
  },
  {
    version: 2,
    name: 'conversations',
    // Messages keep their cited passages and retrieval trace as JSON snapshots: a conversation must
    // still read correctly after the documents it cites are re-indexed or removed.
    sql: `
      CREATE TABLE conversations (
        id INTEGER PRIMARY KEY,
        title TEXT NOT NULL,
        created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
        updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
      );
      CREATE INDEX conversations_updated ON conversations(updated_at);

      CREATE TABLE messages (
        id INTEGER PRIMARY KEY,
        conversation_id INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
        role TEXT NOT NULL CHECK (role IN ('user','assistant')),
        text TEXT NOT NULL,
        citations TEXT NOT NULL DEFAULT '[]',
        trace TEXT,
        model TEXT,
        mode TEXT CHECK (mode IN ('llm','retrieval-only')),
        status TEXT NOT NULL DEFAULT 'complete' CHECK (status IN ('complete','stopped','failed')),
        declined INTEGER NOT NULL DEFAULT 0,
        timings TEXT,
        warnings TEXT NOT NULL DEFAULT '[]',
        error TEXT,
        created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
      );
      CREATE INDEX messages_conversation ON messages(conversation_id, id);

      CREATE VIRTUAL TABLE messages_fts USING fts5(
        text, content='messages', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2'
      );
      CREATE TRIGGER messages_ai AFTER INSERT ON messages BEGIN
        INSERT INTO messages_fts(rowid, text) VALUES (new.id, new.text);
      END;
      CREATE TRIGGER messages_ad AFTER DELETE ON messages BEGIN
        INSERT INTO messages_fts(messages_fts, rowid, text) VALUES ('delete', old.id, old.text);
      END;
      CREATE TRIGGER messages_au AFTER UPDATE OF text ON messages BEGIN
        INSERT INTO messages_fts(messages_fts, rowid, text) VALUES ('delete', old.id, old.text);
        INSERT INTO messages_fts(rowid, text) VALUES (new.id, new.text);
      END;
    `,
  },
  {
    version: 3,
    name: 'chunk-stems',
    // Porter stems of each chunk's text, written at import, so re-ranking a query's candidates does
    // not tokenise and stem hundreds of passages on every search. NULL for chunks imported before
    // this migration: they are stemmed on the fly.
    sql: `ALTER TABLE chunks ADD COLUMN stems TEXT;`,
  },
  {
    version: 4,
    name: 'answer-versions-and-sources',
    // reply_to: the question an answer replies to, so a regenerated answer is another version of
    // the same turn rather than a new turn. sources: every passage that went into the prompt, not
    // only the cited ones, so a reloaded answer shows what the model read. problem: the Ollama
    // problem behind a retrieval-only or broken answer (kind, message, fix), as JSON.
    sql: `
      ALTER TABLE messages ADD COLUMN reply_to INTEGER;
      ALTER TABLE messages ADD COLUMN sources TEXT NOT NULL DEFAULT '[]';
      ALTER TABLE messages ADD COLUMN problem TEXT;
      CREATE INDEX messages_reply_to ON messages(reply_to);
    `,
  },
  {
    version: 5,
    name: 'ocr-pages',
    // Pages whose text came from OCR, with the recogniser's mean word confidence (0-100; NULL when
    // it found no text on the page). Text-layer pages keep ocr = 0.
    sql: `
      ALTER TABLE pages ADD COLUMN ocr INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE pages ADD COLUMN ocr_confidence REAL;
    `,
  },
  {
    version: 6,
    name: 'document-removals',
    // When an indexed document leaves the library: old answers cite documents by content hash, so
    // a citation whose file is gone can say when it was removed, and one whose file came back
    // (same bytes, any path) points at it again.
    sql: `
      CREATE TABLE document_removals (
        sha256 TEXT NOT NULL,
        path TEXT NOT NULL,
        title TEXT NOT NULL,
        removed_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
      );
      CREATE INDEX document_removals_sha256 ON document_removals(sha256);
      CREATE TRIGGER documents_removed AFTER DELETE ON documents WHEN old.status = 'indexed' BEGIN
        INSERT INTO document_removals (sha256, path, title) VALUES (old.sha256, old.path, old.title);
      END;
    `,
  },
  {
    version: 7,
    name: 'page-labels',
    // The page label printed on each page (pdf.js getPageLabels: "ix", "9", "A-3"), NULL when the
    // PDF defines none; citations show it next to the PDF page index ("p. 9 (PDF p. 25)").
    sql: `ALTER TABLE pages ADD COLUMN label TEXT;`,
  },
  {
    version: 8,
    name: 'message-json-camel-case',
    // Shared types are camelCase and answer warnings are data ({ kind, ... }) that each surface
    // words itself; messages written before keep snake_case timings and CLI-worded sentences.
    sql: '',
    data: migrateMessageJson,
  },
  {
    version: 9,
    name: 'ocr-chunk-index',
    // Chunks on OCR'd pages get a second keyword index whose words have OCR-confusable characters
    // folded (I/l/1, O/0, S/5, Z/2, B/8: ocr-chunk-index.ts), so a question finds a word the scan
    // misread; text-layer chunks are not in it. The OCR chunks already stored are indexed here.
    sql: OCR_CHUNK_INDEX_SQL,
    data: indexStoredOcrChunks,
  },
  {
    version: 10,
    name: 'index-version',
    // The import pipeline version each document was read with (store/index-version.ts). Documents
    // already stored were read before it was recorded: version 1, outdated until imported again.
    sql: `ALTER TABLE documents ADD COLUMN index_version INTEGER NOT NULL DEFAULT 1;`,
  },
  {
    version: 11,
    name: 'document-formats',
    // Documents other than PDFs (docs/formats.md): each document's format (shared/importable-files.ts;
    // documents already stored are PDFs or scans saved as images, told apart by name); each page's
    // blocks, for formats whose structure is stated (JSON [start, end, kind, level] per block:
    // headings with levels, paragraphs, list items, code, table rows…), which the reader view shows;
    // and each chunk's locator (JSON, shared/locator.ts), which such documents cite instead of pages.
    sql: `
      ALTER TABLE documents ADD COLUMN format TEXT NOT NULL DEFAULT 'pdf';
      UPDATE documents SET format = 'image'
        WHERE lower(path) GLOB '*.png' OR lower(path) GLOB '*.jp*g' OR lower(path) GLOB '*.tif*';
      ALTER TABLE pages ADD COLUMN blocks TEXT;
      ALTER TABLE chunks ADD COLUMN locator TEXT;
    `,
  },
  {
    version: 12,
    name: 'unreadable-pages',
    // Pages of a document that could not be read (a damaged PDF page, an image page cut off or
    // undecodable: shared/unreadable-pages.ts), kept empty and flagged so the document list says so.
    sql: `ALTER TABLE pages ADD COLUMN unreadable INTEGER NOT NULL DEFAULT 0;`,
  },
  {
    version: 13,
    name: 'section-summaries',
    // Summaries of a document's sections and of their combinations (docs/summaries.md), kept by
    // document content, import version and model so later summaries reuse them; a keyword index
    // over them lets broad questions find them. Dropped when their document is re-indexed or removed.
    sql: SECTION_SUMMARIES_SQL,
  },
  {
    version: 14,
    name: 'one-document-per-text',
    // One document per text (docs/duplicates.md). text_fingerprint: a hash of the document's text
    // reduced to letters and digits (duplicates/text-fingerprint.ts), so a re-saved copy (other
    // bytes, same text) is recognised at import; text_sketch (duplicates/text-sketch.ts) recognises
    // a copy whose text differs a little (a few glyphs, or OCR of a copy without a text layer).
    // Both NULL for documents stored before, and for those with too little text. Not indexed: the
    // sketches are compared with every document's anyway, and an indexed column cannot be dropped.
    // document_locations: the other paths at which the same bytes were imported; removing one
    // location keeps the document. No foreign key: a re-index replaces the
    // document's row under the same id, and a cascade would drop its locations;
    // LibraryStore.removeDocument removes them instead.
    sql: `
      ALTER TABLE documents ADD COLUMN text_fingerprint TEXT;
      ALTER TABLE documents ADD COLUMN text_sketch BLOB;
      CREATE TABLE IF NOT EXISTS document_locations (
        path TEXT PRIMARY KEY,
        document_id INTEGER NOT NULL
      );
      CREATE INDEX IF NOT EXISTS document_locations_document ON document_locations(document_id);
    `,
  },
  {
    version: 15,
    name: 'watched-folders',
    // Watched folders (docs/watched-folders.md): each folder, whether it is paused, and the
    // collection it imports into (no foreign key: NULL is all documents); each file seen there with
    // its size, modification time and content hash, so the rescan at start-up reads only the files
    // whose size or time changed. documents.unavailable: the document's watched folder has
    // disappeared (an unplugged drive); it stays in the library until the user removes it.
    sql: `
      CREATE TABLE IF NOT EXISTS watched_folders (
        id INTEGER PRIMARY KEY,
        path TEXT NOT NULL UNIQUE,
        collection_id INTEGER,
        paused INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
      );
      CREATE TABLE IF NOT EXISTS watched_files (
        path TEXT PRIMARY KEY,
        folder_id INTEGER NOT NULL REFERENCES watched_folders(id) ON DELETE CASCADE,
        size INTEGER NOT NULL,
        mtime_ms REAL NOT NULL,
        sha256 TEXT NOT NULL
      );
      CREATE INDEX IF NOT EXISTS watched_files_folder ON watched_files(folder_id);
      ALTER TABLE documents ADD COLUMN unavailable INTEGER NOT NULL DEFAULT 0;
    `,
  },
  {
    version: 16,
    name: 'collections',
    // Named sets of documents (docs/collections.md); a document can be in several. Membership has
    // no foreign key to documents: a re-index replaces a document's row under the same id, and a
    // cascade would drop it from its collections; LibraryStore.removeDocument removes it instead.
    // A conversation belongs to at most one collection and searches only it (no row: all
    // documents); deleting the collection leaves its conversations, searching all documents.
    sql: `
      CREATE TABLE IF NOT EXISTS collections (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE COLLATE NOCASE,
        created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
      );
      CREATE TABLE IF NOT EXISTS collection_documents (
        collection_id INTEGER NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
        document_id INTEGER NOT NULL,
        PRIMARY KEY (collection_id, document_id)
      ) WITHOUT ROWID;
      CREATE INDEX IF NOT EXISTS collection_documents_document ON collection_documents(document_id);
      CREATE TABLE IF NOT EXISTS conversation_collections (
        conversation_id INTEGER PRIMARY KEY REFERENCES conversations(id) ON DELETE CASCADE,
        collection_id INTEGER NOT NULL REFERENCES collections(id) ON DELETE CASCADE
      );
      CREATE INDEX IF NOT EXISTS conversation_collections_collection ON conversation_collections(collection_id);
    `,
  },
  {
    version: 17,
    name: 'context-headers',
    // chunks.context_header: the model's one-line context of a chunk (context-headers-schema.ts),
    // NULL until generated (and after a re-index, which stores new chunks). The keyword index is
    // rebuilt once to read headings through a view that appends it.
    sql: CONTEXT_HEADERS_SQL,
  },
  {
    version: 18,
    name: 'identifier-parts',
    // chunks.word_parts: the parts of the chunk's words written with inner capitals
    // (identifier-parts-schema.ts), indexed after its text; NULL for chunks stored before (until
    // their document is indexed again, which index version 19 asks for) and for chunks without such
    // words. The keyword index is rebuilt once to read text through the view.
    sql: IDENTIFIER_PARTS_SQL,
  },
]
