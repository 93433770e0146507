// Every file and folder Quire makes inside a library folder, declared once, by name. A library
// folder may be one the user also keeps documents in (`--library ~/reports`): whatever writes or
// deletes there (Delete, Repair, upgrades, locks, upload staging) goes through these names, and
// anything not named here is the user's and is never touched. Plain Node only (no SQLite): the CLI
// reads it before every command.
import fs from 'node:fs'
import path from 'node:path'

/** The library database (documents, passages, conversations, settings). */
export const DB_FILE = 'library.sqlite'
/** The fresh database a repair builds before swapping it in (check-library.ts). */
export const REBUILD_DB_FILE = `${DB_FILE}.rebuild`
/** SQLite's companions of a database file: write-ahead log, its index, rollback journal. */
export const SQLITE_COMPANIONS = ['-wal', '-shm', '-journal'] as const

/** The vector index, its manifest and its id list (vector-index.ts). */
export const VECTOR_INDEX_FILE = 'vectors.hnsw'
export const VECTOR_MANIFEST_FILE = 'vectors.json'
export const VECTOR_ID_LIST_FILE = 'vectors.ids'
/** Every file a vector save replaces through a temp file (atomic-file.ts). */
export const VECTOR_FILES = [VECTOR_INDEX_FILE, VECTOR_MANIFEST_FILE, VECTOR_ID_LIST_FILE] as const

/** SQLite lock files (sqlite-lock.ts): writers of the vector index, and one import at a time. */
export const VECTOR_LOCK_FILE = 'vectors.lock'
export const IMPORT_LOCK_FILE = 'import.lock'
/** Written beside a lock file: who holds it, for the message another process shows. */
export const LOCK_HOLDER_SUFFIX = '.holder'

/** One marker per writer that has the library open (session-marker.ts), named `<pid>-<thread>-<ms>`. */
export const SESSIONS_FOLDER = 'sessions'
export const SESSION_MARKER = /^\d+-\d+-\d+$/

/** Browser mode's copies of uploaded files, each one a document's file (upload-copies.ts). */
export const UPLOAD_FOLDER = 'imported'
/**
 * The list of upload copies Quire wrote into `imported/` (upload-copies.ts), relative to the
 * library folder: only a file on this list is ever deleted as a copy, so a folder of the user's own
 * that happens to be called `imported` keeps its files.
 */
export const UPLOAD_COPIES_FILE = 'upload-copies.json'
/** Upload bytes waiting to be claimed (upload-staging.ts), named `<uuid>.part`. */
export const STAGING_FOLDER = '.uploading'
export const STAGED_UPLOAD = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.part$/

/** The temp file atomic-file.ts writes `<name>` through: `<name>.<pid>-<thread>.tmp`. */
export const TEMP_FILE = /^(.*)\.\d+-\d+\.tmp$/

/**
 * Recognised pages kept until their document is stored, so an interrupted OCR resumes
 * (ocr/kept-pages.ts): `ocr-pages/<file sha256>/<settings hash>-<page>.json`.
 */
export const OCR_PAGES_FOLDER = 'ocr-pages'
export const KEPT_PAGES_FOLDER = /^[0-9a-f]{64}$/
export const KEPT_PAGE = /^[0-9a-f]{16}-\d+\.json$/

/** The folders Quire makes in a library folder. */
export const LIBRARY_FOLDERS = [SESSIONS_FOLDER, UPLOAD_FOLDER, STAGING_FOLDER, OCR_PAGES_FOLDER] as const

const withCompanions = (file: string) => [file, ...SQLITE_COMPANIONS.map((s) => `${file}${s}`)]
const lockFiles = (file: string) => [...withCompanions(file), `${file}${LOCK_HOLDER_SUFFIX}`]

