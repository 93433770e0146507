import { QuireError } from '@shared/errors.js'

/** Maps whatever pdf.js threw while opening a file to a specific, readable QuireError. */
export function classifyPdfOpenError(err: unknown, file: string): QuireError {
  const name = (err as { name?: string } | null)?.name ?? ''
  const message = err instanceof Error ? err.message : String(err)
  if (name === 'PasswordException') {
    return new QuireError('PDF_ENCRYPTED', `${file} is password-protected.`)
  }
  if (name === 'InvalidPDFException' || /invalid pdf|xref|startxref|trailer/i.test(message)) {
    return new QuireError('PDF_CORRUPT', `${file} is damaged or incomplete and cannot be read (${message}).`)
  }
  return new QuireError('PDF_CORRUPT', `${file} could not be read as a PDF (${message}).`)
}

export function notAPdf(file: string): QuireError {
  return new QuireError('PDF_NOT_A_PDF', `${file} is not a PDF file (it does not start with a PDF header).`)
}

export function emptyFile(file: string): QuireError {
  return new QuireError('PDF_EMPTY_FILE', `${file} is empty (0 bytes).`)
}

export function noTextLayer(file: string, pages: number, ocrTried: boolean): QuireError {
  return new QuireError(
    'PDF_NO_TEXT',
    ocrTried
      ? `${file} has no text layer and OCR recognised no text on any of its ${pages} page(s): the pages look blank or unreadable.`
      : `${file} has no text layer on any of its ${pages} page(s); it is probably scanned, and OCR is off.`,
  )
}

/**
 * The text layer is there but holds no words: only numbers or symbols (typically page numbers on
 * otherwise blank or image-free pages). Not a scan, so not called one.
 */
export function noWords(file: string, pages: number, ocrTried: boolean): QuireError {
  return new QuireError(
    'PDF_NO_WORDS',
    `${file} has a text layer but no words on any of its ${pages} page(s), only numbers or symbols (such as page numbers)${
      ocrTried ? ', and OCR found no words on them either' : ''
    }.`,
  )
}
