// Where the reranker comes from: the folder imported in the app's Settings (kept in the settings
// file), or one a command line names with --reranker. Reranking is off when neither gives one.
import fs from 'node:fs'
import path from 'node:path'
import { QuireError } from '@shared/errors.js'
import { inspectRerankerDir } from '../engine/rerank/reranker-dir.js'
import type { Reranker } from '../engine/rerank/reranker.js'
import { readJsonFile } from './json-file.js'
import { quireHome } from './quire-home.js'
import { SETTINGS_FILE } from './settings-file.js'

/** `--reranker none`: no reranking, even when the app has a reranker imported. */
export const NO_RERANKER = 'none'

/** Where "Import reranker folder…" copies rerankers: beside the imported embedding models. */
export function rerankerRoot(modelsRoot: string): string {
  return path.join(modelsRoot, 'rerankers')
}

/**
 * The reranker folder a command line asks for: `--reranker DIR` must be a usable cross-encoder (a
 * flag that cannot be honoured is an error, never a quiet search without it), `--reranker none`
 * is none (null), and without the flag the one imported in the app's Settings, when still usable.
 */
export function rerankerFlag(
  explicit: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): string | null {
  if (explicit === undefined) {
    const saved = readJsonFile(path.join(quireHome(env), SETTINGS_FILE)) as { rerankerDir?: unknown } | null
    const dir = typeof saved?.rerankerDir === 'string' ? saved.rerankerDir : null
    const found = dir ? inspectRerankerDir(dir) : null
    return found?.ok ? found.dir : null
  }
  if (explicit === NO_RERANKER) return null
  const found = inspectRerankerDir(explicit)
  if (found.ok) return found.dir
  throw new QuireError(
    explicit.trim() && fs.existsSync(explicit) ? 'MODEL_INVALID' : 'MODEL_DIR_NOT_FOUND',
    `--reranker ${explicit} cannot be used: ${found.reason} Name a cross-encoder folder (docs/reranking.md), or give --reranker none.`,
  )
}

/**
 * Loads the reranker in dir (ONNX Runtime is imported only when there is one). Its scoring threads
 * run the import's worker script: `workerUrl` in a bundled build, which has its own path of it;
 * from the sources, the sources' one.
 */
export async function openReranker(dir: string | null, workerUrl?: URL | string): Promise<Reranker | null> {
  if (!dir) return null
  const { loadReranker } = await import('../engine/rerank/cross-encoder.js')
  const { DEFAULT_WORKER } = await import('../engine/worker/run-ingest-worker.js')
  return loadReranker(dir, { threadScript: workerUrl ?? DEFAULT_WORKER })
}
