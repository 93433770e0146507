// Parts of words written with inner capitals (text/identifier-parts.ts: `farmPrice` → farm, price),
// stored beside each chunk and indexed for keyword search after its text, so a question asked in
// words finds the identifier. The keyword index reads its text column through the view, so FTS5's
// checks and rebuilds see exactly what was indexed; a chunk without such words (word_parts NULL)
// indexes exactly what it did before (same terms, same BM25).
const SOURCE_TEXT = (row: 'new' | 'old') => `${row}.text || coalesce(' ' || ${row}.word_parts, '')`
const SOURCE_HEADING = (row: 'new' | 'old') =>
  `coalesce(${row}.heading,'') || coalesce(' ' || ${row}.context_header, '')`

export const IDENTIFIER_PARTS_SQL = `
  DROP TRIGGER IF EXISTS chunks_ai;
  DROP TRIGGER IF EXISTS chunks_ad;
  DROP TRIGGER IF EXISTS chunks_au_context;
  DROP TABLE IF EXISTS chunks_fts;
  DROP VIEW IF EXISTS chunks_fts_source;
  ALTER TABLE chunks ADD COLUMN word_parts TEXT;
  CREATE VIEW chunks_fts_source AS
    SELECT id, coalesce(heading,'') || coalesce(' ' || context_header, '') AS heading,
      text || coalesce(' ' || word_parts, '') AS text FROM chunks;
  CREATE VIRTUAL TABLE chunks_fts USING fts5(
    heading, text, content='chunks_fts_source', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2'
  );
  CREATE TRIGGER chunks_ai AFTER INSERT ON chunks BEGIN
    INSERT INTO chunks_fts(rowid, heading, text) VALUES (new.id, ${SOURCE_HEADING('new')}, ${SOURCE_TEXT('new')});
  END;
  CREATE TRIGGER chunks_ad AFTER DELETE ON chunks BEGIN
    INSERT INTO chunks_fts(chunks_fts, rowid, heading, text)
      VALUES ('delete', old.id, ${SOURCE_HEADING('old')}, ${SOURCE_TEXT('old')});
  END;
  CREATE TRIGGER chunks_au_context AFTER UPDATE OF context_header ON chunks BEGIN
    INSERT INTO chunks_fts(chunks_fts, rowid, heading, text)
      VALUES ('delete', old.id, ${SOURCE_HEADING('old')}, ${SOURCE_TEXT('old')});
    INSERT INTO chunks_fts(rowid, heading, text) VALUES (new.id, ${SOURCE_HEADING('new')}, ${SOURCE_TEXT('new')});
  END;
  INSERT INTO chunks_fts(chunks_fts) VALUES ('rebuild');
`
