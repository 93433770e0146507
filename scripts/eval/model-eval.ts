// Retrieval beyond words, measured with real models (docs/reranking.md, docs/query-help.md):
//
//   npm run eval -- --pool DIR --ollama URL --model NAME [--reranker DIR] [--model-dir DIR]
//                   [--answers N] [--query-help-budget MS] [--tune key=value …] [--cache DIR]
//
// Each set is imported once; then every configuration searches every question: the first stage
// alone (base), + rerank (with --reranker), + expand and + hyde (query help through the model),
// rerank + hyde, and + headers: contextual chunk headers change the library itself, so that run
// imports the set into a library of its own (`SET+headers-MODEL` in --cache), has the model write
// every chunk's header there (one call per chunk; a stopped run resumes where it stopped: the
// headers written are kept in that cache) and then searches it as base does (--no-headers skips it). Retrieval figures per configuration as run-eval.ts prints them, and for the
// first N questions of each set (--answers, default 20) the whole answer through the model: what can
// be checked without a judge (answers declined by the model, answers with invalid citations or
// unsupported figures, latency), plus how often query help was skipped for its time budget.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { AnswerExtras, QueryHelpMode } from '../../src/shared/chat-types.js'
import { ConversationStore } from '../../src/main/engine/chat/conversation-store.js'
import { Answerer } from '../../src/main/engine/answer/answerer.js'
import { earlierPassagesOfSearch } from '../../src/main/engine/answer/earlier-passages.js'
import { DEFAULT_QUERY_HELP_BUDGET_MS, queryHelp } from '../../src/main/engine/answer/query-help.js'
import { OllamaClient } from '../../src/main/engine/generate/ollama-client.js'
import { Library } from '../../src/main/engine/library.js'
import { loadReranker } from '../../src/main/engine/rerank/cross-encoder.js'
import { DEFAULT_WORKER } from '../../src/main/engine/worker/run-ingest-worker.js'
import type { Reranker } from '../../src/main/engine/rerank/reranker.js'
import type { Tuning } from '../../src/main/engine/retrieve/tuning.js'
import type { ContextHeaderReport } from '../../src/main/engine/generate/context-headers.js'
import type { EvalSet } from './eval-sets.js'
import { coversAllGold, firstMatchRank, summarize, type EvalRow } from './metrics.js'

export interface ModelEvalOptions {
  sets: EvalSet[]
  ollama: string
  model: string
  modelDir: string | null
  rerankerDir: string | null
  tuning: Tuning
  k: number
  /** Questions per set asked through the answer stage. */
  answers: number
  queryHelpBudgetMs: number
  /** The + headers run (its own library, one model call per chunk); default true. */
  headers?: boolean
  cache?: string
  log?: (line: string) => void
  /** Stops the header writing (Ctrl-C): what was written is kept, and the error says to run again. */
  signal?: AbortSignal
}

interface Config {
  name: string
  rerank: boolean
  help: QueryHelpMode
  /** Searches the library whose chunks have contextual headers. */
  headers: boolean
}

export function configurations(withReranker: boolean, withHeaders = true): Config[] {
  const config = (name: string, rerank: boolean, help: QueryHelpMode, headers = false): Config => ({
    name,
    rerank,
    help,
    headers,
  })
  const out: Config[] = [config('base', false, 'off')]
  if (withReranker) out.push(config('+rerank', true, 'off'))
  out.push(config('+expand', false, 'expand'), config('+hyde', false, 'hyde'))
  if (withReranker) out.push(config('rerank+hyde', true, 'hyde'))
  if (withHeaders) out.push(config('+headers', false, 'off', true))
  return out
}

/** Writing the headers of the + headers run's library, over every set. */
export interface HeaderFigures {
  /** Chunks of the sets' libraries. */
  chunks: number
  /** Headers written by this run (a resumed run writes only those still missing). */
  written: number
  model_calls: number
  ms: number
}

export interface AnswerFigures {
  asked: number
  declined_by_model: number
  declined_by_search: number
  with_invalid_citations: number
  with_unsupported_figures: number
  query_help_skipped: number
  total_ms_p50: number
  total_ms_p95: number
  first_token_ms_p50: number | null
}

export interface ConfigResult {
  config: string
  retrieval: ReturnType<typeof summarize>
  query_help_skipped: number
  search_ms_p50: number
  search_ms_p95: number
  answers: AnswerFigures
  /** + headers only: what writing the headers took. */
  headers?: HeaderFigures
}

const quantile = (xs: number[], q: number) => {
  if (xs.length === 0) return 0
  const s = [...xs].sort((a, b) => a - b)
  return Math.round(s[Math.min(s.length - 1, Math.floor(q * s.length))]!)
}

