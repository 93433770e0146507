// Error codes that cross every boundary (CLI JSON, IPC, HTTP). SCREAMING_SNAKE by convention.
// Ingestion codes name the specific thing wrong with a file so the UI can say it in plain words.
export const INGEST_ERROR_CODES = [
  'FILE_NOT_FOUND',
  'FILE_UNREADABLE',
  'PERMISSION_DENIED',
  'SKIPPED_SYMLINK',
  'FILE_NAME_NOT_UTF8',
  'LIBRARY_READ_ONLY',
  'PDF_EMPTY_FILE',
  'PDF_NOT_A_PDF',
  'PDF_CORRUPT',
  'PDF_ENCRYPTED',
  'PDF_NO_TEXT',
  'PDF_NO_WORDS',
  /** An image page declares more pixels than the pixel budget (ocr/pixel-budget.ts): refused before decoding. */
  'IMAGE_TOO_LARGE',
  /**
   * Reading the file needed more memory than a reader may use (docs/limits.md), or a zip-based
   * document unpacks past the limits (a zip bomb, docs/formats.md): it fails alone.
   */
  'DOC_TOO_LARGE',
  /** Documents other than PDFs (Word, OpenDocument, HTML, Markdown, text, EPUB): docs/formats.md. */
  'DOC_EMPTY_FILE',
  'DOC_CORRUPT',
  'DOC_ENCRYPTED',
  /** An e-book whose text is encrypted by DRM (not a password the person can remove). */
  'DOC_DRM',
  'DOC_LEGACY_FORMAT',
  'DOC_BINARY',
  'DOC_NO_TEXT',
  'NOT_SUPPORTED',
  'DISK_FULL',
  'CANCELLED',
  'INTERNAL',
] as const
export type IngestErrorCode = (typeof INGEST_ERROR_CODES)[number]

// Library-wide codes (a whole batch or command, not one file).
export const LIBRARY_ERROR_CODES = [
  /** Another import into the same library is running (in this or another process). */
  'IMPORT_RUNNING',
  /** Another writer held the vector index lock for longer than a save waits. */
  'LIBRARY_BUSY',
  /** SQLite's integrity checks found damage; `quire check --repair` or Settings › Check library. */
  'LIBRARY_DAMAGED',
  /** Written by a newer version of Quire (a schema this build does not know): update Quire. */
  'LIBRARY_TOO_NEW',
  /** SQLite cannot open or create the database file in the library folder. */
  'LIBRARY_CANNOT_OPEN',
  /** `--library` given an empty or blank path (it once meant the current folder). */
  'LIBRARY_PATH_EMPTY',
  /** `--library` names a file. */
  'LIBRARY_NOT_A_FOLDER',
  /** `--library` is under /proc, /sys or /dev. */
  'LIBRARY_SYSTEM_FOLDER',
] as const
export type LibraryErrorCode = (typeof LIBRARY_ERROR_CODES)[number]

/** A failure with a stable code and a message a person can act on. */
export class QuireError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message)
    this.name = 'QuireError'
  }
}

export function errorCodeOf(err: unknown): string {
  return err instanceof QuireError ? err.code : 'INTERNAL'
}

export function errorMessageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err)
}
