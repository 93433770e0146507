import path from 'node:path'
import { packageRoot } from './package-root.js'
import { resolveModelDir } from '../engine/embed/model-dir.js'

export const DEFAULT_MODEL_NAME = 'all-MiniLM-L6-v2'

/** --model-dir wins, then QUIRE_MODEL_DIR, then the model fetched into resources/models/. */
export function defaultModelDir(explicit?: string): string {
  if (explicit) return path.resolve(explicit)
  if (process.env.QUIRE_MODEL_DIR) return path.resolve(process.env.QUIRE_MODEL_DIR)
  return path.join(packageRoot(), 'resources', 'models', DEFAULT_MODEL_NAME)
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