export async function runModelEval(opts: ModelEvalOptions): Promise<ConfigResult[]> {
  const log = opts.log ?? ((l: string) => console.error(l))
  const client = new OllamaClient({ host: opts.ollama, model: opts.model })
  const status = await client.status()
  if (status.state !== 'ready')
    throw new Error(`Ollama at ${opts.ollama} cannot answer with ${opts.model}: ${status.message}`)
  const reranker: Reranker | null = opts.rerankerDir
    ? await loadReranker(opts.rerankerDir, { threadScript: DEFAULT_WORKER })
    : null
  const window = Math.min(status.contextLength ?? 4096, 8192)
  const configs = configurations(reranker !== null, opts.headers ?? true)
  const rows = new Map(configs.map((c) => [c.name, [] as EvalRow[]]))
  const searchMs = new Map(configs.map((c) => [c.name, [] as number[]]))
  const skipped = new Map(configs.map((c) => [c.name, 0]))
  const answers = new Map(
    configs.map((c) => [c.name, [] as { ms: number; first: number | null; m: Answered; x: AnswerExtras }[]]),
  )
  const headerFigures: HeaderFigures = { chunks: 0, written: 0, model_calls: 0, ms: 0 }

  /** Every question of the set through one configuration, then the first --answers through the answer stage. */
  async function runConfig(lib: Library, set: EvalSet, c: Config): Promise<void> {
    lib.useReranker(c.rerank ? reranker : null)
    const history = new Map<string, string[]>()
    // The previous turn's passages, as the app passes the last answer's (answer/earlier-passages.ts).
    const earlier = new Map<string, number[]>()
    for (const rec of set.records) {
      const context = rec.conversation_id ? (history.get(rec.conversation_id) ?? []) : []
      if (rec.conversation_id) history.set(rec.conversation_id, [...context, rec.question])
      const earlierPassages = context.length ? (earlier.get(rec.conversation_id!) ?? []) : []
      const started = performance.now()
      let alsoSearch: string[] = []
      if (c.help !== 'off') {
        const help = await queryHelp((r) => client.streamChat(r), opts.model, rec.question, {
          mode: c.help,
          budgetMs: opts.queryHelpBudgetMs,
          window,
        })
        alsoSearch = help.queries
        if (help.skipped === 'budget') skipped.set(c.name, skipped.get(c.name)! + 1)
      }
      const r = await lib.search(rec.question, {
        k: opts.k,
        context,
        ...(earlierPassages.length ? { earlierPassages } : {}),
        ...(alsoSearch.length ? { alsoSearch } : {}),
      })
      if (rec.conversation_id) earlier.set(rec.conversation_id, earlierPassagesOfSearch(r))
      searchMs.get(c.name)!.push(performance.now() - started)
      const top5 = r.results.slice(0, 5)
      rows.get(c.name)!.push({
        rec,
        rank: rec.type === 'negative' ? null : firstMatchRank(rec, r.results, opts.k),
        declined: r.declined,
        coversAllGold: coversAllGold(rec, top5),
        top5Words: top5.map((p) => p.text.split(/\s+/).filter(Boolean).length),
      })
    }
    // The answer stage: the first questions that are not follow-ups, each in a conversation of its own.
    const answerer = new Answerer({
      search: lib.search,
      conversations: new ConversationStore(lib.db),
      ollama: { host: opts.ollama, model: opts.model },
      queryHelp: { mode: c.help, budgetMs: opts.queryHelpBudgetMs },
    })
    for (const rec of set.records.filter((x) => !x.conversation_id).slice(0, opts.answers)) {
      const { message: m, extras: x } = await answerer.ask(rec.question)
      answers.get(c.name)!.push({ ms: m.timings.totalMs, first: m.timings.firstTokenMs, m, x })
    }
    log(`${set.name} ${c.name}: done`)
  }

  /** Opens the set's library (the cache's, or a temp one), imports the set, runs `body`, closes it. */
  async function withLibrary(name: string, set: EvalSet, body: (lib: Library) => Promise<void>) {
    const dir = opts.cache
      ? path.join(opts.cache, name)
      : fs.mkdtempSync(path.join(os.tmpdir(), 'quire-eval-'))
    const lib = await Library.open(dir, { modelDir: opts.modelDir, tuning: opts.tuning })
    try {
      await lib.ingest([set.docs])
      await body(lib)
    } finally {
      lib.useReranker(null)
      await lib.close()
      if (!opts.cache) fs.rmSync(dir, { recursive: true, force: true })
    }
  }

  /** Has the model write the headers the library's chunks still lack; throws when it could not finish. */
  async function writeHeaders(lib: Library, setName: string): Promise<ContextHeaderReport> {
    const started = performance.now()
    let lastLog = started
    const report = await lib.generateContextHeaders(
      { chat: (r) => client.streamChat(r), model: opts.model },
      {
        ...(opts.signal ? { signal: opts.signal } : {}),
        onProgress: (done, total) => {
          if (performance.now() - lastLog < 30_000 || total === 0) return
          lastLog = performance.now()
          log(`${setName} +headers: ${done}/${total} headers written`)
        },
      },
    )
    headerFigures.ms += performance.now() - started
    log(
      `${setName} +headers: ${report.generated} headers written with ${report.modelCalls} model calls in ${Math.round((performance.now() - started) / 1000)} s`,
    )
    if (report.problem || report.cancelled || report.remaining > 0)
      throw new Error(
        `${setName}: the headers were not all written (${report.remaining} left${report.problem ? `: ${report.problem.message}` : report.cancelled ? ': stopped' : ''}). The ones written are kept${opts.cache ? ` in ${opts.cache}` : ' only with --cache DIR'}; run the same command again to go on from there.`,
      )
    return report
  }

  try {
    for (const set of opts.sets) {
      await withLibrary(set.name, set, async (lib) => {
        for (const c of configs.filter((x) => !x.headers)) await runConfig(lib, set, c)
      })
      const withHeaders = configs.filter((x) => x.headers)
      if (withHeaders.length === 0) continue
      // Headers are the model's: another model's headers are another library.
      await withLibrary(`${set.name}+headers-${opts.model.replace(/[^\w.-]+/g, '_')}`, set, async (lib) => {
        const report = await writeHeaders(lib, set.name)
        headerFigures.chunks += chunkCount(lib)
        headerFigures.written += report.generated
        headerFigures.model_calls += report.modelCalls
        for (const c of withHeaders) await runConfig(lib, set, c)
      })
    }
  } finally {
    await reranker?.dispose()
  }

  return configs.map((c) => {
    const asked = answers.get(c.name)!
    const firsts = asked.map((a) => a.first).filter((x): x is number => x !== null)
    return {
      config: c.name,
      retrieval: summarize(rows.get(c.name)!),
      query_help_skipped: skipped.get(c.name)!,
      search_ms_p50: quantile(searchMs.get(c.name)!, 0.5),
      search_ms_p95: quantile(searchMs.get(c.name)!, 0.95),
      answers: {
        asked: asked.length,
        declined_by_model: asked.filter((a) => a.m.declineReason === 'model').length,
        declined_by_search: asked.filter((a) => a.m.declined && a.m.declineReason !== 'model').length,
        with_invalid_citations: asked.filter((a) => a.x.invalidCitations.length > 0).length,
        with_unsupported_figures: asked.filter((a) => a.x.unsupportedFigures.length > 0).length,
        query_help_skipped: asked.filter((a) => a.m.trace.queryHelp?.skipped === 'budget').length,
        total_ms_p50: quantile(
          asked.map((a) => a.ms),
          0.5,
        ),
        total_ms_p95: quantile(
          asked.map((a) => a.ms),
          0.95,
        ),
        first_token_ms_p50: firsts.length ? quantile(firsts, 0.5) : null,
      },
      ...(c.headers ? { headers: { ...headerFigures, ms: Math.round(headerFigures.ms) } } : {}),
    }
  })
}

