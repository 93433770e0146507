import fs from 'node:fs/promises'
import path from 'node:path'
import { ingestRemedy } from '@shared/ingest-remedies.js'
import type { IngestFileReport } from '@shared/library-types.js'
import { UPLOAD_FOLDER } from './upload-copies.js'

export { UPLOAD_FOLDER }

/** The base name only, with characters that are unsafe in file names replaced. */
export function safeFileName(name: string): string {
  const base = path.basename(name.replace(/\\/g, '/'))
  const clean = base
    .replace(/[\u0000-\u001f<>:"/\\|?*]+/g, '_')
    .replace(/^\.+/, '')
    .trim()
  return clean.slice(-200) || 'upload.pdf'
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  )
}

export interface SavedUploads {
  /** The copies written (or reused) under `<library>/imported/`, in upload order. */
  saved: string[]
  /** Files refused before import, one report row each (they never touch the disk). */
  rejected: IngestFileReport[]
}

/**
 * Browser mode has no file paths, only bytes: they are saved under `<library>/imported/` (never
 * outside it) and imported from there. A name already taken gets a numbered suffix. Each file is
 * judged on its own: a bad one is reported and the others are saved.
 */
export async function saveUploads(
  libraryDir: string,
  files: { name: string; base64: string }[],
): Promise<SavedUploads> {
  const dir = path.join(libraryDir, UPLOAD_FOLDER)
  await fs.mkdir(dir, { recursive: true })
  const out: SavedUploads = { saved: [], rejected: [] }
  for (const file of files) {
    const bytes = Buffer.from(file.base64, 'base64')
    if (bytes.length === 0) {
      const { remedy } = ingestRemedy('PDF_EMPTY_FILE')
      out.rejected.push({
        file: file.name,
        status: 'failed',
        pages: 0,
        chunks: 0,
        error: `${file.name} is empty (0 bytes). ${remedy}`,
        errorCode: 'PDF_EMPTY_FILE',
      })
      continue
    }
    const name = safeFileName(file.name)
    const ext = path.extname(name)
    const stem = name.slice(0, name.length - ext.length)
    let target = path.join(dir, name)
    for (let n = 2; await exists(target); n++) {
      // The same bytes uploaded twice reuse the file (the library skips unchanged documents).
      if ((await fs.readFile(target)).equals(bytes)) break
      target = path.join(dir, `${stem} (${n})${ext}`)
    }
    await fs.writeFile(target, bytes)
    out.saved.push(target)
  }
  return out
}
