// Finding, validating and importing embedding-model folders (the layout of a Hugging Face transformers.js
// repo: config.json, tokenizer files, onnx/model_quantized.onnx or onnx/model.onnx).
import { createHash, randomUUID } from 'node:crypto'
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs'
import { cp, mkdir, rename, rm } from 'node:fs/promises'
import { basename, join, resolve } from 'node:path'
import { PINNED_MODEL as manifest } from './pinned-model.js'

export type ModelDirCheck = { ok: true; modelId: string; dir: string } | { ok: false; reason: string }

const REQUIRED_FILES = ['config.json', 'tokenizer.json', 'tokenizer_config.json']
const ONNX_FILES = ['onnx/model_quantized.onnx', 'onnx/model.onnx']
/** Optional file naming the model; without it the folder name is the model id. */
export const MODEL_INFO_FILE = 'quire-model.json'

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile()
  } catch {
    return false
  }
}

/** The model id from quire-model.json when present and well-formed, else the folder name. */
export function readModelId(dir: string): string {
  const infoPath = join(dir, MODEL_INFO_FILE)
  if (existsSync(infoPath)) {
    try {
      const info = JSON.parse(readFileSync(infoPath, 'utf8')) as { modelId?: unknown }
      if (typeof info.modelId === 'string' && info.modelId.trim()) return info.modelId.trim()
    } catch {
      // A broken info file should not make a usable model unusable; fall back to the folder name.
    }
  }
  return basename(resolve(dir))
}

/** Checks that dir holds every file the loader needs; the reason names the first thing missing. */
export function inspectModelDir(dir: string): ModelDirCheck {
  const abs = resolve(dir)
  let isDir: boolean
  try {
    isDir = statSync(abs).isDirectory()
  } catch {
    return { ok: false, reason: `Model folder not found: ${abs}` }
  }
  if (!isDir) return { ok: false, reason: `Not a folder: ${abs}` }
  for (const file of REQUIRED_FILES) {
    if (!isFile(join(abs, file))) return { ok: false, reason: `Model folder ${abs} is missing ${file}` }
  }
  if (!ONNX_FILES.some((f) => isFile(join(abs, f)))) {
    return { ok: false, reason: `Model folder ${abs} is missing ${ONNX_FILES.join(' (or ')})` }
  }
  return { ok: true, modelId: readModelId(abs), dir: abs }
}

/** The first valid model folder among the candidates, in order; unset candidates are skipped. */
export function resolveModelDir(candidates: (string | undefined | null)[]): ModelDirCheck {
  const looked: string[] = []
  for (const candidate of candidates) {
    if (!candidate) continue
    const check = inspectModelDir(candidate)
    if (check.ok) return check
    looked.push(check.reason)
  }
  if (looked.length === 0) return { ok: false, reason: 'No embedding model folder was configured.' }
  return { ok: false, reason: `No usable embedding model found. Looked in:\n- ${looked.join('\n- ')}` }
}

export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

/** Pinned hashes apply only to the model the manifest describes, recognised by id or folder name. */
function pinnedHashesFor(modelId: string, folderName: string): Map<string, string> {
  const known = modelId === manifest.modelId || folderName === manifest.folder
  // A null hash means "not pinned yet": nothing to compare against.
  return new Map(known ? manifest.files.flatMap((f) => (f.sha256 ? [[f.path, f.sha256] as const] : [])) : [])
}

async function verifyPinnedHashes(dir: string, modelId: string, folderName: string): Promise<void> {
  for (const [path, expected] of pinnedHashesFor(modelId, folderName)) {
    const file = join(dir, path)
    if (!isFile(file)) continue
    const actual = await sha256File(file)
    if (actual !== expected) {
      throw new Error(
        `${path} in the model folder does not match the pinned ${manifest.modelId} revision ` +
          `${manifest.revision} (SHA-256 ${actual}, expected ${expected}). Re-download it with npm run fetch-model.`,
      )
    }
  }
}

/**
 * Copies a model folder into destRoot/<folder name> and returns that path. The copy goes to a temp folder
 * in destRoot first and is renamed into place only once complete and verified, so an interrupted import
 * never leaves a half-copied model where the loader would pick it up. An existing model of the same name
 * is replaced.
 */
export async function importModelFolder(src: string, destRoot: string): Promise<string> {
  const check = inspectModelDir(src)
  if (!check.ok) throw new Error(check.reason)
  const name = basename(check.dir)
  const root = resolve(destRoot)
  const dest = join(root, name)
  if (dest === check.dir) return dest

  await mkdir(root, { recursive: true })
  const stamp = randomUUID()
  const tmp = join(root, `.${name}.importing-${stamp}`)
  const old = join(root, `.${name}.replaced-${stamp}`)
  let movedAside = false
  try {
    // A git clone of the Hub repo carries .git (history of every weight file): not part of the model.
    await cp(check.dir, tmp, { recursive: true, filter: (from) => basename(from) !== '.git' })
    // Hash the copy, not the source: it is what will be loaded.
    await verifyPinnedHashes(tmp, check.modelId, name)
    if (existsSync(dest)) {
      await rename(dest, old)
      movedAside = true
    }
    await rename(tmp, dest)
  } catch (err) {
    // Put the previous model back rather than leave the user with none.
    if (movedAside && !existsSync(dest)) await rename(old, dest).catch(() => undefined)
    throw err
  } finally {
    await rm(tmp, { recursive: true, force: true })
    await rm(old, { recursive: true, force: true })
  }
  return dest
}
