// Retrieval on scans over the development pool (docs/ocr.md, BENCHMARKS.md "Retrieval
// on scans"): eval-on-scans.ts on each of the pool's sets (eval-sets.ts POOL) in turn, each in its own
// work folder, then one table: per set and pooled, hit@5 on the text layer and on the scanned copy
// and their difference. One set's 20–40 questions move 0.03–0.05 per question; the pooled figure is
// the one to read.
//
//   npx tsx scripts/eval/scans-over-pool.ts --pool DIR --work DIR [--sets dev,second,third,fourth] [--dpi 150] [--tune key=value …]
//
// --work/<set> holds each set's scanned copy and OCR cache (eval-on-scans.ts), so a re-run after a
// change to lines, headings or chunking recognises no page again. The first run OCRs every page,
// about 3 CPU-seconds each (the large set alone has 1,116 pages).
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { POOL } from './eval-sets.js'
import { REPO, runScript } from './run-script.js'

const { values } = parseArgs({
  options: {
    pool: { type: 'string' },
    work: { type: 'string' },
    sets: { type: 'string' },
    dpi: { type: 'string', default: '150' },
    tune: { type: 'string', multiple: true, default: [] },
  },
})
if (!values.pool || !values.work) {
  console.error(
    'usage: npx tsx scripts/eval/scans-over-pool.ts --pool DIR --work DIR [--sets dev,second,third,fourth] [--dpi 150] [--tune key=value …]',
  )
  process.exit(2)
}
const wanted = values.sets ? values.sets.split(',').map((s) => s.trim()) : POOL.map((s) => s.name)
const unknown = wanted.filter((n) => !POOL.some((s) => s.name === n))
if (unknown.length) {
  console.error(
    `scans-over-pool: no such set in the pool: ${unknown.join(', ')} (${POOL.map((s) => s.name).join(', ')})`,
  )
  process.exit(2)
}

/** The summary line eval-on-scans.ts prints last. */
interface SetResult {
  answerable: number
  hit5_text: number
  hit5_scan: number
  page_hit5_text: number
  page_hit5_scan: number
}

const results: [string, SetResult][] = []
for (const set of POOL.filter((s) => wanted.includes(s.name))) {
  const docs = path.join(path.resolve(values.pool), set.corpus)
  if (!fs.existsSync(docs)) {
    console.error(`scans-over-pool: ${docs} is missing: fetch the corpora first (docs/retrieval.md)`)
    process.exit(2)
  }
  console.error(`scans-over-pool: ${set.name}`)
  const out = runScript('scripts/eval/eval-on-scans.ts', [
    '--qa',
    path.resolve(REPO, set.qa),
    '--docs',
    docs,
    '--work',
    path.join(path.resolve(values.work), set.name),
    '--dpi',
    values.dpi,
    ...values.tune.flatMap((t) => ['--tune', t]),
  ])
  results.push([set.name, JSON.parse(out.trim().split('\n').at(-1)!) as SetResult])
}

// Hits are counted back from each set's rates (three decimals of at most a few hundred questions).
const hits = (r: SetResult, rate: keyof SetResult) => Math.round(r[rate] * r.answerable)
const n = results.reduce((s, [, r]) => s + r.answerable, 0)
const pooled = (rate: keyof SetResult) =>
  Math.round((results.reduce((s, [, r]) => s + hits(r, rate), 0) / Math.max(1, n)) * 1000) / 1000
const rows = results.map(([name, r]) => ({
  set: name,
  answerable: r.answerable,
  hit5_text: r.hit5_text,
  hit5_scan: r.hit5_scan,
  hit5_difference: Math.round((r.hit5_scan - r.hit5_text) * 1000) / 1000,
  page_hit5_text: r.page_hit5_text,
  page_hit5_scan: r.page_hit5_scan,
}))
rows.push({
  set: 'pooled',
  answerable: n,
  hit5_text: pooled('hit5_text'),
  hit5_scan: pooled('hit5_scan'),
  hit5_difference: Math.round((pooled('hit5_scan') - pooled('hit5_text')) * 1000) / 1000,
  page_hit5_text: pooled('page_hit5_text'),
  page_hit5_scan: pooled('page_hit5_scan'),
})
console.log('\n| set | answerable | hit@5 text | hit@5 scans | difference | by gold page: text / scans |')
console.log('| --- | --- | --- | --- | --- | --- |')
for (const r of rows)
  console.log(
    `| ${r.set} | ${r.answerable} | ${r.hit5_text} | ${r.hit5_scan} | ${r.hit5_difference} | ${r.page_hit5_text} / ${r.page_hit5_scan} |`,
  )
console.log(JSON.stringify({ dpi: Number(values.dpi), tune: values.tune, sets: rows }))
