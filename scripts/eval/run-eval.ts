// Retrieval evaluation over one or more QA sets (docs/retrieval.md).
//
//   npm run eval -- --pool DIR                 the development pool: DIR/dev, DIR/second, DIR/large,
//                                              DIR/third, DIR/fourth (eval-sets.ts POOL)
//   npm run eval -- --set NAME=QA.jsonl:DOCS …  any sets (repeat --set)
//   npm run eval -- --parity DIR               one manual as PDF and as HTML (eval/parity-set)
//   npm run eval -- --qa QA.jsonl --docs DIR    one set (as before)
// Options: --tune key=value (repeat; retrieve/tuning.ts), --cache DIR (keep each set's library
// there and reuse it), --model-dir DIR (hybrid mode when a model is there), --k 10,
// --no-history, --verbose, --json, --dump FILE (one JSON line per question: decision, top-5 passages).
// With real models: --ollama URL --model NAME [--reranker DIR] [--answers N] [--query-help-budget MS]
// [--no-headers] runs every configuration of reranking, query help and contextual headers on the
// sets (model-eval.ts).
//
// Each set is imported into its own library and asked through the engine's search (follow-ups
// carry their earlier turns as context). Prints per set, per fold (two folds split by document,
// eval-sets.ts), pooled, per type and per file: hit@1/3/5, MRR@10, negatives declined, false
// declines, top-5 passage words (mean / p90). The last line is one JSON object.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { earlierPassagesOfSearch } from '../../src/main/engine/answer/earlier-passages.js'
import { Library } from '../../src/main/engine/library.js'
import { tuningWith } from '../../src/main/engine/retrieve/tuning.js'
import { defaultModelDir } from '../../src/main/services/model-locations.js'
import { rerankerFlag } from '../../src/main/services/reranker-locations.js'
import { DEFAULT_QUERY_HELP_BUDGET_MS, modelEvalTables, runModelEval } from './model-eval.js'
import {
  assignFolds,
  paritySets,
  parseSetArg,
  poolSets,
  readRecords,
  recordKey,
  type EvalSet,
  type Fold,
} from './eval-sets.js'
import { coversAllGold, firstMatchRank, summarize, wordsOf, type EvalRow } from './metrics.js'

const { values } = parseArgs({
  options: {
    pool: { type: 'string' },
    parity: { type: 'string' },
    set: { type: 'string', multiple: true, default: [] },
    qa: { type: 'string' },
    docs: { type: 'string' },
    library: { type: 'string' },
    cache: { type: 'string' },
    tune: { type: 'string', multiple: true, default: [] },
    'model-dir': { type: 'string' },
    k: { type: 'string', default: '10' },
    json: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
    // One JSON line per question (the question, its rank, the decision and the top-5 passages'
    // text): the input for measuring a new decline signal offline, fold by fold.
    dump: { type: 'string' },
    // Follow-ups asked without their earlier turns: shows what the conversation context adds.
    'no-history': { type: 'boolean', default: false },
    // With real models (model-eval.ts): each of reranking and query help on and off.
    ollama: { type: 'string' },
    model: { type: 'string' },
    reranker: { type: 'string' },
    answers: { type: 'string', default: '20' },
    'query-help-budget': { type: 'string' },
    // Skips the + headers run (it imports each set again and asks the model once per chunk).
    'no-headers': { type: 'boolean', default: false },
  },
})

const sets: EvalSet[] = []
try {
  if (values.pool) sets.push(...poolSets(values.pool, process.cwd()))
  if (values.parity) sets.push(...paritySets(values.parity, process.cwd()))
  for (const s of values.set) sets.push(parseSetArg(s))
  if (values.qa && values.docs)
    sets.push({
      name: path.basename(values.qa, '.jsonl'),
      qa: values.qa,
      docs: values.docs,
      records: readRecords(values.qa),
    })
} catch (err) {
  console.error(`eval: ${err instanceof Error ? err.message : err}`)
  process.exit(2)
}
if (sets.length === 0) {
  console.error(
    'usage: npm run eval -- (--pool DIR | --parity DIR | --set NAME=QA.jsonl:DOCS … | --qa FILE.jsonl --docs DIR) [--tune key=value …] [--cache DIR] [--library DIR] [--model-dir DIR] [--no-history] [--verbose] [--json] [--ollama URL --model NAME [--reranker DIR] [--answers N] [--no-headers]]',
  )
  process.exit(2)
}
const tuneArgs = Object.fromEntries(
  values.tune.map((t) => {
    const i = t.indexOf('=')
    if (i < 1) {
      console.error(`eval: --tune wants key=value, got "${t}"`)
      process.exit(2)
    }
    return [t.slice(0, i), t.slice(i + 1)]
  }),
)
let tuning
try {
  tuning = tuningWith(tuneArgs)
} catch (err) {
  console.error(`eval: ${err instanceof Error ? err.message : err}`)
  process.exit(2)
}
const k = Number(values.k)
const folds = assignFolds(sets)
const modelDir = defaultModelDir(values['model-dir'])

