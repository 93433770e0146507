// Watched folders (docs/watched-folders.md): the state each one shows, shared by the engine, the
// IPC contract and the renderer. Plain data only.

export type WatchStatus = 'starting' | 'watching' | 'paused' | 'unavailable' | 'stopped'

export interface WatchState {
  folder: string
  /** The collection its files are imported into (docs/collections.md); null: all documents only. */
  collectionId: number | null
  status: WatchStatus
  /** Files waiting to be imported or removed, the one in hand included. */
  waiting: number
  /** When the last change was applied (ISO time); null: none since the watch started. */
  lastChange: string | null
  /** The latest problems (a file that could not be imported, the watcher's own), newest last. */
  errors: { file: string; message: string; at: string }[]
  /**
   * The latest file not added because the library has its text already ("Same text as
   * sandwich-CL.pdf, already in the library."); null: none since the watch started.
   */
  sameText: { file: string; message: string } | null
}

/** The state in a few words, as the app and the CLI show it. */
export function watchStatusWords(s: WatchState): string {
  const waiting = s.waiting ? `, ${s.waiting} waiting` : ''
  switch (s.status) {
    case 'starting':
      return `Starting: comparing the folder with the library${waiting}`
    case 'watching':
      return `Watching${waiting}`
    case 'paused':
      return 'Paused'
    case 'unavailable':
      return 'Not there: its documents are marked unavailable, nothing is removed'
    case 'stopped':
      return 'Stopped'
  }
}

/** Said of a document whose watched folder is not there (LibraryDocument.unavailable). */
export const UNAVAILABLE_LABEL = 'unavailable: its watched folder is not there'

/** Said of a document found at other paths too (LibraryDocument.otherPaths, docs/duplicates.md). */
export function otherPathsLabel(others: readonly string[] | undefined): string {
  if (!others?.length) return ''
  return others.length === 1 ? 'also at 1 other path' : `also at ${others.length} other paths`
}
