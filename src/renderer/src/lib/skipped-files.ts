// Which of the dropped or chosen files cannot be added, and the sentence that says so.
import { IMPORTABLE_TYPES, isImportableName } from '@shared/importable-files.js'

/** A PDF, or a scan saved as PNG, JPEG or TIFF (read with OCR). */
export function isPdf(file: { name: string; type?: string }): boolean {
  return isImportableName(file.name) || (IMPORTABLE_TYPES as readonly string[]).includes(file.type ?? '')
}

/** A desktop path that names a file Quire cannot import (paths without an extension may be folders). */
export function isNonPdfFilePath(p: string): boolean {
  const base = p.split(/[\\/]/).pop() ?? ''
  return /\.[a-z0-9]{1,8}$/i.test(base) && !isImportableName(base)
}

export function skippedNotice(names: string[]): string | null {
  if (names.length === 0) return null
  const shown = names.slice(0, 5).join(', ')
  const more = names.length > 5 ? ` and ${names.length - 5} more` : ''
  const what =
    names.length === 1
      ? 'a file that is not a PDF or an image'
      : `${names.length} files that are not PDFs or images`
  return `Skipped ${what}: ${shown}${more}. Only PDFs and scans (PNG, JPEG, TIFF) can be added; save or print the others as PDF first.`
}
