// Quire's benchmarks: `npm run bench` (full) or `npm run bench -- --quick`; add `--json` for one JSON
// object as the last line of output. Each section runs in its own process (bench/sections/*).
// Figures are medians over repeated runs with their spread; see BENCHMARKS.md for what they mean.
import fs from 'node:fs'
import path from 'node:path'
import { runSection } from './lib/child.js'
import { CACHE, cores, ensureCorpus, log, machine } from './lib/env.js'
import { round } from './lib/stats.js'
import { renderTable, TARGETS } from './lib/report.js'

type R = Record<string, unknown> & { spread?: Record<string, unknown> }
const quick = process.argv.includes('--quick')
const json = process.argv.includes('--json')
const started = performance.now()
const info = machine()
ensureCorpus()

const extract = await runSection<R>('extract', ['--reps', quick ? '2' : '3'])
// Word, HTML and Markdown: megabytes of text per second, without embedding (docs/formats.md).
const extractFormats = await runSection<R>(
  'extract-formats',
  quick ? ['--mb', '2', '--reps', '1'] : ['--reps', '3'],
)
// A 50 MB Word file (pictures and 8 MB of text) imported in a process of its own: peak RSS.
const largeDocx = await runSection<R>('import-large-docx', quick ? ['--mb', '20', '--text-mb', '4'] : [])
// What finding tables in PDFs adds to extraction, with and without it side by side (docs/tables.md).
const extractTables = await runSection<R>('extract-tables', ['--reps', quick ? '1' : '3'])
// The same where the import extracts: its parse thread, under the thread's heap limits.
const extractTablesImport = await runSection<R>('extract-tables-import', ['--reps', quick ? '1' : '3'])
const raw = await runSection<R>(
  'embed-raw',
  quick
    ? [
        '--reps',
        '2',
        '--chunks',
        '32',
        '--threads',
        String(cores()),
        '--batches',
        '8,16,32',
        '--real-chunks',
        '128',
      ]
    : ['--reps', '3', '--chunks', '96', '--batches', '1,4,8,16,32', '--real-chunks', '512'],
)
// Batch size on this machine: Quire's embedder at fixed sizes and 'auto' (the default), alternating.
const batch = quick ? null : await runSection<R>('embed-batch', ['--rounds', '3'])
const embed = await runSection<R>('embed-ingest', quick ? ['--reps', '2', '--every', '4'] : ['--reps', '3'])
const ingest = await runSection<R>('ingest', ['--reps', quick ? '1' : '3'])
// Quire's built CLI and the LangChain.js recipe, alternating (bench/peer/).
const peer = await runSection<R>('peer', ['--reps', quick ? '1' : '3'])
const hnsw = await runSection<R>(
  'hnsw-params',
  quick
    ? ['--n', '20000', '--m', '8,16', '--queries', '100']
    : ['--n', '100000', '--m', '8,16,32', '--queries', '200'],
)
// 1M chunks: modest efConstruction keeps the single-threaded build within the run's budget.
const scales: [number, number][] = quick
  ? [
      [10_000, 100],
      [100_000, 100],
    ]
  : [
      [10_000, 100],
      [100_000, 100],
      [1_000_000, 40],
    ]
const query: Record<string, R> = {}
const builds: Record<string, R> = {}
for (const [n, efc] of scales) {
  builds[n] = await runSection<R>('synth-build', ['--n', String(n), '--efc', String(efc)])
  const dir = path.join(CACHE, `synthetic-${n}-m16-efc${efc}-v2`)
  query[n] = await runSection<R>('query', [
    '--dir',
    dir,
    '--reps',
    '3',
    '--queries',
    quick || n >= 1_000_000 ? '50' : '100',
  ])
}
const cli = await runSection<R>('cli-start', [
  '--dir',
  path.join(CACHE, 'synthetic-100000-m16-efc100-v2'),
  '--reps',
  quick ? '3' : '5',
])
// The `quire` command three ways (npm link's, node bin/quire.js, npx), in rotating rounds.
const command = await runSection<R>('quire-command', ['--reps', quick ? '3' : '7'])
const first = await runSection<R>(
  'first-token',
  quick ? ['--reps', '2', '--questions', '20'] : ['--reps', '3', '--questions', '30'],
)
// OCR: word recall by dpi and pages/s on a small page sample (slow: minutes, not seconds).
const ocr = await runSection<R>('ocr', quick ? ['--pages', '4', '--dpis', '150'] : ['--pages', '8'])

