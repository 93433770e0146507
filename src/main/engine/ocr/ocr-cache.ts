import { createHash } from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { OcrResult } from './ocr-engine.js'

/**
 * A cache of recognised pages for evaluations and benchmarks only (`QUIRE_OCR_CACHE=DIR`): OCR
 * costs seconds of CPU per page, and retrieval on scans (scripts/eval/eval-on-scans.ts) re-imports
 * the same scanned pages after every change to how words become lines and passages. The app never
 * sets it — a cache would be a copy of confidential text outside the library — so without the
 * variable nothing is read or written.
 *
 * Keyed by the rendered image's SHA-256, its dpi and the recogniser's version and settings, so a
 * change to rendering or recognition misses instead of serving stale words.
 */
export function ocrCacheDir(): string | null {
  const dir = process.env.QUIRE_OCR_CACHE
  return dir ? path.resolve(dir) : null
}

const localRequire = createRequire(import.meta.url)
let engineKey: string | null = null

/** The recogniser's identity: tesseract.js's version and the settings passed in. */
export function engineIdentity(settings: string): string {
  if (engineKey === null) {
    const pkg = JSON.parse(fs.readFileSync(localRequire.resolve('tesseract.js/package.json'), 'utf8')) as {
      version: string
    }
    engineKey = pkg.version
  }
  return `${engineKey}\n${settings}`
}

function entryPath(dir: string, image: Buffer, dpi: number, settings: string): string {
  const h = createHash('sha256')
  h.update(engineIdentity(settings)).update(`\n${dpi}\n`).update(image)
  return path.join(dir, `${h.digest('hex')}.json`)
}

/**
 * `recognize(image)` through the cache when `QUIRE_OCR_CACHE` is set; `settings` names everything
 * else that changes the result (language data, engine parameters, orientation handling).
 */
export async function cachedRecognition(
  image: Buffer,
  dpi: number,
  settings: string,
  recognize: () => Promise<OcrResult>,
): Promise<OcrResult> {
  const dir = ocrCacheDir()
  if (!dir) return recognize()
  const file = entryPath(dir, image, dpi, settings)
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as OcrResult
  } catch {
    // Not cached yet (or a torn entry): recognise and store.
  }
  const result = await recognize()
  fs.mkdirSync(dir, { recursive: true })
  // Written under a temporary name first: a parallel reader never sees half an entry.
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.part`
  fs.writeFileSync(tmp, JSON.stringify(result))
  fs.renameSync(tmp, file)
  return result
}
