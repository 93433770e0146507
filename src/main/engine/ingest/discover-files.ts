import fs from 'node:fs/promises'
import path from 'node:path'
import { isImportableName } from '@shared/importable-files.js'
import { DB_FILE, OCR_PAGES_FOLDER, SESSIONS_FOLDER, isLibraryFileName } from '../store/library-files.js'

/** Folders of a library folder that hold only Quire's bookkeeping (imported/ holds documents). */
const QUIRE_ONLY_FOLDERS = new Set<string>([SESSIONS_FOLDER, OCR_PAGES_FOLDER])

export interface DiscoveredFile {
  path: string
  /**
   * Set when the path cannot be imported at all (missing, no permission, a link inside a folder,
   * an undecodable name, not an importable type by name): reported as its own line instead of vanishing.
   */
  problem?: { code: string; message: string }
}

/** What the OS said about a path that could not be opened, as a problem a person can act on. */
export function fsProblem(err: unknown, p: string, what: 'file' | 'folder'): DiscoveredFile['problem'] {
  const code = (err as NodeJS.ErrnoException | null)?.code
  if (code === 'EACCES' || code === 'EPERM') {
    return {
      code: 'PERMISSION_DENIED',
      message:
        what === 'folder'
          ? `The folder ${p} could not be read (permission denied); the documents in it were not imported.`
          : `${p} could not be read (permission denied, on the file or a folder above it).`,
    }
  }
  // Node decodes names that are not valid UTF-8 with U+FFFD, and that decoded name does not exist.
  if (code === 'ENOENT' && p.includes('\uFFFD')) {
    return {
      code: 'FILE_NAME_NOT_UTF8',
      message: `The name of ${p} is not valid UTF-8 (shown with �), so it cannot be opened by that name.`,
    }
  }
  if (code === 'ENOENT' || code === 'ENOTDIR')
    return { code: 'FILE_NOT_FOUND', message: `${p} does not exist.` }
  return {
    code: 'FILE_UNREADABLE',
    message: `${p} could not be read (${code ?? (err instanceof Error ? err.message : String(err))}).`,
  }
}

/**
 * Expands files and folders (recursively) into the list of files to import, in a stable order.
 * Inside folders only files of an importable type (shared/importable-files.ts) are taken; a file named explicitly is always reported, so a
 * wrong file dropped on the window gets an error instead of silently vanishing. Links inside
 * folders are reported and not followed (no loops, no pulling in files from elsewhere); a path
 * named explicitly may be a link. Files inside folders that are not importable go to `passedOver`
 * when given (the CLI names them, as the app names dropped files it cannot import).
 */
export async function discoverFiles(inputs: string[], passedOver?: string[]): Promise<DiscoveredFile[]> {
  const out: DiscoveredFile[] = []
  const seen = new Set<string>()
  const push = (f: DiscoveredFile) => {
    if (seen.has(f.path)) return
    seen.add(f.path)
    out.push(f)
  }
  for (const input of inputs) {
    const abs = path.resolve(input)
    let stat
    try {
      stat = await fs.stat(abs)
    } catch (err) {
      push({ path: abs, problem: fsProblem(err, abs, 'file') })
      continue
    }
    if (stat.isDirectory()) {
      for (const f of await walk(abs, passedOver)) push(f)
    } else if (!isImportableName(abs)) {
      push({
        path: abs,
        problem: {
          code: 'NOT_SUPPORTED',
          message: `${path.basename(abs)} is not a file type Quire imports.`,
        },
      })
    } else push({ path: abs })
  }
  return out
}

async function walk(dir: string, passedOver?: string[]): Promise<DiscoveredFile[]> {
  let entries
  try {
    entries = await fs.readdir(dir, { withFileTypes: true })
  } catch (err) {
    return [{ path: dir, problem: fsProblem(err, dir, 'folder') }]
  }
  entries.sort((a, b) => a.name.localeCompare(b.name))
  // A library folder the user also keeps documents in (`--library ~/reports`, then `ingest
  // ~/reports`): Quire's own files there are neither imported nor named as files it cannot import.
  const isLibrary = entries.some((e) => e.isFile() && e.name === DB_FILE)
  const files: DiscoveredFile[] = []
  for (const e of entries) {
    if (e.name.startsWith('.')) continue
    if (isLibrary && (e.isDirectory() ? QUIRE_ONLY_FOLDERS.has(e.name) : isLibraryFileName(e.name))) continue
    const p = path.join(dir, e.name)
    if (e.isSymbolicLink()) {
      files.push({
        path: p,
        problem: {
          code: 'SKIPPED_SYMLINK',
          message: `${p} is a link (symlink), not a file.`,
        },
      })
    } else if (e.name.includes('\uFFFD') && (e.isDirectory() || isImportableName(e.name))) {
      files.push({ path: p, problem: fsProblem(Object.assign(new Error(), { code: 'ENOENT' }), p, 'file') })
    } else if (e.isDirectory()) files.push(...(await walk(p, passedOver)))
    else if (e.isFile() && isImportableName(e.name)) files.push({ path: p })
    else if (e.isFile()) passedOver?.push(p)
  }
  return files
}
