import type { IngestFileReport, LibraryDocument } from './library-types.js'

// What the library panel and the CLI say about documents an older version of Quire indexed
// (LibraryDocument.outdated): one wording for both.

/** Beside an outdated document's other details. */
export const OUTDATED_LABEL = 'indexed by an older version'

/**
 * The note over an outdated library, or '' when nothing is outdated. Scanned pages are read again
 * too, which is the slow part of a re-index, so the note says how many there are.
 */
export function outdatedNote(docs: Pick<LibraryDocument, 'outdated' | 'ocrPages'>[]): string {
  const old = docs.filter((d) => d.outdated)
  if (!old.length) return ''
  const scanned = old.reduce((n, d) => n + d.ocrPages, 0)
  const which = old.length === 1 ? '1 document was' : `${old.length} documents were`
  const them = old.length === 1 ? 'it' : 'them'
  return (
    `${which} indexed by an older version of Quire. Re-index ${them} so that search reads ${them} as this version does` +
    (scanned
      ? ` (${scanned} scanned ${scanned === 1 ? 'page is' : 'pages are'} read again with OCR, which takes a while).`
      : '.') +
    ` Until then the older index is searched.`
  )
}

/** Said under a re-index that failed (IngestFileReport.reindex): what the library keeps. */
export const KEPT_OLDER_INDEX =
  'Its earlier index, from an older version of Quire, stays in the library and is still searched.'

/** A re-index that did not happen (not one that was cancelled: that says so itself). */
export function keptOlderIndex(d: Pick<IngestFileReport, 'reindex' | 'status' | 'errorCode'>): boolean {
  return d.reindex === true && d.status === 'failed' && d.errorCode !== 'CANCELLED'
}

/** The answer to a re-index request when every document is up to date. */
export const NOTHING_OUTDATED =
  'Every document in the library was indexed by this version of Quire: there is nothing to re-index.'
