import { createRequire } from 'node:module'
import path from 'node:path'
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js'
import { QuireError } from '@shared/errors.js'

/** One recognised word: its text, confidence (0–100) and box in image pixels (top-left origin). */
export interface OcrWord {
  text: string
  confidence: number
  x0: number
  y0: number
  x1: number
  y1: number
}

/** A recognised line: its words in reading order. */
export interface OcrLine {
  words: OcrWord[]
}

export interface OcrResult {
  lines: OcrLine[]
  /** Mean word confidence, 0–100; null when no word was found. */
  confidence: number | null
}

/** Languages whose data ships in an npm package; English only for now (see README, "Scanned documents"). */
export const OCR_LANGUAGES = { eng: '@tesseract.js-data/eng' } as const
export type OcrLanguage = keyof typeof OCR_LANGUAGES

const localRequire = createRequire(import.meta.url)

/**
 * Folder holding `<lang>.traineddata.gz`. The LSTM "best_int" model: tesseract.js's own choice for
 * its default LSTM engine, a quarter of the size of the legacy+LSTM data. Resolved from
 * node_modules (or the packaged app's unpacked resources): never a URL, so nothing is fetched.
 */
export function languageDataDir(lang: OcrLanguage = 'eng'): string {
  const pkg = path.dirname(localRequire.resolve(`${OCR_LANGUAGES[lang]}/package.json`))
  return path.join(pkg, '4.0.0_best_int').replace('app.asar' + path.sep, 'app.asar.unpacked' + path.sep)
}

/** tesseract.js's Node worker script, from node_modules (it loads the wasm core with require()). */
function workerScript(): string {
  const pkg = path.dirname(localRequire.resolve('tesseract.js/package.json'))
  return path
    .join(pkg, 'src', 'worker-script', 'node', 'index.js')
    .replace('app.asar' + path.sep, 'app.asar.unpacked' + path.sep)
}

/**
 * One tesseract.js worker (its own thread running the wasm core). Recognising a page cannot be
 * interrupted inside the wasm call, so cancelling terminates the worker: the page stops at once and
 * the next page starts a fresh one.
 */
export class OcrEngine {
  private worker: Promise<Worker> | null = null

  constructor(private readonly lang: OcrLanguage = 'eng') {}

  private start(): Promise<Worker> {
    this.worker ??= (async () => {
      const w = await createWorker(this.lang, OEM.LSTM_ONLY, {
        langPath: languageDataDir(this.lang),
        workerPath: workerScript(),
        gzip: true,
        // 'none': read the language data straight from the package, write no cache copy anywhere.
        cacheMethod: 'none',
        workerBlobURL: false,
      })
      await w.setParameters({ tessedit_pageseg_mode: PSM.AUTO, preserve_interword_spaces: '0' })
      return w
    })()
    return this.worker
  }

  /**
   * Recognises one image (PNG/JPEG bytes) scanned at `dpi` (stated, so tesseract does not guess it
   * and print its guess). Throws CANCELLED when the signal fires mid-page.
   */
  async recognize(image: Buffer, dpi: number, signal?: AbortSignal): Promise<OcrResult> {
    if (signal?.aborted) throw cancelled()
    const worker = await this.start()
    await worker.setParameters({ user_defined_dpi: String(Math.round(dpi)) })
    let onAbort: (() => void) | null = null
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => {
        void this.stop()
        reject(cancelled())
      }
      signal?.addEventListener('abort', onAbort, { once: true })
    })
    try {
      const res = await Promise.race([worker.recognize(image, {}, { blocks: true, text: false }), aborted])
      return toResult(res.data.blocks ?? [])
    } finally {
      if (onAbort) signal?.removeEventListener('abort', onAbort)
      aborted.catch(() => undefined)
    }
  }

  /** Ends the worker thread; a later recognize() starts a new one. */
  async stop(): Promise<void> {
    const w = this.worker
    this.worker = null
    if (w) await (await w.catch(() => null))?.terminate().catch(() => undefined)
  }
}

const cancelled = () => new QuireError('CANCELLED', 'Import cancelled.')

type Blocks = NonNullable<Awaited<ReturnType<Worker['recognize']>>['data']['blocks']>

function toResult(blocks: Blocks): OcrResult {
  const lines: OcrLine[] = []
  let confSum = 0
  let count = 0
  for (const b of blocks)
    for (const p of b.paragraphs)
      for (const l of p.lines) {
        const words = l.words
          .filter((w) => w.text.trim().length > 0)
          .map((w) => ({ text: w.text.trim(), confidence: w.confidence, ...w.bbox }))
        if (words.length === 0) continue
        for (const w of words) {
          confSum += w.confidence
          count++
        }
        lines.push({ words })
      }
  return { lines, confidence: count ? confSum / count : null }
}
