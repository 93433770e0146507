// The library folder a person names (`quire … --library DIR`, browser mode's --library, `npm start
// -- --library DIR`), checked before anything is opened or created there. An empty --library once
// meant the current folder (under `npm start`, the repository, which Delete then emptied).
import fs from 'node:fs'
import path from 'node:path'
import { QuireError } from '@shared/errors.js'
import { otherFiles } from '../engine/store/library-files.js'

/** Folders of the kernel's own (process, device and system information), never a place for files. */
const SYSTEM_FOLDERS = ['/proc', '/sys', '/dev']

/**
 * The absolute library folder for `--library <given>`: refuses an empty or blank path, a path
 * that names a file, and the kernel's pseudo-folders, each with its own code and what to do.
 */
export function libraryFolderFlag(given: string, flag = '--library'): string {
  if (given.trim() === '')
    throw new QuireError(
      'LIBRARY_PATH_EMPTY',
      `${flag} was given an empty path. Name the library folder (for example ${flag} ~/quire-library), or leave ${flag} out to use the app's library.`,
    )
  const dir = path.resolve(given)
  const real = realPathOf(dir)
  if (process.platform === 'linux' && SYSTEM_FOLDERS.some((s) => real === s || real.startsWith(`${s}/`)))
    throw new QuireError(
      'LIBRARY_SYSTEM_FOLDER',
      `${flag} ${given} is one of the system's own folders (${real}), where no files can be kept. Name a folder of yours for the library, for example ${flag} ~/quire-library.`,
    )
  const stat = fs.statSync(dir, { throwIfNoEntry: false })
  if (stat && !stat.isDirectory())
    throw new QuireError(
      'LIBRARY_NOT_A_FOLDER',
      `${flag} ${given} is a file, not a folder. A library is a folder: name the folder to keep it in (it is created if missing), for example ${flag} ${path.dirname(given)}/quire-library.`,
    )
  return dir
}

/** `dir` with links resolved, as far as it exists (a new library's folder does not yet). */
function realPathOf(dir: string): string {
  let probe = dir
  const rest: string[] = []
  while (!fs.existsSync(probe) && path.dirname(probe) !== probe) {
    rest.unshift(path.basename(probe))
    probe = path.dirname(probe)
  }
  try {
    return path.join(fs.realpathSync(probe), ...rest)
  } catch {
    return dir
  }
}

/**
 * One line saying that the library folder also holds files that are not Quire's, or null: Quire
 * leaves them alone, and Delete removes only its own files (library-files.ts).
 */
export function otherFilesNote(dir: string): string | null {
  const { count, names } = otherFiles(dir, 3)
  if (count === 0) return null
  const shown = names.join(', ') + (count > names.length ? ', …' : '')
  const one = count === 1
  return `Note: the library folder ${dir} also holds ${count} ${one ? 'item' : 'items'} that ${one ? 'is' : 'are'} not Quire's (${shown}). Quire leaves ${one ? 'it' : 'them'} alone; deleting the library removes only Quire's own files.`
}
