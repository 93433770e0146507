// Retrieval on scans against the same documents with their text layer (docs/ocr.md,
// BENCHMARKS.md "OCR"): builds a scanned copy of the documents (make-scanned-corpus.ts), then runs
// `npm run eval` on the text-layer documents and on the scanned copy (imported through OCR) with
// the same questions, and prints both result lines and the hit@5 difference (and hit@5 by the gold
// page alone, which sets OCR misreadings of the eval's required strings apart from ranking).
//
//   npx tsx scripts/eval/eval-on-scans.ts --qa QA.jsonl --docs DIR --work DIR [--only a.pdf,b.pdf:40] [--dpi 150] [--tune key=value …]
//
// --only keeps a subset of the documents (and the questions about them, plus the negatives); `b.pdf:40`
// keeps only the first 40 pages of b.pdf (on both sides) and the questions whose gold pages are all
// among them: OCR costs seconds of CPU per page, so on a busy machine the whole corpus may not fit.
// --work holds the scanned copy and an OCR cache (QUIRE_OCR_CACHE, ocr-cache.ts), so a re-run
// recognises no page twice; both libraries are imported afresh every run, so a change to cleaning
// or chunking is always measured. --tune passes retrieval constants (retrieve/tuning.ts) to both
// evaluations, e.g. `--tune foldOcrConfusions=0` for retrieval without OCR-confusable folding.
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { PDFDocument } from 'pdf-lib'
import { readRecords } from './eval-sets.js'
import { runScript } from './run-script.js'

const { values } = parseArgs({
  options: {
    qa: { type: 'string' },
    docs: { type: 'string' },
    work: { type: 'string' },
    only: { type: 'string' },
    dpi: { type: 'string', default: '150' },
    tune: { type: 'string', multiple: true, default: [] },
  },
})
if (!values.qa || !values.docs || !values.work) {
  console.error(
    'usage: npx tsx scripts/eval/eval-on-scans.ts --qa QA.jsonl --docs DIR --work DIR [--only a.pdf,b.pdf:40] [--dpi 150] [--tune key=value …]',
  )
  process.exit(2)
}
const work = path.resolve(values.work)
const docs = path.resolve(values.docs)
const all = fs.readdirSync(docs).filter((f) => f.toLowerCase().endsWith('.pdf'))
// Each chosen document with the number of leading pages kept (Infinity: all of them).
const chosen = new Map<string, number>(
  (values.only ? values.only.split(',').map((s) => s.trim()) : all).map((entry) => {
    const m = /^(.*?)(?::(\d+))?$/.exec(entry)!
    return [m[1]!, m[2] ? Number(m[2]) : Infinity]
  }),
)
const only = [...chosen.keys()]
const missing = only.filter((f) => !all.includes(f))
if (missing.length) {
  console.error(`eval-on-scans: not in ${docs}: ${missing.join(', ')}`)
  process.exit(2)
}

// The text-layer side: the chosen documents copied into their own folder (the import does not
// follow links inside folders). Both folders hold exactly this run's documents; a scanned copy
// whose source changed (another page range) is made again.
const textDir = path.join(work, 'text')
const scanDir = path.join(work, `scan-${values.dpi}`)
for (const dir of [textDir, scanDir]) {
  fs.mkdirSync(dir, { recursive: true })
  for (const f of fs.readdirSync(dir)) if (!chosen.has(f)) fs.rmSync(path.join(dir, f))
}
for (const [f, pages] of chosen) {
  const original = fs.readFileSync(path.join(docs, f))
  let bytes: Uint8Array = original
  if (pages !== Infinity) {
    // The first `pages` pages with their text layer: both sides then hold the same pages.
    const src = await PDFDocument.load(original)
    const doc = await PDFDocument.create({ updateMetadata: false })
    const keep = Array.from({ length: Math.min(pages, src.getPageCount()) }, (_, i) => i)
    for (const page of await doc.copyPages(src, keep)) doc.addPage(page)
    bytes = await doc.save()
  }
  const copy = path.join(textDir, f)
  if (fs.existsSync(copy) && Buffer.compare(fs.readFileSync(copy), bytes) === 0) continue
  fs.writeFileSync(copy, bytes)
  fs.rmSync(path.join(scanDir, f), { force: true })
}
const qa = path.join(work, 'qa.jsonl')
const records = readRecords(values.qa).filter(
  (r) => r.file === null || (chosen.has(r.file) && r.pages.every((p) => p <= chosen.get(r.file!)!)),
)
fs.writeFileSync(qa, records.map((r) => JSON.stringify(r)).join('\n') + '\n')
console.error(`eval-on-scans: ${only.length} documents, ${records.length} questions`)

const tsx = (script: string, args: string[]) =>
  runScript(script, args, { ...process.env, QUIRE_OCR_CACHE: path.join(work, 'ocr-cache') })

tsx('scripts/eval/make-scanned-corpus.ts', ['--from', textDir, '--to', scanDir, '--dpi', values.dpi])
/**
 * hit@5 by the gold page alone: a top-5 passage from the gold document on a gold page, whether or
 * not its text holds the required string. OCR can misread the very string the eval requires
 * (`y ~ x1` read `y © x1`); this tells such a loss from a ranking one.
 */
function pageHit5(dumpFile: string): number {
  const rows = fs
    .readFileSync(dumpFile, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { id: string; type: string; top: { file: string; pages: number[] }[] })
  const byId = new Map(records.map((r) => [r.id, r]))
  const answerable = rows.filter((r) => r.type !== 'negative')
  const hits = answerable.filter((r) => {
    const rec = byId.get(r.id)!
    return r.top.slice(0, 5).some((t) => t.file === rec.file && t.pages.some((p) => rec.pages.includes(p)))
  })
  return Math.round((hits.length / Math.max(1, answerable.length)) * 1000) / 1000
}

const evalOn = (name: string, dir: string) => {
  fs.rmSync(path.join(work, 'libraries', name), { recursive: true, force: true })
  const dump = path.join(work, `${name}.dump.jsonl`)
  const out = tsx('scripts/eval/run-eval.ts', [
    '--set',
    `${name}=${qa}:${dir}`,
    '--cache',
    path.join(work, 'libraries'),
    '--dump',
    dump,
    ...values.tune.flatMap((t) => ['--tune', t]),
  ])
  process.stdout.write(out)
  const result = JSON.parse(out.trim().split('\n').at(-1)!) as Record<
    string,
    { answerable: number; hit1: number; hit5: number; mrr10: number }
  >
  return { ...result[name]!, pageHit5: pageHit5(dump) }
}
const text = evalOn('text', textDir)
const scan = evalOn('scan', scanDir)
const summary = {
  documents: [...chosen].map(([f, n]) => (n === Infinity ? f : `${f}:${n}`)),
  questions: records.length,
  answerable: text.answerable,
  dpi: Number(values.dpi),
  tune: values.tune,
  hit1_text: text.hit1,
  hit1_scan: scan.hit1,
  hit5_text: text.hit5,
  hit5_scan: scan.hit5,
  hit5_difference: Math.round((scan.hit5 - text.hit5) * 1000) / 1000,
  mrr10_text: text.mrr10,
  mrr10_scan: scan.mrr10,
  // By the gold page alone (pageHit5): what is left when OCR misreadings of required strings are set aside.
  page_hit5_text: text.pageHit5,
  page_hit5_scan: scan.pageHit5,
}
console.log(JSON.stringify(summary))
