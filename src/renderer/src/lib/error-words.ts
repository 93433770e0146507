// Ingestion error codes in plain words, so a failed file says what is wrong and not a stack trace.
const WORDS: Record<string, string> = {
  PDF_ENCRYPTED: 'Password-protected',
  PDF_NO_TEXT: 'No text layer (scanned?)',
  PDF_CORRUPT: 'Damaged or incomplete PDF',
  PDF_NOT_A_PDF: 'Not a PDF file',
  PDF_EMPTY_FILE: 'Empty file',
  FILE_NOT_FOUND: 'File not found',
  FILE_UNREADABLE: 'Could not read the file',
  NOT_SUPPORTED: 'Not a supported file type',
  CANCELLED: 'Cancelled',
  INTERNAL: 'Something went wrong while reading it',
}

export function errorInWords(code: string | null | undefined, fallback?: string | null): string {
  if (code && WORDS[code]) return WORDS[code]
  return fallback?.trim() || 'Could not be added'
}