if (values.ollama) {
  if (!values.model) {
    console.error('eval: --ollama needs --model NAME (the Ollama model that answers)')
    process.exit(2)
  }
  // Ctrl-C while the headers are written stops after the current chunk and keeps what was written.
  const stop = new AbortController()
  process.once('SIGINT', () => {
    stop.abort()
    console.error('eval: stopping after the current header (Ctrl-C again to quit at once)')
  })
  let results
  try {
    results = await runModelEval({
      sets,
      ollama: values.ollama,
      model: values.model,
      modelDir,
      rerankerDir: values.reranker ? rerankerFlag(values.reranker) : null,
      tuning,
      k,
      answers: Number(values.answers),
      queryHelpBudgetMs: Number(values['query-help-budget'] ?? DEFAULT_QUERY_HELP_BUDGET_MS),
      headers: !values['no-headers'],
      signal: stop.signal,
      ...(values.cache ? { cache: values.cache } : {}),
    })
  } catch (err) {
    console.error(`eval: ${err instanceof Error ? err.message : err}`)
    process.exit(1)
  }
  if (!values.json)
    console.log(`Retrieval and answers with ${values.model} (k=${k})\n\n${modelEvalTables(results)}\n`)
  console.log(JSON.stringify({ model: values.model, k, configurations: results }))
  process.exit(0)
}

const dump = values.dump ? fs.openSync(values.dump, 'w') : null
const allRows: (EvalRow & { set: string; fold: Fold })[] = []
let mode = ''
for (const set of sets) {
  const libraryDir =
    values.library && sets.length === 1
      ? values.library
      : values.cache
        ? path.join(values.cache, set.name)
        : fs.mkdtempSync(path.join(os.tmpdir(), 'quire-eval-'))
  const lib = await Library.open(libraryDir, { modelDir, tuning })
  // Unchanged files are recognised by content hash and not imported again.
  const report = await lib.ingest([set.docs])
  const failed = report.documents.filter((d) => d.status === 'failed')
  if (failed.length)
    console.error(
      `warning: ${set.name}: ${failed.length} file(s) failed to import: ${failed.map((f) => f.error).join('; ')}`,
    )
  mode = lib.mode
  const history = new Map<string, string[]>()
  // The previous turn's passages, as the app passes the last answer's (answer/earlier-passages.ts).
  const earlier = new Map<string, number[]>()
  for (const rec of set.records) {
    const context =
      rec.conversation_id && !values['no-history'] ? (history.get(rec.conversation_id) ?? []) : []
    const earlierPassages = context.length ? (earlier.get(rec.conversation_id!) ?? []) : []
    const r = await lib.search(rec.question, {
      k,
      context,
      ...(earlierPassages.length ? { earlierPassages } : {}),
    })
    if (rec.conversation_id) {
      history.set(rec.conversation_id, [...context, rec.question])
      earlier.set(rec.conversation_id, earlierPassagesOfSearch(r))
    }
    const rank = rec.type === 'negative' ? null : firstMatchRank(rec, r.results, k)
    const top5 = r.results.slice(0, 5)
    const covers = coversAllGold(rec, top5)
    const top5Words = top5.map((p) => wordsOf(p.text))
    const fold = folds.get(recordKey(set, rec))!
    allRows.push({ rec, rank, declined: r.declined, coversAllGold: covers, top5Words, set: set.name, fold })
    if (dump)
      fs.writeSync(
        dump,
        JSON.stringify({
          set: set.name,
          id: rec.id,
          fold,
          type: rec.type,
          question: rec.question,
          context,
          rank,
          declined: r.declined,
          decision: r.decision,
          top: top5.map((h) => ({ file: path.basename(h.file), pages: h.pages, text: h.text })),
        }) + '\n',
      )
    if (values.verbose) {
      const d = r.decision
      console.error(
        `${set.name}/${rec.id} [${fold}] ${rec.type.padEnd(13)} rank=${rank ?? '-'} declined=${r.declined}${
          d
            ? ` (${d.reason} cov=${d.coverage} local=${d.local} need=${d.threshold}${d.decisive.length ? ` ${d.decisive.join(',')}` : ''})`
            : ''
        } top=${r.results
          .slice(0, 3)
          .map((h) => `${path.basename(h.file)}:${h.pages.join(',')}`)
          .join(' ')}`,
      )
    }
  }
  await lib.close()
  if (!values.library && !values.cache) fs.rmSync(libraryDir, { recursive: true, force: true })
}

