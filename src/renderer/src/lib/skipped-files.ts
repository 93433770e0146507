// Which of the dropped or chosen files cannot be added, and the sentence that says so.

const PDF_NAME = /\.pdf$/i

export function isPdf(file: { name: string; type?: string }): boolean {
  return PDF_NAME.test(file.name) || file.type === 'application/pdf'
}

/** A desktop path that names a file that is not a PDF (paths without an extension may be folders). */
export function isNonPdfFilePath(p: string): boolean {
  const base = p.split(/[\\/]/).pop() ?? ''
  return /\.[a-z0-9]{1,8}$/i.test(base) && !PDF_NAME.test(base)
}

export function skippedNotice(names: string[]): string | null {
  if (names.length === 0) return null
  const shown = names.slice(0, 5).join(', ')
  const more = names.length > 5 ? ` and ${names.length - 5} more` : ''
  const what = names.length === 1 ? 'a file that is not a PDF' : `${names.length} files that are not PDFs`
  return `Skipped ${what}: ${shown}${more}. Only PDFs can be added; save or print them as PDF first.`
}
