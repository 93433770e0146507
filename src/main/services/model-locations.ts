import fs from 'node:fs'
import path from 'node:path'
import { packageRoot } from './package-root.js'
import { QuireError } from '@shared/errors.js'
import { inspectModelDir, resolveModelDir } from '../engine/embed/model-dir.js'
import { readJsonFile } from './json-file.js'
import { quireHome } from './quire-home.js'
import { SETTINGS_FILE } from './settings-file.js'

export const DEFAULT_MODEL_NAME = 'all-MiniLM-L6-v2'

/**
 * The CLI's embedding model: --model-dir wins, then QUIRE_MODEL_DIR, then the one the app uses —
 * a model imported in the app's Settings (its data folder, see quireHome), else the model fetched
 * into resources/models/ — so the CLI searches the app's library the way the app does.
 */
export function defaultModelDir(explicit?: string, env: NodeJS.ProcessEnv = process.env): string {
  if (explicit) return path.resolve(explicit)
  if (env.QUIRE_MODEL_DIR) return path.resolve(env.QUIRE_MODEL_DIR)
  const home = quireHome(env)
  const saved = readJsonFile(path.join(home, SETTINGS_FILE)) as { embeddingModelDir?: unknown } | null
  const imported = typeof saved?.embeddingModelDir === 'string' ? saved.embeddingModelDir : null
  return pickModelDir({ bundledDir: bundledModelDir(), userRoot: path.join(home, 'models') }, imported)
}

/**
 * The model shipped with Quire: beside the packaged app (Electron's resources folder, where the
 * `quire` command the app installs runs the CLI), else the one fetched into resources/models.
 */
function bundledModelDir(): string {
  const fetched = path.join(packageRoot(), 'resources', 'models', DEFAULT_MODEL_NAME)
  const resources = (process as { resourcesPath?: string }).resourcesPath
  const packaged = resources ? path.join(resources, 'models', DEFAULT_MODEL_NAME) : null
  return packaged && fs.existsSync(packaged) ? packaged : fetched
}

/** `--model-dir none`: keyword-only search, on purpose. */
export const NO_MODEL = 'none'

/**
 * The model folder a command line asks for: `--model-dir DIR` must be a usable model (a flag the
 * user gave and that cannot be honoured is an error, not a quiet fall back to keyword-only
 * search), `--model-dir none` is keyword-only (null), and without the flag the app's model is used
 * when there is one (defaultModelDir).
 */
export function modelDirFlag(
  explicit: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): string | null {
  if (explicit === undefined) return defaultModelDir(undefined, env)
  if (explicit === NO_MODEL) return null
  if (explicit.trim() === '')
    throw new QuireError(
      'MODEL_DIR_NOT_FOUND',
      '--model-dir was given an empty path. Name the embedding model folder, or give --model-dir none for keyword-only search.',
    )
  const found = inspectModelDir(explicit)
  if (found.ok) return found.dir
  throw new QuireError(
    fs.existsSync(explicit) ? 'MODEL_INVALID' : 'MODEL_DIR_NOT_FOUND',
    `--model-dir ${explicit} cannot be used: ${found.reason}. Name a folder holding an embedding model (npm run fetch-model puts one in resources/models), or give --model-dir none for keyword-only search.`,
  )
}

export interface ModelLocations {
  /** The model shipped with the app: `<resources>/models/all-MiniLM-L6-v2`. */
  bundledDir: string
  /** Where "import model folder…" copies models: `<userData>/models`. */
  userRoot: string
}

/**
 * The embedding model folder to open the library with: the last imported one, then an imported
 * copy of the default model, then the bundled one. When none is usable the bundled path is
 * returned, so the keyword-mode reason names where the model was expected.
 */
export function pickModelDir(locations: ModelLocations, lastImported: string | null): string {
  const found = resolveModelDir([
    lastImported,
    path.join(locations.userRoot, DEFAULT_MODEL_NAME),
    locations.bundledDir,
  ])
  return found.ok ? found.dir : locations.bundledDir
}
