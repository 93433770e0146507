// How closely the passage structure chunking derives from OCR matches the one it derives from the
// text layer of the same pages (docs/ocr.md, BENCHMARKS.md "Retrieval on scans").
// For each PDF in --text that has a scanned copy in --scan (make-scanned-corpus.ts), both are
// parsed by the app's own parser (the copy through OCR) and compared: the heading lines chunking
// finds (same page, same words), the number of passages and their mean length.
//
//   QUIRE_OCR_CACHE=DIR npx tsx scripts/eval/ocr-structure.ts --text DIR --scan DIR [--verbose]
//
// With QUIRE_OCR_CACHE set (eval-on-scans.ts keeps one in its --work folder) pages recognised
// before are not recognised again.
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { headingLines } from '../../src/main/engine/ingest/chunk-pages.js'
import { parseDocument, type ParsedDocument } from '../../src/main/engine/ingest/parse-document.js'
import { OcrEngine } from '../../src/main/engine/ocr/ocr-engine.js'

const { values } = parseArgs({
  options: {
    text: { type: 'string' },
    scan: { type: 'string' },
    verbose: { type: 'boolean', default: false },
  },
})
if (!values.text || !values.scan) {
  console.error('usage: npx tsx scripts/eval/ocr-structure.ts --text DIR --scan DIR [--verbose]')
  process.exit(2)
}

/** Letters and digits only, lower case: OCR's spacing and punctuation do not decide a match. */
const norm = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '')

/** Dice coefficient of character bigrams: 1 for equal strings, tolerant of a misread letter. */
function similarity(a: string, b: string): number {
  if (a === b) return 1
  if (a.length < 2 || b.length < 2) return 0
  const grams = new Map<string, number>()
  for (let i = 0; i < a.length - 1; i++) grams.set(a.slice(i, i + 2), (grams.get(a.slice(i, i + 2)) ?? 0) + 1)
  let shared = 0
  for (let i = 0; i < b.length - 1; i++) {
    const g = b.slice(i, i + 2)
    const n = grams.get(g) ?? 0
    if (n > 0) {
      shared++
      grams.set(g, n - 1)
    }
  }
  return (2 * shared) / (a.length + b.length - 2)
}

const stats = (d: ParsedDocument) => ({
  passages: d.chunks.length,
  meanChars: Math.round(d.chunks.reduce((n, c) => n + c.text.length, 0) / Math.max(1, d.chunks.length)),
})

const engine = new OcrEngine()
const rows: Record<string, unknown>[] = []
let tText = 0
let tOcr = 0
let tMatched = 0
try {
  const names = fs
    .readdirSync(values.text)
    .filter((f) => f.toLowerCase().endsWith('.pdf') && fs.existsSync(path.join(values.scan!, f)))
    .sort()
  for (const name of names) {
    const text = await parseDocument(fs.readFileSync(path.join(values.text, name)), name, { ocr: false })
    const scan = await parseDocument(fs.readFileSync(path.join(values.scan, name)), name, {
      ocrEngine: engine,
    })
    const ht = headingLines(text.pages)
    const ho = headingLines(scan.pages)
    const used = new Set<number>()
    let matched = 0
    for (const h of ht) {
      const i = ho.findIndex(
        (o, k) => !used.has(k) && o.page === h.page && similarity(norm(o.text), norm(h.text)) >= 0.8,
      )
      if (i >= 0) {
        used.add(i)
        matched++
      } else if (values.verbose)
        console.error(`${name} p${h.page} missed: ${h.text} (${h.fontSize.toFixed(1)})`)
    }
    if (values.verbose)
      ho.forEach((o, k) => {
        if (!used.has(k)) console.error(`${name} p${o.page} extra: ${o.text} (${o.fontSize.toFixed(1)})`)
      })
    tText += ht.length
    tOcr += ho.length
    tMatched += matched
    rows.push({
      document: name,
      pages: text.pages.length,
      headings_text: ht.length,
      headings_ocr: ho.length,
      matched,
      passages_text: stats(text).passages,
      passages_ocr: stats(scan).passages,
      mean_chars_text: stats(text).meanChars,
      mean_chars_ocr: stats(scan).meanChars,
    })
  }
} finally {
  await engine.stop()
}
console.log(
  '| document | pages | headings text / OCR | matched | recall | precision | passages text / OCR | mean chars text / OCR |',
)
console.log('| --- | --- | --- | --- | --- | --- | --- | --- |')
const r3 = (x: number) => Math.round(x * 1000) / 1000
for (const r of rows) {
  const [t, o, m] = [r.headings_text as number, r.headings_ocr as number, r.matched as number]
  console.log(
    `| ${String(r.document)} | ${String(r.pages)} | ${t} / ${o} | ${m} | ${t ? r3(m / t) : '-'} | ${o ? r3(m / o) : '-'} | ${String(r.passages_text)} / ${String(r.passages_ocr)} | ${String(r.mean_chars_text)} / ${String(r.mean_chars_ocr)} |`,
  )
}
console.log(
  JSON.stringify({
    documents: rows,
    heading_recall: tText ? r3(tMatched / tText) : null,
    heading_precision: tOcr ? r3(tMatched / tOcr) : null,
  }),
)
