// Browser mode keeps a copy of each uploaded PDF under `<library>/imported/`. Confidential files
// must not linger: a copy lives exactly as long as a library document points at it. Which files
// are copies is recorded (upload-copies.json), never guessed from the folder's name: a library
// folder of the user's own may have an `imported/` folder with the user's files in it.
import fs from 'node:fs/promises'
import path from 'node:path'
import { writeFileAtomic } from '../engine/store/atomic-file.js'
import {
  isInside,
  recordedUploadCopies,
  UPLOAD_COPIES_FILE,
  UPLOAD_FOLDER,
} from '../engine/store/library-files.js'

export { UPLOAD_FOLDER }

/** True when `file` is one of the library's own upload copies (and not a user's original). */
export function isUploadCopy(libraryDir: string, file: string): boolean {
  return recordedUploadCopies(libraryDir).includes(path.resolve(file))
}

/**
 * Records `file` as an upload copy, before it is written: a crash between the two leaves a name
 * on the list without its file (harmless), never a copy Quire would not know to delete. Read,
 * changed and written without an await in between, so two batches never lose each other's names.
 */
export function recordCopy(libraryDir: string, file: string): void {
  changeList(libraryDir, (copies) => copies.add(path.resolve(file)))
}

function forgetCopy(libraryDir: string, file: string): void {
  changeList(libraryDir, (copies) => copies.delete(path.resolve(file)))
}

function changeList(libraryDir: string, change: (copies: Set<string>) => void): void {
  const copies = new Set(recordedUploadCopies(libraryDir))
  change(copies)
  const relative = [...copies].map((f) => path.relative(libraryDir, f).split(path.sep).join('/')).sort()
  writeFileAtomic(
    path.join(libraryDir, UPLOAD_COPIES_FILE),
    `${JSON.stringify({ copies: relative }, null, 1)}\n`,
  )
}

export async function deleteCopy(libraryDir: string, file: string): Promise<void> {
  if (!isUploadCopy(libraryDir, file)) return
  await fs.rm(file, { force: true })
  forgetCopy(libraryDir, file)
  // A dropped folder's copies live in sub-folders: remove the ones this leaves empty.
  const root = path.join(libraryDir, UPLOAD_FOLDER)
  for (let dir = path.dirname(path.resolve(file)); isInside(root, dir); dir = path.dirname(dir)) {
    if (
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