/** Every plain file Quire may make at the top of a library folder, by name. */
export const LIBRARY_FILES: readonly string[] = [
  ...withCompanions(DB_FILE),
  ...withCompanions(REBUILD_DB_FILE),
  ...VECTOR_FILES,
  UPLOAD_COPIES_FILE,
  ...lockFiles(VECTOR_LOCK_FILE),
  ...lockFiles(IMPORT_LOCK_FILE),
]

/** True when `name`, at the top of a library folder, is a file Quire makes there. */
export function isLibraryFileName(name: string): boolean {
  if (LIBRARY_FILES.includes(name)) return true
  const temp = TEMP_FILE.exec(name)
  return !!temp && ([...VECTOR_FILES, UPLOAD_COPIES_FILE] as readonly string[]).includes(temp[1]!)
}

/**
 * The upload copies recorded in `upload-copies.json`, as absolute paths inside `imported/`; none
 * when there is no list (no upload since this list was introduced) or it cannot be read.
 */
export function recordedUploadCopies(dir: string): string[] {
  let list: unknown
  try {
    list = (JSON.parse(fs.readFileSync(path.join(dir, UPLOAD_COPIES_FILE), 'utf8')) as { copies?: unknown })
      .copies
  } catch {
    return []
  }
  if (!Array.isArray(list)) return []
  const uploads = path.join(dir, UPLOAD_FOLDER)
  return list
    .filter((rel): rel is string => typeof rel === 'string')
    .map((rel) => path.resolve(dir, rel))
    .filter((file) => isInside(uploads, file))
}

/** A kept page, or the temp file one is written through. */
function isKeptPageName(name: string): boolean {
  return KEPT_PAGE.test(TEMP_FILE.exec(name)?.[1] ?? name)
}

/**
 * Removes the kept pages in `ocr-pages/<file sha256>` by name, then the folder if that empties it
 * (and `ocr-pages/` too); anything else in them stays.
 */
export function removeKeptPages(dir: string, fileSha256: string): void {
  if (!KEPT_PAGES_FOLDER.test(fileSha256)) return
  const folder = path.join(dir, OCR_PAGES_FOLDER, fileSha256)
  for (const entry of readEntries(folder))
    if (entry.isFile() && isKeptPageName(entry.name)) unlinkFile(path.join(folder, entry.name))
  if (removeIfEmpty(folder)) removeIfEmpty(path.join(dir, OCR_PAGES_FOLDER))
}

/** True when `name` inside one of Quire's folders is a file Quire makes there (upload copies aside). */
function isOwnInFolder(folder: string, name: string): boolean {
  if (folder === SESSIONS_FOLDER) return SESSION_MARKER.test(name)
  if (folder === STAGING_FOLDER) return STAGED_UPLOAD.test(name)
  return false
}

/**
 * What a library folder holds besides Quire's own files, relative to it: entries at its top that
 * Quire does not make, and entries in `sessions/` and `.uploading/` that are not markers or staged
 * uploads, and files in `imported/` that are not recorded upload copies. Sorted; at most
 * `limit` names, with the full count.
 */
export function otherFiles(dir: string, limit = 20): { count: number; names: string[] } {
  const found: string[] = []
  for (const entry of readEntries(dir)) {
    if (entry.isFile() || entry.isSymbolicLink() ? isLibraryFileName(entry.name) : false) continue
    if (entry.isDirectory() && (LIBRARY_FOLDERS as readonly string[]).includes(entry.name)) {
      if (entry.name === UPLOAD_FOLDER) {
        found.push(...otherThanUploadCopies(dir))
        continue
      }
      if (entry.name === OCR_PAGES_FOLDER) {
        found.push(...otherThanKeptPages(dir))
        continue
      }
      for (const inner of readEntries(path.join(dir, entry.name)))
        if (!(inner.isFile() && isOwnInFolder(entry.name, inner.name)))
          found.push(`${entry.name}/${inner.name}`)
      continue
    }
    found.push(entry.name)
  }
  found.sort()
  return { count: found.length, names: found.slice(0, limit) }
}

