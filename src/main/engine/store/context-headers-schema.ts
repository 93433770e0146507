// Contextual chunk headers (docs/query-help.md): a one-line context per chunk (its document and
// section) the local model writes at import when enabled, stored beside the chunk and indexed for
// keyword search. The keyword index reads its heading column through a view that appends the
// header, so FTS5's checks and rebuilds see exactly what was indexed; a chunk without a header
// indexes exactly what it did before (same terms, same BM25).
export const CONTEXT_HEADERS_SQL = `
  DROP TRIGGER IF EXISTS chunks_ai;
  DROP TRIGGER IF EXISTS chunks_ad;
  DROP TABLE IF EXISTS chunks_fts;
  ALTER TABLE chunks ADD COLUMN context_header TEXT;
  CREATE VIEW chunks_fts_source AS
    SELECT id, coalesce(heading,'') || coalesce(' ' || context_header, '') AS heading, text FROM chunks;
  CREATE VIRTUAL TABLE chunks_fts USING fts5(
    heading, text, content='chunks_fts_source', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2'
  );
  CREATE TRIGGER chunks_ai AFTER INSERT ON chunks BEGIN
    INSERT INTO chunks_fts(rowid, heading, text)
      VALUES (new.id, coalesce(new.heading,'') || coalesce(' ' || new.context_header, ''), new.text);
  END;
  CREATE TRIGGER chunks_ad AFTER DELETE ON chunks BEGIN
    INSERT INTO chunks_fts(chunks_fts, rowid, heading, text)
      VALUES ('delete', old.id, coalesce(old.heading,'') || coalesce(' ' || old.context_header, ''), old.text);
  END;
  CREATE TRIGGER chunks_au_context AFTER UPDATE OF context_header ON chunks BEGIN
    INSERT INTO chunks_fts(chunks_fts, rowid, heading, text)
      VALUES ('delete', old.id, coalesce(old.heading,'') || coalesce(' ' || old.context_header, ''), old.text);
    INSERT INTO chunks_fts(rowid, heading, text)
      VALUES (new.id, coalesce(new.heading,'') || coalesce(' ' || new.context_header, ''), new.text);
  END;
  INSERT INTO chunks_fts(chunks_fts) VALUES ('rebuild');
`
