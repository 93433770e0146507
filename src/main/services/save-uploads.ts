import fs from 'node:fs/promises'
import path from 'node:path'
import { QuireError } from '../../shared/errors.js'

export const UPLOAD_FOLDER = 'imported'

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

/**
 * Browser mode has no file paths, only bytes: they are saved under `<library>/imported/` (never
 * outside it) and imported from there. A name already taken gets a numbered suffix.
 */
export async function saveUploads(
  libraryDir: string,
  files: { name: string; base64: string }[],
): Promise<string[]> {
  const dir = path.join(libraryDir, UPLOAD_FOLDER)
  await fs.mkdir(dir, { recursive: true })
  const saved: string[] = []
  for (const file of files) {
    const bytes = Buffer.from(file.base64, 'base64')
    if (bytes.length === 0) throw new QuireError('PDF_EMPTY_FILE', `${file.name} is empty.`)
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
    saved.push(target)
  }
  return saved
}