/**
 * "Delete this library", file by file: the database and its companions, the vector files and
 * their temp files, lock and holder files, session markers, staged uploads, kept OCR pages, and
 * the upload copies upload-copies.json records, then those of Quire's folders this leaves
 * empty. Nothing else is touched: a folder the user also keeps files in keeps every one of them,
 * and an entry with one of Quire's names that is not a plain file (a folder called vectors.json)
 * is left too. Returns what the folder still holds (otherFiles).
 */
export function deleteLibraryFiles(dir: string): { count: number; names: string[] } {
  // Read before upload-copies.json itself goes with the other top-level files below.
  const copies = recordedUploadCopies(dir)
  for (const entry of readEntries(dir)) {
    if ((entry.isFile() || entry.isSymbolicLink()) && isLibraryFileName(entry.name))
      unlinkFile(path.join(dir, entry.name))
  }
  for (const folder of [SESSIONS_FOLDER, STAGING_FOLDER]) {
    const sub = path.join(dir, folder)
    for (const entry of readEntries(sub))
      if (entry.isFile() && isOwnInFolder(folder, entry.name)) unlinkFile(path.join(sub, entry.name))
    removeIfEmpty(sub)
  }
  for (const entry of readEntries(path.join(dir, OCR_PAGES_FOLDER)))
    if (entry.isDirectory()) removeKeptPages(dir, entry.name)
  removeIfEmpty(path.join(dir, OCR_PAGES_FOLDER))
  const uploads = path.join(dir, UPLOAD_FOLDER)
  for (const copy of copies) {
    const file = path.resolve(copy)
    if (!isInside(uploads, file)) continue
    unlinkFile(file)
    // A dropped folder's copies sit in sub-folders: remove the ones this leaves empty.
    for (let sub = path.dirname(file); isInside(uploads, sub); sub = path.dirname(sub))
      if (!removeIfEmpty(sub)) break
  }
  removeIfEmpty(uploads)
  return otherFiles(dir)
}

/** True when `file` is strictly inside `folder`. */
export function isInside(folder: string, file: string): boolean {
  const rel = path.relative(folder, path.resolve(file))
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel)
}

/** Files in `imported/` that are not recorded upload copies, relative to the library. */
function otherThanUploadCopies(dir: string): string[] {
  const copies = new Set(recordedUploadCopies(dir))
  const uploads = path.join(dir, UPLOAD_FOLDER)
  const found: string[] = []
  const walk = (folder: string) => {
    for (const entry of readEntries(folder)) {
      const file = path.join(folder, entry.name)
      if (entry.isDirectory()) walk(file)
      else if (!copies.has(file)) found.push(path.relative(dir, file).split(path.sep).join('/'))
    }
  }
  walk(uploads)
  return found
}

/** What `ocr-pages/` holds besides kept pages in their files' folders, relative to the library. */
function otherThanKeptPages(dir: string): string[] {
  const found: string[] = []
  for (const entry of readEntries(path.join(dir, OCR_PAGES_FOLDER))) {
    const rel = `${OCR_PAGES_FOLDER}/${entry.name}`
    if (!(entry.isDirectory() && KEPT_PAGES_FOLDER.test(entry.name))) found.push(rel)
    else
      for (const inner of readEntries(path.join(dir, OCR_PAGES_FOLDER, entry.name)))
        if (!(inner.isFile() && isKeptPageName(inner.name))) found.push(`${rel}/${inner.name}`)
  }
  return found
}

function readEntries(dir: string): fs.Dirent[] {
  try {
    return fs.readdirSync(dir, { withFileTypes: true })
  } catch {
    return []
  }
}

/** Removes one file (never a folder): gone already is fine. */
function unlinkFile(file: string): void {
  try {
    fs.unlinkSync(file)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
  }
}

/** Removes `dir` only when it is empty (rmdir refuses otherwise); true when it is gone. */
function removeIfEmpty(dir: string): boolean {
  try {
    fs.rmdirSync(dir)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ENOENT'
  }
}
