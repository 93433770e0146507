// The words for files Quire does not import, one text for every surface: the app says them for
// files dropped or chosen, the CLI for the files it passes over in the folders it walks. The
// formats named come from the importable-files list, so a format added there is named here too.
import { importableSummary } from './importable-files.js'

/** "PDF, scans (PNG, JPEG, TIFF), Word (DOCX), … and EPUB": the importable formats as people name them. */
export function importableFormats(): string {
  return importableSummary()
}

/** What to do with a file Quire does not import. */
export function unimportableRemedy(): string {
  return `Quire imports ${importableFormats()}; save the others in one of these formats (or as PDF) first.`
}

/** The notice for files left out (at most five named), or null when none were. */
export function skippedNotice(names: string[]): string | null {
  if (names.length === 0) return null
  const shown = names.slice(0, 5).join(', ')
  const more = names.length > 5 ? ` and ${names.length - 5} more` : ''
  const what = names.length === 1 ? 'a file' : `${names.length} files`
  return `Skipped ${what} Quire cannot import: ${shown}${more}. ${unimportableRemedy()}`
}
