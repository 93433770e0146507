/**
 * Pages of an imported document that could not be read: a damaged PDF page, or an image page whose
 * pixels are cut off or do not decode. The rest of the document is imported; these pages are kept
 * empty and named in the import's report.
 */
export interface UnreadablePages {
  /** Page numbers, ascending. */
  pages: number[]
  /** The file's list of pages is itself cut off: pages after the last one counted may be lost. */
  endsEarly: boolean
}

/** "pages 12–25 could not be read (…)" for the import's report, in the CLI and the app alike. */
export function unreadablePagesNote(u: UnreadablePages): string {
  const parts: string[] = []
  if (u.pages.length > 0) {
    const ranges: string[] = []
    for (let i = 0; i < u.pages.length; i++) {
      const start = u.pages[i]!
      while (u.pages[i + 1] === u.pages[i]! + 1) i++
      ranges.push(start === u.pages[i] ? `${start}` : `${start}–${u.pages[i]}`)
    }
    const one = u.pages.length === 1
    parts.push(
      `${one ? 'page' : 'pages'} ${ranges.join(', ')} could not be read and ${one ? 'is' : 'are'} kept empty`,
    )
  }
  if (u.endsEarly) parts.push('the file ends early, so pages after the last one found are missing')
  return `${parts.join('; ')}: the file is damaged or incomplete. Copy it again from its source to import every page.`
}