const groups: [string, (typeof allRows)[number][]][] = [
  ...sets.map((s) => [s.name, allRows.filter((r) => r.set === s.name)] as [string, typeof allRows]),
]
if (sets.length > 1 || allRows.some((r) => r.fold === 'B'))
  groups.push(
    ['fold A', allRows.filter((r) => r.fold === 'A')],
    ['fold B', allRows.filter((r) => r.fold === 'B')],
  )
// Sets added after the constants were tuned (a later batch, eval-sets.ts), together.
const later = sets.filter((s) => (s.batch ?? 0) > 0).map((s) => s.name)
if (later.length > 1)
  groups.push([`later sets (${later.join('+')})`, allRows.filter((r) => later.includes(r.set))])
if (sets.length > 1) groups.push(['pooled', allRows])
const summaries = Object.fromEntries(groups.map(([name, rows]) => [name, summarize(rows)]))

const perFile = new Map<string, typeof allRows>()
for (const r of allRows) {
  if (!r.rec.file) continue
  const key = `${r.set}/${r.rec.file}`
  perFile.set(key, [...(perFile.get(key) ?? []), r])
}
const pooled = summarize(allRows)

if (!values.json) {
  const overrides = Object.keys(tuneArgs).length ? ` tuning ${values.tune.join(' ')}` : ''
  console.log(`Retrieval (${mode} mode, k=${k}${overrides})\n`)
  console.log(
    '| set | answerable | hit@1 | hit@3 | hit@5 | MRR@10 | negatives declined | false declines | multi all-gold | top-5 words mean / p90 |',
  )
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |')
  for (const [name, s] of Object.entries(summaries)) {
    console.log(
      `| ${name} | ${s.answerable} | ${s.hit1} | ${s.hit3} | ${s.hit5} | ${s.mrr10} | ${s.negatives_declined}/${s.negatives} | ${s.false_declines}/${s.answerable} | ${s.multi_passage_all_gold_top5} | ${s.top5_passage_words.mean} / ${s.top5_passage_words.p90} |`,
    )
  }
  console.log('\n| type (pooled) | n | hit@5 | MRR@10 |\n| --- | --- | --- | --- |')
  for (const [type, t] of Object.entries(pooled.by_type))
    console.log(`| ${type} | ${t.n} | ${t.hit5} | ${t.mrr10} |`)
  // Sets whose records name a document format (the formats set): figures per format.
  const formats = [...new Set(allRows.map((r) => r.rec.format).filter((f): f is string => !!f))]
  if (formats.length) {
    console.log(
      '\n| format | answerable | hit@1 | hit@5 | MRR@10 | negatives declined | false declines | top-5 words mean / p90 |\n| --- | --- | --- | --- | --- | --- | --- | --- |',
    )
    for (const f of formats) {
      const s = summarize(allRows.filter((r) => r.rec.format === f))
      console.log(
        `| ${f} | ${s.answerable} | ${s.hit1} | ${s.hit5} | ${s.mrr10} | ${s.negatives_declined}/${s.negatives} | ${s.false_declines}/${s.answerable} | ${s.top5_passage_words.mean} / ${s.top5_passage_words.p90} |`,
      )
    }
  }
  console.log(
    '\n| file | fold | n | hit@1 | hit@5 | MRR@10 | false declines |\n| --- | --- | --- | --- | --- | --- | --- |',
  )
  for (const [file, rows] of perFile) {
    const s = summarize(rows)
    console.log(
      `| ${file} | ${rows[0]!.fold} | ${s.answerable} | ${s.hit1} | ${s.hit5} | ${s.mrr10} | ${s.false_declines} |`,
    )
  }
  console.log()
}
console.log(JSON.stringify({ mode, k, tuning: tuneArgs, ...summaries }))
