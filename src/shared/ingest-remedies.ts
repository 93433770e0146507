// What went wrong with a file and what to do about it, one entry per ingestion error code. The UI
// shows `label` on a failed row with `remedy` under it; the CLI prints the engine's message (what
// happened, never what to do) with the same `remedy` under it, so each fix is said once.
import type { IngestErrorCode } from './errors.js'
import type { Surface } from './ollama-remedies.js'
import { unimportableRemedy } from './skipped-files.js'

export interface IngestRemedy {
  /** A few words for the row. */
  label: string
  /** What the person can do next; null when there is nothing to do. */
  remedy: string | null
  /** True when trying again can help without changing the file (a transient failure). */
  retryable: boolean
  /** The CLI's wording of `remedy`, where the app's names a control the CLI does not have. */
  cliRemedy?: string
}

export const INGEST_REMEDIES: Record<IngestErrorCode, IngestRemedy> = {
  FILE_NOT_FOUND: {
    label: 'File not found',
    remedy: 'It was moved or deleted after it was chosen. Add it again from where it is now.',
    // On the command line the path was typed, not chosen: most often it is misspelt.
    cliRemedy:
      'Check the path (a typing mistake, or the file was moved or renamed), then import it from where it is.',
    retryable: false,
  },
  FILE_UNREADABLE: {
    label: 'Could not read the file',
    remedy: 'Check that you may read it and that it is not open for writing elsewhere, then retry.',
    retryable: true,
  },
  PERMISSION_DENIED: {
    label: 'No permission to read it',
    remedy:
      'Your user may not read this file or the folder it is in. Fix its permissions (or copy it somewhere you can read), then add it again.',
    retryable: false,
  },
  SKIPPED_SYMLINK: {
    label: 'Skipped: a link, not a file',
    remedy:
      'Quire does not follow links (symlinks) inside folders, so a folder cannot pull in files from elsewhere or loop. Add the file or folder the link points to directly.',
    retryable: false,
  },
  FILE_NAME_NOT_UTF8: {
    label: 'File name is not valid UTF-8',
    remedy:
      'Rename the file so its name has only valid characters (for example with convmv), then add it again.',
    retryable: false,
  },
  LIBRARY_READ_ONLY: {
    label: 'The library cannot be written',
    remedy:
      'The library folder is read-only or belongs to another user. Choose a library folder you can write to (--library DIR), or fix its permissions.',
    retryable: false,
  },
  PDF_EMPTY_FILE: {
    label: 'Empty file (0 bytes)',
    remedy: 'It may have been copied incompletely. Copy it again, then add it.',
    retryable: false,
  },
  PDF_NOT_A_PDF: {
    label: 'Not a PDF file',
    remedy:
      'It is named .pdf but is not one. Give it its real extension, or save or print the document as a PDF, then add that.',
    retryable: false,
  },
  PDF_CORRUPT: {
    label: 'Damaged or incomplete PDF',
    remedy: 'Open it in a PDF reader and save or print it to a new PDF, then add that.',
    retryable: false,
  },
  PDF_ENCRYPTED: {
    label: 'Password-protected',
    remedy: 'Remove the password (or print it to a new PDF) and add it again.',
    retryable: false,
  },
  PDF_NO_TEXT: {
    label: 'No text layer (scanned?)',
    remedy:
      'Turn on OCR in Settings if it is off; if OCR found nothing, check the scan (resolution, contrast) and add it again.',
    cliRemedy:
      'Import it without --no-ocr if you gave it; if OCR found nothing, check the scan (resolution, contrast) and import it again.',
    retryable: false,
  },
  PDF_NO_WORDS: {
    label: 'No words, only numbers (page numbers?)',
    remedy:
      'There is nothing to search. Check that this is the right file (an export may have lost its text); if its pages are scanned images, turn on OCR.',
    retryable: false,
  },
  IMAGE_TOO_LARGE: {
    label: 'Image too large to read',
    remedy:
      'Its pixels would need gigabytes of memory to read. Scale it down, or scan it again at 300 dpi (an A4 page is then 2480 × 3508 pixels), then add it again.',
    retryable: false,
  },
  DOC_TOO_LARGE: {
    label: 'Too large to read',
    remedy:
      'Reading it would take far more memory than one file may use (a spreadsheet or CSV file: more than 100,000 rows or 2,000,000 filled cells; or, for a Word, OpenDocument or EPUB file, it unpacks to far more than any document needs: a "zip bomb"); nothing of it was imported and the rest of the import went on. Split it into smaller files, or save it again from the program that made it, then add them.',
    retryable: false,
  },
  DOC_EMPTY_FILE: {
    label: 'Empty file (0 bytes)',
    remedy: 'It may have been copied incompletely. Copy it again, then add it.',
    retryable: false,
  },
  DOC_CORRUPT: {
    label: 'Damaged or misnamed file',
    remedy:
      'Open it in the program that made it and save it again (or save it as PDF), then add that. If its extension is wrong, rename it.',
    retryable: false,
  },
  DOC_ENCRYPTED: {
    label: 'Password-protected',
    remedy:
      'Open it, remove the password (Word: File › Info › Protect Document; Excel: File › Info › Protect Workbook; LibreOffice: File › Properties › Security) or save a copy without one, then add it again.',
    retryable: false,
  },
  DOC_DRM: {
    label: 'Protected by DRM',
    remedy:
      'Add a copy without DRM instead, for example the publisher’s DRM-free edition, or the same book as a PDF.',
    retryable: false,
  },
  DOC_LEGACY_FORMAT: {
    label: 'Old Word or PowerPoint format',
    remedy:
      'Open it in Word, PowerPoint or LibreOffice and save it as .docx or .pptx (or as PDF), then add that.',
    retryable: false,
  },
  DOC_BINARY: {
    label: 'Not text (binary content)',
    remedy:
      'Check that it is the right file, or give it its real extension (a program, an archive or another format may have been given a text file’s name).',
    retryable: false,
  },
  DOC_NO_TEXT: {
    label: 'No text to search',
    remedy: 'The document is empty or holds only images. Check that this is the right file.',
    retryable: false,
  },
  NOT_SUPPORTED: {
    label: 'Not a supported file type',
    remedy: unimportableRemedy(),
    retryable: false,
  },
  DISK_FULL: {
    label: 'The disk is full',
    remedy: 'Nothing already in the library was lost. Free some disk space, then add the file again.',
    retryable: true,
  },
  CANCELLED: { label: 'Cancelled', remedy: null, retryable: true },
  INTERNAL: {
    label: 'Something went wrong while reading it',
    remedy: 'Retry; if it fails again, the details below say what happened.',
    retryable: true,
  },
}

/**
 * The table entry for a code, worded for the surface (the app's by default), or a generic one
 * built from the message for unknown codes.
 */
export function ingestRemedy(
  code: string | null | undefined,
  message?: string | null,
  surface: Surface = 'app',
): IngestRemedy {
  const known = code ? (INGEST_REMEDIES as Record<string, IngestRemedy>)[code] : undefined
  if (!known) return { label: message?.trim() || 'Could not be added', remedy: null, retryable: true }
  return surface === 'cli' && known.cliRemedy ? { ...known, remedy: known.cliRemedy } : known
}
