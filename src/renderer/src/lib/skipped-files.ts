// Which of the dropped or chosen files cannot be added, and the sentence that says so. What can be
// added is the shared table of formats (shared/importable-files.ts).
import { isImportableFile, isImportableName } from '@shared/importable-files.js'

/** A file Quire imports (a PDF, a scan, a Word, OpenDocument, HTML, Markdown, text or EPUB file…). */
export function isImportable(file: { name: string; type?: string }): boolean {
  return isImportableFile(file)
}

/** A desktop path that names a file Quire cannot import (paths without an extension may be folders). */
export function isUnimportableFilePath(p: string): boolean {
  const base = p.split(/[\\/]/).pop() ?? ''
  return /\.[a-z0-9]{1,8}$/i.test(base) && !isImportableName(base)
}

/** The sentence itself is shared with the CLI, which names the files it skips in folders. */
export { skippedNotice } from '@shared/skipped-files.js'
