// OCR accuracy and speed on a small sample of dev-corpus pages (OCR is slow and the machine is
// shared, so the sample is deliberately small: --pages, default 8). Each sampled page has a text
// layer; it is rasterised with poppler's pdftoppm at each dpi, recognised with the app's OcrEngine,
// and scored by word recall against pdf.js's own text of the page. Throughput is then measured on
// the real import path: the rasterised pages wrapped into one scanned PDF (no text layer) and
// parsed through the ParsePool, whose OCR engine runs one recogniser per core.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PDFDocument } from 'pdf-lib'
import { LOW_OCR_CONFIDENCE } from '../../src/shared/library-types.js'
import { extractPage, openPdf } from '../../src/main/engine/ingest/extract-pdf.js'
import { defaultOcrModel, OCR_MODELS, type OcrModel } from '../../src/main/engine/ocr/language-data.js'
import { OcrEngine } from '../../src/main/engine/ocr/ocr-engine.js'
import { defaultParseWorkers, ParsePool } from '../../src/main/engine/worker/parse-pool.js'
import { arg, cores, emit, ensureCorpus, log, ROOT } from '../lib/env.js'

const SAMPLE = Number(arg('pages', '8'))
const DPIS = arg('dpis', '150,200,300').split(',').map(Number)
const TPUT_DPI = Number(arg('throughput-dpi', '150'))
// Settings recognised side by side on the same pages, alternating: `grey` (raw grey pixels, what the
// app passes), `png` (the same pixels PNG-encoded, as the app passed them before), each optionally
// with tesseract parameters, and `model=` one of the recognition networks (language-data.ts; the
// app's default when not named): `grey+model=best_int`, `grey+tessedit_do_invert=0`.
const VARIANTS = arg('variants', 'grey+model=fast,grey+model=best_int')
  .split(',')
  .map((v) => {
    const [input, ...params] = v.split('+')
    if (input !== 'grey' && input !== 'png') throw new Error(`--variants: ${v} must start with grey or png`)
    const { model, ...parameters } = Object.fromEntries(params.map((p) => p.split('=') as [string, string]))
    if (model !== undefined && !(OCR_MODELS as readonly string[]).includes(model))
      throw new Error(`--variants: ${v}: model must be one of ${OCR_MODELS.join(', ')}`)
    return { name: v, input, model: (model ?? defaultOcrModel()) as OcrModel, parameters }
  })

const words = (s: string) => s.toLowerCase().match(/[a-z0-9]{2,}/g) ?? []

/** Share of the reference words (as a multiset) that OCR found. */
function recall(reference: string, got: string): number {
  const have = new Map<string, number>()
  for (const w of words(got)) have.set(w, (have.get(w) ?? 0) + 1)
  const want = words(reference)
  let hit = 0
  for (const w of want) {
    const n = have.get(w) ?? 0
    if (n > 0) {
      hit++
      have.set(w, n - 1)
    }
  }
  return want.length ? hit / want.length : 1
}

/** Pages spread evenly through each PDF, text-layer pages with real prose only. */
async function samplePages(): Promise<{ file: string; page: number; text: string }[]> {
  const pdfs = ensureCorpus()
  const perDoc = Math.ceil(SAMPLE / pdfs.length)
  const out: { file: string; page: number; text: string }[] = []
  for (const file of pdfs) {
    const doc = await openPdf(fs.readFileSync(file), path.basename(file))
    let taken = 0
    for (let k = 1; k <= perDoc * 3 && taken < perDoc; k++) {
      const page = Math.max(1, Math.round((doc.numPages * k) / (perDoc * 3 + 1)))
      const raw = await extractPage(doc, page)
      const text = raw.lines.map((l) => l.items.map((i) => i.str).join('')).join('\n')
      if (words(text).length < 150) continue
      out.push({ file, page, text })
      taken++
    }
    await doc.loadingTask.destroy()
  }
  return out.slice(0, SAMPLE)
}

function rasterise(file: string, page: number, dpi: number, dir: string, format = 'png'): Buffer {
  const base = path.join(dir, `p-${path.basename(file, '.pdf')}-${page}-${dpi}`)
  // -gray without -png writes binary PGM, which the recogniser reads as raw grey pixels.
  execFileSync('pdftoppm', [
    '-r',
    String(dpi),
    '-f',
    String(page),
    '-l',
    String(page),
    '-gray',
    ...(format === 'png' ? ['-png'] : []),
    '-singlefile',
    file,
    base,
  ])
  return fs.readFileSync(`${base}.${format}`)
}

type Run = { pages: number; wall: number; cpu: number; lowConfidence: number }

/** CPU seconds of every thread of this process. */
function cpuS(): number {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1e6
}

/**
 * The scan through a new ParsePool of the sources, then again through the same pool. Started as
 * the CLI starts it for an import: no warm-up parse (the document is waiting).
 */
