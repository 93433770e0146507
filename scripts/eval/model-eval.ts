// Retrieval beyond words, measured with real models (docs/reranking.md, docs/query-help.md):
//
//   npm run eval -- --pool DIR --ollama URL --model NAME [--reranker DIR] [--model-dir DIR]
//                   [--answers N] [--query-help-budget MS] [--tune key=value …] [--cache DIR]
//
// Each set is imported once; then every configuration searches every question: the first stage
// alone (base), + rerank (with --reranker), + expand and + hyde (query help through the model), and
// all of them together. Retrieval figures per configuration as run-eval.ts prints them, and for the
// first N questions of each set (--answers, default 20) the whole answer through the model: what can
// be checked without a judge (answers declined by the model, answers with invalid citations or
// unsupported figures, latency), plus how often query help was skipped for its time budget.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { AnswerExtras, QueryHelpMode } from '../../src/shared/chat-types.js'
import { ConversationStore } from '../../src/main/engine/chat/conversation-store.js'
import { Answerer } from '../../src/main/engine/answer/answerer.js'
import { DEFAULT_QUERY_HELP_BUDGET_MS, queryHelp } from '../../src/main/engine/answer/query-help.js'
import { OllamaClient } from '../../src/main/engine/generate/ollama-client.js'
import { Library } from '../../src/main/engine/library.js'
import { loadReranker } from '../../src/main/engine/rerank/cross-encoder.js'
import type { Reranker } from '../../src/main/engine/rerank/reranker.js'
import type { Tuning } from '../../src/main/engine/retrieve/tuning.js'
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
  cache?: string
  log?: (line: string) => void
}

interface Config {
  name: string
  rerank: boolean
  help: QueryHelpMode
}

export function configurations(withReranker: boolean): Config[] {
  const out: Config[] = [{ name: 'base', rerank: false, help: 'off' }]
  if (withReranker) out.push({ name: '+rerank', rerank: true, help: 'off' })
  out.push({ name: '+expand', rerank: false, help: 'expand' }, { name: '+hyde', rerank: false, help: 'hyde' })
  if (withReranker) out.push({ name: 'rerank+hyde', rerank: true, help: 'hyde' })
  return out
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
}

const quantile = (xs: number[], q: number) => {
  if (xs.length === 0) return 0
  const s = [...xs].sort((a, b) => a - b)
  return Math.round(s[Math.min(s.length - 1, Math.floor(q * s.length))]!)
}

export async function runModelEval(opts: ModelEvalOptions): Promise<ConfigResult[]> {
  const log = opts.log ?? ((l: string) => console.error(l))
  const reranker: Reranker | null = opts.rerankerDir ? await loadReranker(opts.rerankerDir) : null
  const client = new OllamaClient({ host: opts.ollama, model: opts.model })
  const status = await client.status()
  if (status.state !== 'ready')
    throw new Error(`Ollama at ${opts.ollama} cannot answer with ${opts.model}: ${status.message}`)
  const window = Math.min(status.contextLength ?? 4096, 8192)
  const configs = configurations(reranker !== null)
  const rows = new Map(configs.map((c) => [c.name, [] as EvalRow[]]))
  const searchMs = new Map(configs.map((c) => [c.name, [] as number[]]))
  const skipped = new Map(configs.map((c) => [c.name, 0]))
  const answers = new Map(
    configs.map((c) => [c.name, [] as { ms: number; first: number | null; m: Answered; x: AnswerExtras }[]]),
  )
  try {
    for (const set of opts.sets) {
      const dir = opts.cache
        ? path.join(opts.cache, set.name)
        : fs.mkdtempSync(path.join(os.tmpdir(), 'quire-eval-'))
      const lib = await Library.open(dir, { modelDir: opts.modelDir, tuning: opts.tuning })
      try {
        await lib.ingest([set.docs])
        for (const c of configs) {
          lib.useReranker(c.rerank ? reranker : null)
          const history = new Map<string, string[]>()
          for (const rec of set.records) {
            const context = rec.conversation_id ? (history.get(rec.conversation_id) ?? []) : []
            if (rec.conversation_id) history.set(rec.conversation_id, [...context, rec.question])
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
              ...(alsoSearch.length ? { alsoSearch } : {}),
            })
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
      } finally {
        lib.useReranker(null)
        await lib.close()
        if (!opts.cache) fs.rmSync(dir, { recursive: true, force: true })
      }
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
    }
  })
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
  return lines.join('\n')
}

export { DEFAULT_QUERY_HELP_BUDGET_MS }
