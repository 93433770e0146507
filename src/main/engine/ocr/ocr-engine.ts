import { createRequire } from 'node:module'
import { availableParallelism } from 'node:os'
import path from 'node:path'
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js'
import { QuireError } from '@shared/errors.js'
import { darkShare, type GreyImage, pgmBytes } from './grey-image.js'
import { MIN_ORIENTATION_CONFIDENCE, type Turn } from './page-turn.js'
import { defaultOcrModel, languageData, type OcrLanguage, type OcrModel } from './language-data.js'
import type { RecognitionSlots } from './recognition-slots.js'

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

export { OCR_LANGUAGES, type OcrLanguage, type OcrModel } from './language-data.js'

const localRequire = createRequire(import.meta.url)

/**
 * Tesseract prints notes ("Detected 133 diacritics", "Invalid resolution 0 dpi") to the process's
 * stdout, where they would break `quire ingest --json`; its debug file is the wasm file system's
 * null device instead.
 */
const QUIET = { debug_file: '/dev/null' } as const

/**
 * Set once per worker. Automatic page segmentation (columns, tables, headings) as on any scan.
 */
export const RECOGNITION_PARAMETERS = {
  tessedit_pageseg_mode: PSM.AUTO,
  preserve_interword_spaces: '0',
  ...QUIET,
} as const

/**
 * Tesseract parameters read only when a recogniser is initialised (`*_INIT_MEMBER` in tesseract's
 * sources, the list tesseract.js warns about): set later they are ignored, so they go in the
 * worker's init config instead.
 */
const INIT_ONLY = new Set([
  'load_system_dawg',
  'load_freq_dawg',
  'load_unambig_dawg',
  'load_punc_dawg',
  'load_number_dawg',
  'load_bigram_dawg',
  'user_words_suffix',
  'user_patterns_suffix',
  'language_model_ngram_on',
  'language_model_use_sigmoidal_certainty',
  // Read once, when the LSTM network loads: 0 loads it without its word list. The load_*_dawg
  // switches do not reach the LSTM's own dictionary (same words and confidences with them off).
  'lstm_use_matrix',
])

/** Parameters split into those given at initialisation and those set afterwards. */
export function splitInitOnly(params: Record<string, string>): {
  init: Record<string, string>
  later: Record<string, string>
} {
  const init: Record<string, string> = {}
  const later: Record<string, string> = {}
  for (const [k, v] of Object.entries(params)) (INIT_ONLY.has(k) ? init : later)[k] = v
  return { init, later }
}

/**
 * Folder holding `osd.traineddata.gz`, tesseract's orientation and script detection data
 * (`@tesseract.js-data/osd`); it runs on tesseract's legacy engine, which only it needs.
 */
export function orientationDataDir(): string {
  return dataDir('@tesseract.js-data/osd', '4.0.0')
}

/** A folder of an npm package, unpacked from the packaged app's asar archive. */
function dataDir(pkgName: string, variant: string): string {
  const pkg = path.dirname(localRequire.resolve(`${pkgName}/package.json`))
  return path.join(pkg, variant).replace('app.asar' + path.sep, 'app.asar.unpacked' + path.sep)
}

/** tesseract.js's Node worker script, from node_modules (it loads the wasm core with require()). */
function workerScript(): string {
  const pkg = path.dirname(localRequire.resolve('tesseract.js/package.json'))
  return path
    .join(pkg, 'src', 'worker-script', 'node', 'index.js')
    .replace('app.asar' + path.sep, 'app.asar.unpacked' + path.sep)
}

/** Recognisers an engine runs at most: one per core, so a single scanned document keeps both busy. */
export const DEFAULT_OCR_THREADS = Math.max(1, Math.min(2, availableParallelism()))

export interface OcrEngineOptions {
  /** Pages recognised at once, each on its own tesseract.js worker thread, started on demand. */
  threads?: number
  /** The recognition network (language-data.ts); default `fast`, or QUIRE_OCR_MODEL. */
  model?: OcrModel
  /** Tesseract parameters over the app's own (the OCR bench compares settings side by side). */
  parameters?: Record<string, string>
  /**
   * Shared with the other engines of a ParsePool's threads: pages recognised at once across all of
   * them stay within the cores, however many scans the threads import at the same time.
   */
  slots?: RecognitionSlots
}

/**
 * A few tesseract.js workers (each its own thread running the wasm core), started when the first
 * pages arrive and kept for the engine's life: loading the language data costs about a second.
 * Recognising a page cannot be interrupted inside the wasm call, so cancelling terminates the
 * workers: the pages stop at once and the next page starts fresh ones.
 */