async function importSources(scan: Uint8Array, workers: number): Promise<Record<'cold' | 'warm', Run>> {
  const pool = new ParsePool(workers, undefined, { warmUp: false })
  const out = {} as Record<'cold' | 'warm', Run>
  for (const phase of ['cold', 'warm'] as const) {
    const t = performance.now()
    const c0 = cpuS()
    const parsed = await pool.parse(scan, 'scan.pdf')
    const ocr = parsed.pages.filter((p) => p.ocr)
    out[phase] = {
      pages: ocr.length,
      wall: (performance.now() - t) / 1000,
      cpu: cpuS() - c0,
      // Pages read under the low-confidence mark: flagged, and their orientation checked (more CPU).
      lowConfidence: ocr.filter((p) => (p.ocr!.confidence ?? 0) < LOW_OCR_CONFIDENCE).length,
    }
  }
  await pool.close()
  return out
}

/** The same through the built bundle, in a plain Node child process (bench/lib/ocr-import-built.mjs). */
function importBuilt(scanFile: string, workers: number): Record<'cold' | 'warm', Run> {
  const script = path.join(ROOT, 'bench', 'lib', 'ocr-import-built.mjs')
  const out = execFileSync(
    process.execPath,
    [script, scanFile, String(workers), String(LOW_OCR_CONFIDENCE)],
    {
      encoding: 'utf8',
      env: process.env,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  return JSON.parse(out.trim().split('\n').at(-1)!) as Record<'cold' | 'warm', Run>
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-ocr-bench-'))
try {
  const pages = await samplePages()
  log(`ocr: ${pages.length} sampled pages`)
  const engines = VARIANTS.map(
    (v) => new OcrEngine('eng', { threads: 1, model: v.model, parameters: v.parameters }),
  )
  for (const engine of engines) await engine.recognize(rasterise(pages[0]!.file, pages[0]!.page, 72, tmp), 72) // load the model once
  // CPU seconds (all threads of this process) as well as wall time: on a shared, overloaded machine
  // wall time says more about the neighbours than about OCR; CPU time per page does not.
  const table: {
    dpi: number
    variant: string
    recall: number
    min_recall: number
    confidence: number
    min_confidence: number
    s_per_page_1_thread: number
    cpu_s_per_page: number
  }[] = []
  for (const dpi of DPIS) {
    const runs = VARIANTS.map(() => ({
      recalls: [] as number[],
      confidences: [] as number[],
      seconds: 0,
      cpu: 0,
    }))
    for (const [k, p] of pages.entries()) {
      const images = {
        png: rasterise(p.file, p.page, dpi, tmp),
        grey: rasterise(p.file, p.page, dpi, tmp, 'pgm'),
      }
      // Alternate which setting goes first, so neither always meets the warmer (or busier) moment.
      const order = VARIANTS.map((_, i) => i)
      if (k % 2) order.reverse()
      for (const i of order) {
        const t = performance.now()
        const c = cpuS()
        const r = await engines[i]!.recognize(images[VARIANTS[i]!.input as 'png' | 'grey'], dpi)
        runs[i]!.seconds += (performance.now() - t) / 1000
        runs[i]!.cpu += cpuS() - c
        // Mean word confidence: under LOW_OCR_CONFIDENCE a page is flagged and its orientation checked.
        runs[i]!.confidences.push(r.confidence ?? 0)
        runs[i]!.recalls.push(
          recall(p.text, r.lines.map((l) => l.words.map((w) => w.text).join(' ')).join('\n')),
        )
      }
    }
    for (const [i, run] of runs.entries()) {
      const row = {
        dpi,
        variant: VARIANTS[i]!.name,
        recall: Math.round((run.recalls.reduce((a, b) => a + b, 0) / run.recalls.length) * 1000) / 1000,
        min_recall: Math.round(Math.min(...run.recalls) * 1000) / 1000,
        confidence: Math.round(run.confidences.reduce((a, b) => a + b, 0) / run.confidences.length),
        min_confidence: Math.round(Math.min(...run.confidences)),
        s_per_page_1_thread: Math.round((run.seconds / pages.length) * 100) / 100,
        cpu_s_per_page: Math.round((run.cpu / pages.length) * 100) / 100,
      }
      log(
        `ocr ${dpi} dpi ${row.variant}: recall ${row.recall} (min ${row.min_recall}), confidence ${row.confidence} (min ${row.min_confidence}), ${row.cpu_s_per_page} CPU-s/page`,
      )
      table.push(row)
    }
  }
  await Promise.all(engines.map((e) => e.stop()))

  if (arg('throughput', 'yes') === 'no') {
    emit({
      sample_pages: pages.length,
      sample: pages.map((p) => `${path.basename(p.file)}#${p.page}`),
      table,
    })
    // process.exit skips the `finally` below: the rasterised pages are removed here.
    fs.rmSync(tmp, { recursive: true, force: true })
    process.exit(0)
  }
  // Throughput on the import path: one scanned PDF of all sampled pages (the common case: a scan
  // dropped on the window) through the ParsePool; its OCR engine reads as many pages at once as
  // there are cores, so one document keeps both busy. Each model of --throughput-models in turn
  // (its own pool: the pool's threads read QUIRE_OCR_MODEL when they start), alternating the
  // order over --rounds so neither always meets the busier moment.
  // As many extraction threads as an import starts on this machine (one per core beyond the
  // embedder's, at least one); each runs one recogniser per core.
  const workers = Number(arg('parse-threads', String(defaultParseWorkers())))
  const models = arg('throughput-models', 'fast,best_int').split(',') as OcrModel[]
  for (const m of models)
    if (!OCR_MODELS.includes(m)) throw new Error(`--throughput-models: unknown model ${m}`)
  const rounds = Number(arg('rounds', '1'))
  // `built` (default): the bundle `npm run build` makes, in a plain Node child process, as `quire
  // ingest` runs it. `sources`: the TypeScript sources in this process, whose threads each load tsx
  // and source-map the code they compile (several CPU-seconds per new pool an import never pays).
  // `built,sources` measures both, alternating.
  const parseWorkers = arg('parse-worker', 'built').split(',') as ('built' | 'sources')[]
  for (const w of parseWorkers)
    if (w !== 'built' && w !== 'sources') throw new Error(`--parse-worker: ${w} must be built or sources`)
  if (parseWorkers.includes('built') && !fs.existsSync(path.join(ROOT, 'out', 'main', 'cli.js')))
    throw new Error('out/main/cli.js is missing: run `npm run build` first (or pass --parse-worker sources)')
  const setups = models.flatMap((model) => parseWorkers.map((parseWorker) => ({ model, parseWorker })))
  const scanFile = path.join(tmp, 'scan.pdf')
  const doc = await PDFDocument.create()
  for (const p of pages) {
    const img = await doc.embedPng(rasterise(p.file, p.page, TPUT_DPI, tmp))
    const pg = doc.addPage([(img.width * 72) / TPUT_DPI, (img.height * 72) / TPUT_DPI])
    pg.drawImage(img, { x: 0, y: 0, width: pg.getWidth(), height: pg.getHeight() })
  }
  const scan = await doc.save()
  fs.writeFileSync(scanFile, scan)
  const fresh = () => ({ pages: 0, wall: 0, cpu: 0, lowConfidence: 0 })
  // `cold`: a new pool's first document (the CLI's import: thread, pdf.js and recognisers start,
  // model load); `warm`: the same scan again through that pool, as the app's long-lived pool reads
  // every scan after its first.
  const runs = setups.map(() => ({ cold: fresh(), warm: fresh() }))
  const load0 = os.loadavg()[0]!
  const envModel = process.env.QUIRE_OCR_MODEL
  try {
    for (let r = 0; r < rounds; r++) {
      const order = setups.map((_, i) => i)
      for (const i of r % 2 ? order.reverse() : order) {
        const { model, parseWorker } = setups[i]!
        process.env.QUIRE_OCR_MODEL = model
        const measured =
          parseWorker === 'built' ? importBuilt(scanFile, workers) : await importSources(scan, workers)
        for (const phase of ['cold', 'warm'] as const) {
          const run = runs[i]![phase]
          for (const k of ['pages', 'wall', 'cpu', 'lowConfidence'] as const) run[k] += measured[phase][k]
          log(
            `ocr throughput ${model} ${phase} (${parseWorker}): ${run.pages} pages so far, ${run.wall.toFixed(1)} s, ${run.cpu.toFixed(1)} CPU-s`,
          )
        }
      }
    }
  } finally {
    if (envModel === undefined) delete process.env.QUIRE_OCR_MODEL
    else process.env.QUIRE_OCR_MODEL = envModel
  }
  const per = (i: number, phase: 'cold' | 'warm') => {
    const run = runs[i]![phase]
    return {
      ...setups[i]!,
      phase,
      pages: run.pages,
      low_confidence_pages: run.lowConfidence,
      pages_per_s: Math.round((run.pages / run.wall) * 100) / 100,
      cpu_s_per_page: Math.round((run.cpu / run.pages) * 100) / 100,
      // What the same work gives when the cores are this process's alone: cores / CPU-s per page.
      pages_per_s_if_idle: Math.round((cores() / (run.cpu / run.pages)) * 100) / 100,
    }
  }
  const byModel = setups.flatMap((_, i) => [per(i, 'cold'), per(i, 'warm')])
  emit({
    sample_pages: pages.length,
    sample: pages.map((p) => `${path.basename(p.file)}#${p.page}`),
    table,
    throughput: {
      workers,
      scan_dpi: TPUT_DPI,
      rounds,
      // The first setup's cold figures at the top level (the app's default model, built, unless named otherwise).
      ...byModel[0],
      models: byModel,
      load_avg_1m_at_start: Math.round(load0 * 100) / 100,
      load_avg_1m_at_end: Math.round(os.loadavg()[0]! * 100) / 100,
      note: 'one scanned PDF on the import path (detection, pdf.js rendering at the OCR dpi, recognition, one recogniser per core); cold: a new pool, thread and recogniser start and model load included; warm: the same PDF again through that pool; parse_worker built: the bundle in plain Node, as quire ingest runs, sources: the TypeScript sources under tsx',
    },
  })
} finally {
  fs.rmSync(tmp, { recursive: true, force: true })
}
