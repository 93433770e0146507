// Browser mode keeps a copy of each uploaded PDF under `<library>/imported/`. Confidential files
// must not linger: a copy lives exactly as long as a library document points at it.
import fs from 'node:fs/promises'
import path from 'node:path'
import { UPLOAD_FOLDER } from '../engine/store/library-files.js'

export { UPLOAD_FOLDER }

/** True when `file` is one of the library's own upload copies (and not a user's original). */
export function isUploadCopy(libraryDir: string, file: string): boolean {
  const rel = path.relative(path.join(libraryDir, UPLOAD_FOLDER), path.resolve(file))
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel)
}

export async function deleteCopy(libraryDir: string, file: string): Promise<void> {
  if (!isUploadCopy(libraryDir, file)) return
  await fs.rm(file, { force: true })
  // A dropped folder's copies live in sub-folders: remove the ones this leaves empty.
  const root = path.join(libraryDir, UPLOAD_FOLDER)
  for (let dir = path.dirname(path.resolve(file)); isUploadCopy(libraryDir, dir); dir = path.dirname(dir)) {
    if (
      dir === root ||
      !(await fs.rmdir(dir).then(
        () => true,
        () => false,
      ))
    )
      break
  }
}

/**
 * After an upload batch: deletes the copies no document uses — cancelled before or while being
 * read, or skipped as a duplicate of a document stored under another path. Copies of failed files
 * stay with their (failed) document row, which shows the error and deletes the copy on removal.
 * Returns the deleted copies.
 */
export async function discardUnusedCopies(
  libraryDir: string,
  copies: string[],
  documentPaths: Set<string>,
): Promise<string[]> {
  const discarded: string[] = []
  for (const copy of copies) {
    // A re-upload of identical bytes reuses an existing document's copy: that one stays.
    if (documentPaths.has(path.resolve(copy))) continue
    await deleteCopy(libraryDir, copy)
    discarded.push(copy)
  }
  return discarded
}
