import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { formatOfName } from '@shared/importable-files.js'
import type { IngestFileReport } from '@shared/library-types.js'
import { isUploadCopy, recordCopy, UPLOAD_FOLDER } from './upload-copies.js'
import type { StagedUpload } from './upload-staging.js'

export { UPLOAD_FOLDER }

/** The base name only, with characters that are unsafe in file names replaced. */
export function safeFileName(name: string): string {
  const base = path.basename(name.replace(/\\/g, '/'))
  const clean = base
    .replace(/[\u0000-\u001f<>:"/\\|?*]+/g, '_')
    .replace(/^\.+/, '')
    .trim()
  // Nothing usable left: a name without a type, which the import reports as not supported.
  return clean.slice(-200) || 'upload'
}

/** Folders a dropped folder's file keeps (at most this many levels), so same-named files stay apart. */
const MAX_FOLDER_DEPTH = 4

/**
 * A browser file's relative path ("Q3/report.pdf" from a dropped folder) made safe: each folder
 * sanitised, "." and ".." dropped, so it can never leave the upload folder. Plain names stay plain.
 */
export function safeRelativePath(name: string): string {
  const parts = name.replace(/\\/g, '/').split('/')
  const file = safeFileName(parts.pop() ?? '')
  const folders = parts
    .map((p) => p.replace(/[\u0000-\u001f<>:"/\\|?*]+/g, '_').trim())
    .filter((p) => p !== '' && !/^\.+$/.test(p))
    .map((p) => p.replace(/^\.+/, '').slice(0, 100))
    .slice(-MAX_FOLDER_DEPTH)
  return path.join(...folders, file)
}

async function sizeOf(file: string): Promise<number | null> {
  return fs.stat(file).then(
    (s) => s.size,
    () => null,
  )
}

/** Streamed, so comparing two large files never holds either in memory. */
async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

export interface SavedUploads {
  /** The copies written (or reused) under `<library>/imported/`, in upload order. */
  saved: string[]
  /** Files refused before import, one report row each (their staged bytes are deleted). */
  rejected: IngestFileReport[]
}

/**
 * Browser mode has no file paths, only bytes: each staged upload (already streamed to disk) is
 * moved under `<library>/imported/` (never outside it) and imported from there. A name already
 * taken gets a numbered suffix; the same bytes uploaded twice reuse the file and the staged copy
 * is deleted. Each file is judged on its own: a bad one is reported and the others are saved.
 */
export async function saveUploads(
  libraryDir: string,
  files: (StagedUpload & { name: string })[],
): Promise<SavedUploads> {
  const dir = path.join(libraryDir, UPLOAD_FOLDER)
  await fs.mkdir(dir, { recursive: true })
  const out: SavedUploads = { saved: [], rejected: [] }
  for (const file of files) {
    if (file.size === 0) {
      await fs.rm(file.file, { force: true })
      // A PDF or a scan keeps the code it always had; other documents have their own.
      const code = formatOfName(file.name)?.paged === false ? 'DOC_EMPTY_FILE' : 'PDF_EMPTY_FILE'
      out.rejected.push({
        file: file.name,
        status: 'failed',
        pages: 0,
        chunks: 0,
        // What happened only: the remedy is shown beside it (ingest-remedies.ts), once.
        error: `${file.name} is empty (0 bytes).`,
        errorCode: code,
      })
      continue
    }
    // A dropped folder's files keep their folders: imported/Q3/report.pdf, not "report (2).pdf".
    const name = safeRelativePath(file.name)
    const ext = path.extname(name)
    const stem = name.slice(0, name.length - ext.length)
    let target = path.join(dir, name)
    await fs.mkdir(path.dirname(target), { recursive: true })
    let reused = false
    for (let n = 2; ; n++) {
      const size = await sizeOf(target)
      if (size === null) break
      // The same bytes uploaded twice reuse the copy (the library skips unchanged documents); a
      // file Quire did not write there is never taken over as a copy.
      if (
        size === file.size &&
        isUploadCopy(libraryDir, target) &&
        (await sha256File(target)) === (await sha256File(file.file))
      ) {
        reused = true
        break
      }
      target = path.join(dir, `${stem} (${n})${ext}`)
    }
    if (reused) await fs.rm(file.file, { force: true })
    else {
      recordCopy(libraryDir, target)
      await fs.rename(file.file, target)
    }
    out.saved.push(target)
  }
  return out
}
