// `npm run eval -- --qa ../shared/eval/dev_qa.jsonl --docs DIR [--library DIR] [--model-dir DIR] [--k 10] [--json]`
// Imports the documents (into a temporary library unless --library is given), asks every
// question through the engine's search (follow-ups carry the earlier turn as context) and
// prints hit@1/3/5, MRR@10, negatives declined and false declines, as a table and as JSON.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { Library } from '../../src/main/engine/library.js'
import { defaultModelDir } from '../../src/main/cli/model-location.js'
import { firstMatchRank, matches, summarize, type EvalRow, type QaRecord } from './metrics.js'

const { values } = parseArgs({
  options: {
    qa: { type: 'string' },
    docs: { type: 'string' },
    library: { type: 'string' },
    'model-dir': { type: 'string' },
    k: { type: 'string', default: '10' },
    json: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
    // Follow-ups asked without their earlier turns: shows what the conversation context adds.
    'no-history': { type: 'boolean', default: false },
  },
})
if (!values.qa || !values.docs) {
  console.error(
    'usage: npm run eval -- --qa FILE.jsonl --docs DIR [--library DIR] [--model-dir DIR] [--no-history] [--verbose] [--json]',
  )
  process.exit(2)
}
const k = Number(values.k)
const records = fs
  .readFileSync(values.qa, 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as QaRecord)

const libraryDir = values.library ?? fs.mkdtempSync(path.join(os.tmpdir(), 'quire-eval-'))
const lib = await Library.open(libraryDir, { modelDir: defaultModelDir(values['model-dir']) })
const report = await lib.ingest([values.docs])
const failed = report.documents.filter((d) => d.status === 'failed')
if (failed.length)
  console.error(
    `warning: ${failed.length} file(s) failed to import: ${failed.map((f) => f.error).join('; ')}`,
  )

const rows: EvalRow[] = []
const history = new Map<string, string[]>()
for (const rec of records) {
  const context = rec.conversation_id && !values['no-history'] ? (history.get(rec.conversation_id) ?? []) : []
  const r = await lib.search(rec.question, { k, context })
  if (rec.conversation_id) history.set(rec.conversation_id, [...context, rec.question])
  const rank = rec.type === 'negative' ? null : firstMatchRank(rec, r.results, k)
  const top5 = r.results.slice(0, 5)
  const coversAllGold =
    rec.type === 'multi_passage' &&
    rec.pages.every((pg) => top5.some((p) => matches({ ...rec, pages: [pg] }, p)))
  const top5Words = top5.map((p) => p.text.split(/\s+/).filter(Boolean).length)
  rows.push({ rec, rank, declined: r.declined, coversAllGold, top5Words })
  if (values.verbose) {
    console.error(
      `${rec.id} ${rec.type.padEnd(13)} rank=${rank ?? '-'} declined=${r.declined} top=${r.results
        .slice(0, 3)
        .map((h) => `${path.basename(h.file)}:${h.pages.join(',')}`)
        .join(' ')}`,
    )
  }
}
const summary = {
  mode: lib.mode,
  k,
  library: libraryDir,
  chunks: lib.store.indexedChunkIds().length,
  ...summarize(rows),
}
await lib.close()
if (!values.library) fs.rmSync(libraryDir, { recursive: true, force: true })

if (!values.json) {
  console.log(`Retrieval on ${path.basename(values.qa)} (${summary.mode} mode, ${summary.chunks} passages)`)
  console.log('| metric | value |\n| --- | --- |')
  for (const key of [
    'hit1',
    'hit3',
    'hit5',
    'mrr10',
    'negatives_declined',
    'false_declines',
    'multi_passage_all_gold_top5',
  ] as const) {
    console.log(
      `| ${key} | ${summary[key]}${key === 'negatives_declined' ? ` / ${summary.negatives}` : ''} |`,
    )
  }
  const w = summary.top5_passage_words
  console.log(`| top-5 passage words (mean / p90) | ${w.mean} / ${w.p90} |`)
}
console.log(JSON.stringify(summary))
