// The table of summarised units (store/section-summaries.ts) and its keyword index, as migration 13
// creates them. In a file of its own so the migration reads as one line and the schema is documented
// beside the code that uses it.

/**
 * One row per summarised unit of a document: a section (level 0: a run of chunks summarised by one
 * model call) or a combination of units (level 1 and up). Keyed by the document's content hash, the
 * import version that read it (chunk ordinals are stable for both) and the model that wrote it.
 * `sentences` is JSON [{ text, ords }]: each sentence with the ordinals of the chunks it cites.
 * `text` is the sentences joined without markers, for the keyword index.
 */
export const SECTION_SUMMARIES_SQL = `
  CREATE TABLE section_summaries (
    id INTEGER PRIMARY KEY,
    sha256 TEXT NOT NULL,
    index_version INTEGER NOT NULL,
    model TEXT NOT NULL,
    unit TEXT NOT NULL,
    level INTEGER NOT NULL,
    ord_start INTEGER NOT NULL,
    ord_end INTEGER NOT NULL,
    page_start INTEGER NOT NULL,
    page_end INTEGER NOT NULL,
    heading TEXT,
    sentences TEXT NOT NULL,
    text TEXT NOT NULL,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
    UNIQUE (sha256, index_version, model, unit)
  );

  CREATE VIRTUAL TABLE section_summaries_fts USING fts5(
    heading, text, content='section_summaries', content_rowid='id',
    tokenize='porter unicode61 remove_diacritics 2'
  );
  CREATE TRIGGER section_summaries_ai AFTER INSERT ON section_summaries BEGIN
    INSERT INTO section_summaries_fts(rowid, heading, text) VALUES (new.id, coalesce(new.heading,''), new.text);
  END;
  CREATE TRIGGER section_summaries_ad AFTER DELETE ON section_summaries BEGIN
    INSERT INTO section_summaries_fts(section_summaries_fts, rowid, heading, text)
      VALUES ('delete', old.id, coalesce(old.heading,''), old.text);
  END;

  -- Re-indexing replaces the document's row (and its chunks): what was summarised from the old
  -- chunks goes with it, as does everything of a removed document (unless a copy of the same file
  -- stays in the library).
  CREATE TRIGGER documents_drop_summaries AFTER DELETE ON documents BEGIN
    DELETE FROM section_summaries WHERE sha256 = old.sha256
      AND NOT EXISTS (SELECT 1 FROM documents d WHERE d.sha256 = old.sha256 AND d.id != old.id);
  END;
`
