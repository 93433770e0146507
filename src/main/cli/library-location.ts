import fs from 'node:fs'
import path from 'node:path'
import { QuireError } from '@shared/errors.js'
import { DB_FILE } from '../engine/store/db-file.js'
import { defaultLibraryDir } from '../services/quire-home.js'
import { libraryFolderFlag } from '../services/library-folder.js'

/**
 * The library a command works on: --library when given, else the app's own library, so
 * `quire ask "…"` works right after importing in the app. Only `ingest` may create one: anywhere
 * else a folder without a library is a mistyped path, and an empty new library would only ever
 * answer "Not found".
 */
export function resolveLibrary(
  explicit: string | undefined,
  opts: { create: boolean },
  env: NodeJS.ProcessEnv = process.env,
): string {
  // An empty --library is refused, never taken as the current folder.
  const dir = explicit !== undefined ? libraryFolderFlag(explicit) : path.resolve(defaultLibraryDir(env))
  if (opts.create || fs.existsSync(path.join(dir, DB_FILE))) return dir
  const where = explicit ? `--library ${explicit}` : `the app's library (${dir})`
  throw new QuireError(
    'LIBRARY_NOT_FOUND',
    `There is no Quire library at ${where}. Check the path, or import documents first: quire ingest <file-or-folder>${
      explicit ? ` --library ${explicit}` : ''
    }`,
  )
}

export const LIBRARY_HELP =
  "library folder (default: the app's library, $QUIRE_HOME/library or the platform data folder)"