/** The library's chunks (those of indexed documents: what the headers are written for). */
function chunkCount(lib: Library): number {
  return (
    lib.db
      .prepare(
        "SELECT count(*) AS n FROM chunks c JOIN documents d ON d.id = c.document_id WHERE d.status = 'indexed'",
      )
      .get() as { n: number }
  ).n
}

type Answered = Awaited<ReturnType<Answerer['ask']>>['message']

/** The figures as Markdown tables: retrieval per configuration, then the answer stage. */
export function modelEvalTables(results: ConfigResult[]): string {
  const lines = [
    '| configuration | answerable | hit@1 | hit@5 | MRR@10 | negatives declined | false declines | query help skipped | search ms p50 / p95 |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...results.map(
      (r) =>
        `| ${r.config} | ${r.retrieval.answerable} | ${r.retrieval.hit1} | ${r.retrieval.hit5} | ${r.retrieval.mrr10} | ${r.retrieval.negatives_declined}/${r.retrieval.negatives} | ${r.retrieval.false_declines}/${r.retrieval.answerable} | ${r.query_help_skipped} | ${r.search_ms_p50} / ${r.search_ms_p95} |`,
    ),
    '',
    '| configuration | answers | declined by the model | declined by search | invalid citations | unsupported figures | total ms p50 / p95 | first token ms p50 |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...results.map(
      (r) =>
        `| ${r.config} | ${r.answers.asked} | ${r.answers.declined_by_model} | ${r.answers.declined_by_search} | ${r.answers.with_invalid_citations} | ${r.answers.with_unsupported_figures} | ${r.answers.total_ms_p50} / ${r.answers.total_ms_p95} | ${r.answers.first_token_ms_p50 ?? '-'} |`,
    ),
  ]
  for (const r of results)
    if (r.headers)
      lines.push(
        '',
        `${r.config}: ${r.headers.written} of ${r.headers.chunks} chunks' headers written by this run, with ${r.headers.model_calls} model calls in ${Math.round(r.headers.ms / 1000)} s (one call per chunk; headers written by an earlier run are kept in the cache).`,
      )
  return lines.join('\n')
}

export { DEFAULT_QUERY_HELP_BUDGET_MS }
