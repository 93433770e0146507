// The rescan at start-up (docs/watched-folders.md): what changed in a watched folder while nothing
// watched it. A file whose size and modification time are those recorded is unchanged without
// being read; only one whose size or time moved is hashed, and it is changed only when its bytes
// are (a copy that kept its content, or a `touch`, is not imported again).
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { isImportableName } from '@shared/importable-files.js'
import type { SeenFile } from './watch-store.js'

/** Files a watched folder imports: importable, and not hidden or an editor's lock or temporary file. */
export function isWatchedName(file: string): boolean {
  const name = path.basename(file)
  return !name.startsWith('.') && !name.startsWith('~$') && isImportableName(name)
}

export interface RescanResult {
  /** New files and files whose bytes changed: to import. */
  changed: string[]
  /** Recorded files no longer there: to remove. */
  gone: string[]
  /** Files whose size or time moved but whose bytes did not: their record, brought up to date. */
  touched: SeenFile[]
  unchanged: number
}

export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

/** Every watched file under `root` with its size and modification time (links are not followed). */
export async function listFolder(root: string): Promise<{ path: string; size: number; mtimeMs: number }[]> {
  const entries = await fs.promises.readdir(root, { recursive: true, withFileTypes: true })
  const files = entries
    .filter((e) => e.isFile() && isWatchedName(e.name))
    .map((e) => path.join(e.parentPath, e.name))
    .filter(
      (f) =>
        !f
          .slice(root.length)
          .split(path.sep)
          .some((part) => part.startsWith('.')),
    )
  const out: { path: string; size: number; mtimeMs: number }[] = []
  const BATCH = 256
  for (let i = 0; i < files.length; i += BATCH) {
    const stats = await Promise.all(
      files.slice(i, i + BATCH).map((f) =>
        fs.promises.stat(f).then(
          (s) => ({ path: f, s }),
          () => null,
        ),
      ),
    )
    for (const x of stats) if (x) out.push({ path: x.path, size: x.s.size, mtimeMs: x.s.mtimeMs })
  }
  return out
}

export async function rescanFolder(root: string, seen: ReadonlyMap<string, SeenFile>): Promise<RescanResult> {
  const present = await listFolder(root)
  const result: RescanResult = { changed: [], gone: [], touched: [], unchanged: 0 }
  const here = new Set<string>()
  for (const f of present) {
    here.add(f.path)
    const known = seen.get(f.path)
    if (known && known.size === f.size && known.mtimeMs === f.mtimeMs) {
      result.unchanged++
      continue
    }
    const sha256 = known ? await sha256OfFile(f.path).catch(() => null) : null
    if (known && sha256 === known.sha256) result.touched.push({ ...f, sha256 })
    else result.changed.push(f.path)
  }
  for (const p of seen.keys()) if (!here.has(p)) result.gone.push(p)
  return result
}
