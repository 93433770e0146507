// Retrieval on scans against the same documents with their text layer (README "Scanned documents",
// BENCHMARKS.md "OCR"): builds a scanned copy of the documents (make-scanned-corpus.ts), then runs
// `npm run eval` on the text-layer documents and on the scanned copy (imported through OCR) with
// the same questions, and prints both result lines and the hit@5 difference.
//
//   npx tsx scripts/eval/eval-on-scans.ts --qa QA.jsonl --docs DIR --work DIR [--only a.pdf,b.pdf] [--dpi 150]
//
// --only keeps a subset of the documents (and the questions about them, plus the negatives):
// OCR costs seconds of CPU per page, so on a busy machine the whole corpus may not fit. --work
// holds the scanned copy and both libraries, so a re-run reuses every page already recognised.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { readRecords } from './eval-sets.js'

const { values } = parseArgs({
  options: {
    qa: { type: 'string' },
    docs: { type: 'string' },
    work: { type: 'string' },
    only: { type: 'string' },
    dpi: { type: 'string', default: '150' },
  },
})
if (!values.qa || !values.docs || !values.work) {
  console.error(
    'usage: npx tsx scripts/eval/eval-on-scans.ts --qa QA.jsonl --docs DIR --work DIR [--only a.pdf,b.pdf] [--dpi 150]',
  )
  process.exit(2)
}
const work = path.resolve(values.work)
const docs = path.resolve(values.docs)
const all = fs.readdirSync(docs).filter((f) => f.toLowerCase().endsWith('.pdf'))
const only = values.only ? values.only.split(',').map((s) => s.trim()) : all
const missing = only.filter((f) => !all.includes(f))
if (missing.length) {
  console.error(`eval-on-scans: not in ${docs}: ${missing.join(', ')}`)
  process.exit(2)
}

// The text-layer side: the chosen documents copied into their own folder (the import does not
// follow links inside folders).
const textDir = path.join(work, 'text')
const scanDir = path.join(work, `scan-${values.dpi}`)
fs.mkdirSync(textDir, { recursive: true })
for (const f of only) {
  const copy = path.join(textDir, f)
  if (!fs.existsSync(copy)) fs.copyFileSync(path.join(docs, f), copy)
}
const qa = path.join(work, 'qa.jsonl')
const records = readRecords(values.qa).filter((r) => r.file === null || only.includes(r.file))
fs.writeFileSync(qa, records.map((r) => JSON.stringify(r)).join('\n') + '\n')
console.error(`eval-on-scans: ${only.length} documents, ${records.length} questions`)

const tsx = (script: string, args: string[]) =>
  execFileSync(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  })

tsx('scripts/eval/make-scanned-corpus.ts', ['--from', textDir, '--to', scanDir, '--dpi', values.dpi])
const evalOn = (name: string, dir: string) => {
  const out = tsx('scripts/eval/run-eval.ts', [
    '--set',
    `${name}=${qa}:${dir}`,
    '--cache',
    path.join(work, 'libraries'),
  ])
  process.stdout.write(out)
  return JSON.parse(out.trim().split('\n').at(-1)!) as Record<string, { hit5: number; mrr10: number }>
}
const text = evalOn('text', textDir)
const scan = evalOn('scan', scanDir)
const summary = {
  documents: only,
  questions: records.length,
  dpi: Number(values.dpi),
  hit5_text: text.text!.hit5,
  hit5_scan: scan.scan!.hit5,
  hit5_difference: Math.round((scan.scan!.hit5 - text.text!.hit5) * 1000) / 1000,
  mrr10_text: text.text!.mrr10,
  mrr10_scan: scan.scan!.mrr10,
}
console.log(JSON.stringify(summary))
