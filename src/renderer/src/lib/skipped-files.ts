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

/** The sentence itself is shared with the CLI, which names the files it skips in folders. */
export { skippedNotice } from '@shared/skipped-files.js'