const at100k = query[100_000]!
const at1m = query[1_000_000]
const result = {
  mode: quick ? 'quick' : 'full',
  machine: info,
  extract_pages_per_s_1w: extract.extract_pages_per_s_1w,
  extract_pages_per_s: extract.extract_pages_per_s,
  extract_formats: { ...extractFormats, spread: undefined },
  import_large_docx: largeDocx,
  extract_tables_cost_ratio: extractTables.extract_tables_cost_ratio,
  import_tables_cost_ratio: extractTablesImport.import_tables_cost_ratio,
  embed_raw_onnx_chunks_per_s: raw.embed_raw_onnx_chunks_per_s,
  embed_raw_onnx_best: raw.embed_raw_onnx_best,
  embed_raw_onnx_real_chunks_per_s: raw.embed_raw_onnx_real_chunks_per_s,
  embed_chunks_per_s: embed.embed_chunks_per_s,
  ingest_efficiency: round(Number(embed.embed_chunks_per_s) / Number(raw.embed_raw_onnx_chunks_per_s), 3),
  ingest_efficiency_same_text: round(
    Number(embed.embed_chunks_per_s) / Number(raw.embed_raw_onnx_real_chunks_per_s),
    3,
  ),
  ingest_pages_per_s: ingest.ingest_pages_per_s,
  ingest_seconds: ingest.ingest_seconds,
  // The built CLI (peer section), from process start: what a user of `quire ingest` waits.
  ingest_first_embedding_s: peer.quire_first_embedding_s,
  // The app's import path run from TypeScript sources (ingest section): includes tsx compiling the
  // worker threads' code, which the built app does not do.
  ingest_first_embedding_s_from_sources: ingest.first_embedding_s,
  ingest_drafts_reused: ingest.drafts_reused,
  ingest_embedder_idle_s: ingest.embedder_idle_s,
  embed_batch: batch ? { best: batch.best_batch, grid: batch.grid } : null,
  ingest_embedder_wait_s: ingest.embedder_wait_s,
  ingest_busy_cores: ingest.busy_cores,
  quire_ingest_cli_s: peer.quire_ingest_cli_s,
  peer_ingest_s: peer.peer_ingest_s,
  peer_ratio: peer.peer_ratio,
  peer_pair_ratios: peer.peer_pair_ratios,
  rss_mb_peer: peer.rss_mb_peer,
  rss_mb_quire_cli: peer.rss_mb_quire_cli,
  peer_chunks: peer.peer_chunks,
  // The machine's limit for the corpus, measured by the peer section in the same run: raw ONNX
  // Runtime embedding exactly the chunks Quire stored (best thread/batch setting) plus extraction's
  // CPU seconds over the cores.
  raw_limit_s: peer.raw_limit_s,
  raw_limit_ratio: peer.raw_limit_ratio,
  raw_limit_embed: {
    s: peer.raw_embed_s,
    chunks: peer.raw_embed_chunks,
    chunks_per_s: peer.raw_embed_chunks_per_s,
    best: peer.raw_embed_best,
    extract_cpu_s: peer.extract_cpu_s,
  },
  peer_ratio_at_raw_limit: peer.peer_ratio_at_raw_limit,
  cli_help_ms: cli.cli_help_ms,
  cli_docs_ms_100k: cli.cli_docs_ms,
  cli_search_ms_100k: cli.cli_search_ms,
  quire_linked_help_ms: command.quire_linked_help_ms,
  quire_node_help_ms: command.quire_node_help_ms,
  quire_npx_help_ms: command.quire_npx_help_ms,
  quire_linked_vs_node: command.quire_linked_vs_node,
  quire_npx_vs_node: command.quire_npx_vs_node,
  quire_command_rounds: {
    linked_vs_node: command.quire_linked_vs_node_rounds,
    npx_vs_node: command.quire_npx_vs_node_rounds,
  },
  query_p95_ms_1m: at1m?.query_p95_ms ?? null,
  open_ms_1m: at1m?.open_ms ?? null,
  query_p50_ms: at100k.query_p50_ms,
  query_p95_ms: at100k.query_p95_ms,
  query_embed_p50_ms: at100k.query_embed_p50_ms,
  query_at: Object.fromEntries(
    Object.entries(query).map(([n, q]) => [
      n,
      { p50_ms: q.query_p50_ms, p95_ms: q.query_p95_ms, open_ms: q.open_ms, rss_mb: q.rss_mb },
    ]),
  ),
  open_ms: at100k.open_ms,
  rss_mb: { ingest: ingest.rss_mb_ingest, at_100k: at100k.rss_mb, at_1m: at1m?.rss_mb ?? null },
  bytes_per_chunk: ingest.bytes_per_chunk,
  bytes_per_chunk_synthetic: Object.fromEntries(
    Object.entries(builds).map(([n, b]) => [n, b.bytes_per_chunk]),
  ),
  synthetic_build: builds,
  hnsw: { chosen: hnsw.chosen, recall_at_10: hnsw.recall_at_10, n: hnsw.n, grid: hnsw.grid },
  first_token_overhead_ms: first.first_token_overhead_ms,
  first_token_overhead_p50_ms: first.first_token_overhead_p50_ms,
  ocr,
  targets: TARGETS,
  spread: {
    ...extract.spread,
    ...(extractFormats.spread as Record<string, unknown>),
    ...raw.spread,
    ...embed.spread,
    ...ingest.spread,
    ...peer.spread,
    ...cli.spread,
    ...command.spread,
    query_100k: at100k.spread,
    ...first.spread,
  },
  load_avg_1m_end: machine().load_avg_1m,
  bench_seconds: Math.round((performance.now() - started) / 1000),
}
fs.mkdirSync(CACHE, { recursive: true })
fs.writeFileSync(path.join(CACHE, `last-${result.mode}.json`), JSON.stringify(result, null, 2))
log(`finished in ${result.bench_seconds} s`)
process.stdout.write(renderTable(result) + '\n')
if (json) process.stdout.write(JSON.stringify(result) + '\n')