export class OcrEngine {
  readonly threads: number
  private readonly chosenModel: OcrModel | undefined
  private readonly parameters: Record<string, string>
  private readonly slots: RecognitionSlots | undefined
  private started: Promise<Worker>[] = []
  private idle: Promise<Worker>[] = []
  private waiting: ((w: Promise<Worker>) => void)[] = []
  private osd: Promise<Worker> | null = null

  constructor(
    readonly lang: OcrLanguage = 'eng',
    opts: OcrEngineOptions = {},
  ) {
    this.threads = Math.max(1, opts.threads ?? DEFAULT_OCR_THREADS)
    this.chosenModel = opts.model
    this.parameters = { ...RECOGNITION_PARAMETERS, ...opts.parameters }
    this.slots = opts.slots
  }

  /**
   * The recognition network: the one chosen, else QUIRE_OCR_MODEL's, else `fast`. Read when a page
   * is recognised, so a wrong QUIRE_OCR_MODEL fails that import with its message, not the thread.
   */
  get model(): OcrModel {
    return this.chosenModel ?? defaultOcrModel()
  }

  private startWorker(): Promise<Worker> {
    const w = (async () => {
      const data = await languageData(this.lang, this.model)
      const { init, later } = splitInitOnly(this.parameters)
      const worker = await createWorker(
        this.lang,
        OEM.LSTM_ONLY,
        {
          langPath: data.dir,
          workerPath: workerScript(),
          gzip: data.gzip,
          // 'none': read the language data straight from the package, write no cache copy anywhere.
          cacheMethod: 'none',
          workerBlobURL: false,
        },
        init,
      )
      await worker.setParameters(later)
      return worker
    })()
    this.started.push(w)
    return w
  }

  /**
   * Starts recognisers for `pages` waiting pages now (at most `threads` in all), so their start —
   * worker thread, wasm core, model load, about half a CPU-second each — runs while the pages are
   * found and rendered instead of after. A start that fails fails the page that takes its worker.
   */
  prestart(pages: number): void {
    while (this.started.length < Math.min(this.threads, pages)) {
      const w = this.startWorker()
      w.catch(() => undefined) // heard by the page that takes it
      this.idle.push(w)
    }
  }

  /** Recognisers started and not stopped (the stage's tests check that none start early). */
  get running(): number {
    return this.started.length
  }

  /** An idle worker, a new one while fewer than `threads` run, else the next one released. */
  private acquire(): Promise<Worker> {
    const idle = this.idle.pop()
    if (idle) return idle
    if (this.started.length < this.threads) return this.startWorker()
    return new Promise<Promise<Worker>>((resolve) => this.waiting.push(resolve)).then((w) => w)
  }

  private release(w: Promise<Worker>): void {
    if (!this.started.includes(w)) return // stopped meanwhile
    const next = this.waiting.shift()
    if (next) next(w)
    else this.idle.push(w)
  }

  /**
   * Recognises one page image scanned at `dpi` (stated, so tesseract does not guess it and print
   * its guess): grey pixels, or encoded bytes tesseract reads (PNG, JPEG, PNM). Throws CANCELLED
   * when the signal fires mid-page.
   */
  async recognize(image: OcrImage, dpi: number, signal?: AbortSignal): Promise<OcrResult> {
    if (signal?.aborted) throw cancelled()
    const slot = this.acquire()
    try {
      const res = await this.withCore(
        () =>
          this.unlessAborted(
            slot.then(async (worker) => {
              await worker.setParameters({
                user_defined_dpi: String(Math.round(dpi)),
                tessedit_do_invert: this.parameters.tessedit_do_invert ?? invertPass(image),
              })
              return worker.recognize(imageBytes(image), {}, { tsv: true, text: false })
            }),
            signal,
          ),
        signal,
      )
      return parseTsv(res.data.tsv ?? '')
    } finally {
      this.release(slot)
    }
  }

  /**
   * The clockwise turn that makes a page image upright (tesseract's orientation detection), or
   * null when it is upright or the page has too little text to tell. Its worker starts on the first
   * call: most imports never need it.
   */
  async orientation(image: OcrImage, dpi: number, signal?: AbortSignal): Promise<Turn | null> {
    if (signal?.aborted) throw cancelled()
    this.osd ??= createWorker('osd', OEM.TESSERACT_ONLY, {
      langPath: orientationDataDir(),
      workerPath: workerScript(),
      gzip: true,
      cacheMethod: 'none',
      workerBlobURL: false,
      legacyCore: true,
      legacyLang: true,
    })
    const osd = this.osd
    const res = await this.withCore(
      () =>
        this.unlessAborted(
          osd.then(async (w) => {
            await w.setParameters({ user_defined_dpi: String(Math.round(dpi)), ...QUIET })
            return w.detect(imageBytes(image))
          }),
          signal,
        ),
      signal,
    )
    const deg = res.data.orientation_degrees as number | null
    const conf = res.data.orientation_confidence as number | null
    if ((conf ?? 0) < MIN_ORIENTATION_CONFIDENCE) return null
    return deg === 90 || deg === 180 || deg === 270 ? deg : null
  }

  /**
   * Runs `work` holding one of the shared recognition slots, if the engine has them. A slot given
   * up for a cancel is handed back as soon as it is granted, so none is lost.
   */
  private async withCore<T>(work: () => Promise<T>, signal: AbortSignal | undefined): Promise<T> {
    const slots = this.slots
    if (!slots) return work()
    const held = slots.acquire()
    try {
      await this.unlessAborted(held, signal)
    } catch (err) {
      void held.then(() => slots.release())
      throw err
    }
    try {
      return await work()
    } finally {
      slots.release()
    }
  }

  /**
   * Waits for `work` unless the signal fires first: then every worker is stopped (tesseract cannot
   * drop a page half-read, ending its thread is the only way to stop within a page) and the wait
   * rejects with CANCELLED.
   */
  private async unlessAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
    let onAbort: (() => void) | null = null
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => {
        void this.stop()
        reject(cancelled())
      }
      signal?.addEventListener('abort', onAbort, { once: true })
    })
    try {
      return await Promise.race([work, aborted])
    } finally {
      if (onAbort) signal?.removeEventListener('abort', onAbort)
      aborted.catch(() => undefined)
    }
  }

  /** Ends the worker threads; a later recognize() starts new ones. */
  async stop(): Promise<void> {
    const all = this.osd ? [...this.started, this.osd] : this.started
    this.osd = null
    this.started = []
    this.idle = []
    // Anyone queued for a worker gets a stopped one and fails like the page it waited behind.
    const gone = Promise.reject(cancelled())
    gone.catch(() => undefined)
    for (const wake of this.waiting.splice(0)) wake(gone)
    await Promise.all(all.map(async (w) => (await w.catch(() => null))?.terminate().catch(() => undefined)))
  }
}

/**
 * Pages whose share of dark pixels reaches this may hold light-on-dark text (inverted headings and
 * boxes, negatives, dark photos with captions); pages of dark-on-light text have 2–9%.
 */
export const MAY_HOLD_INVERTED_TEXT = 0.15

/**
 * Tesseract reads every line it is unsure of (confidence < 0.7) a second time inverted, in case it
 * is light-on-dark text. On a page of dark-on-light text those second readings never win and
 * cost 12% of the page's CPU (BENCHMARKS.md, "OCR"), so the pass runs only on pages dark enough to
 * hold inverted text. Encoded images (bytes) keep tesseract's default.
 */
function invertPass(image: OcrImage): '0' | '1' {
  return Buffer.isBuffer(image) || darkShare(image) >= MAY_HOLD_INVERTED_TEXT ? '1' : '0'
}

/** A page image for the recogniser: grey pixels, or the bytes of an image file tesseract reads. */
export type OcrImage = GreyImage | Buffer

const imageBytes = (image: OcrImage): Buffer => (Buffer.isBuffer(image) ? image : pgmBytes(image))

const cancelled = () => new QuireError('CANCELLED', 'Import cancelled.')

/**
 * Words from tesseract's TSV output (level 5 rows: block, paragraph, line, word numbers, box,
 * confidence, text), grouped into lines. TSV rather than tesseract.js's `blocks` tree: the same
 * words and boxes, written by tesseract itself instead of walked symbol by symbol in JavaScript —
 * 10% less CPU per page measured on dev-corpus pages (BENCHMARKS.md, "OCR").
 */
export function parseTsv(tsv: string): OcrResult {
  const lines: OcrLine[] = []
  let current: OcrWord[] = []
  let lineKey = ''
  let confSum = 0
  let count = 0
  const endLine = () => {
    if (current.length) lines.push({ words: current })
    current = []
  }
  for (const row of tsv.split('\n')) {
    const f = row.split('\t')
    if (f[0] !== '5' || f.length < 12) continue
    const text = f.slice(11).join('\t').trim()
    if (!text) continue
    const key = `${f[1]}.${f[2]}.${f[3]}.${f[4]}`
    if (key !== lineKey) {
      endLine()
      lineKey = key
    }
    const [left, top, width, height, conf] = f.slice(6, 11).map(Number) as [
      number,
      number,
      number,
      number,
      number,
    ]
    current.push({ text, confidence: conf, x0: left, y0: top, x1: left + width, y1: top + height })
    confSum += conf
    count++
  }
  endLine()
  return { lines, confidence: count ? confSum / count : null }
}
