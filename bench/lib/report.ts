/** Targets from the issue, side by side with the measured figures. */
export const TARGETS = {
  ingest_efficiency: '>= 0.9',
  ingest_first_embedding_s: '<= 1',
  extract_pages_per_s: '>= 150 (2 cores)',
  query_p95_ms_100k: '<= 30',
  query_p95_ms_1m: '<= 30',
  open_ms: '<= 1000',
  open_ms_1m: '<= 2000',
  rss_mb_1m: '<= 2500',
  peer_ratio: '>= 3.5',
  raw_limit_ratio: '<= 1.15',
  cli_help_ms: '<= 300',
  cli_docs_ms_100k: '<= 600',
  cli_search_ms_100k: '<= 1500',
  first_token_overhead_ms: '<= 100 (p95)',
}

type Result = Record<string, unknown>

function fmt(v: unknown): string {
  if (v === null || v === undefined) return '-'
  if (typeof v === 'object') return JSON.stringify(v)
  return String(v)
}

/** The human-readable table printed before the JSON line. */
export function renderTable(r: Result): string {
  const q = (r.query_at ?? {}) as Record<string, { p50_ms: number; p95_ms: number }>
  const rss = (r.rss_mb ?? {}) as Record<string, number | null>
  const m = r.machine as Record<string, unknown>
  const rows: [string, unknown, string][] = [
    ['extract pages/s, 1 worker', r.extract_pages_per_s_1w, ''],
    [`extract pages/s, ${fmt(m.cores)} workers`, r.extract_pages_per_s, TARGETS.extract_pages_per_s],
    ['raw ONNX chunks/s (256 tok, best)', r.embed_raw_onnx_chunks_per_s, fmt(r.embed_raw_onnx_best)],
    ['raw ONNX chunks/s (real chunks)', r.embed_raw_onnx_real_chunks_per_s, ''],
    ['Quire embed chunks/s (ingest path)', r.embed_chunks_per_s, ''],
    ['ingest_efficiency', r.ingest_efficiency, TARGETS.ingest_efficiency],
    ['ingest_efficiency (same text)', r.ingest_efficiency_same_text, ''],
    ['ingest pages/s (dev corpus)', r.ingest_pages_per_s, ''],
    ['ingest seconds', r.ingest_seconds, ''],
    [
      'first embedding, built CLI from process start, s',
      r.ingest_first_embedding_s,
      TARGETS.ingest_first_embedding_s,
    ],
    ['first embedding, import from TS sources, s', r.ingest_first_embedding_s_from_sources, ''],
    ['final chunks that reused a draft vector', r.ingest_drafts_reused, ''],
    ['embedder idle after its start, s', r.ingest_embedder_idle_s, '~0'],
    [
      'embed chunks/s by batch (of best)',
      r.embed_batch
        ? ((r.embed_batch as Result).grid as { batch: string; chunks_per_s: number; of_best: number }[])
            .map((g) => `${g.batch}:${g.chunks_per_s}(${g.of_best})`)
            .join(' ')
        : null,
      '',
    ],
    ['quire ingest --json (built CLI), s', r.quire_ingest_cli_s, ''],
    ['LangChain.js recipe, s', r.peer_ingest_s, ''],
    ['peer ratio (recipe / Quire)', r.peer_ratio, TARGETS.peer_ratio],
    ['peer ratio of each back-to-back pair', r.peer_pair_ratios, ''],
    ['peak RSS MB Quire CLI / recipe', `${fmt(r.rss_mb_quire_cli)} / ${fmt(r.rss_mb_peer)}`, ''],
    [
      'raw-ONNX limit s / Quire vs limit',
      `${fmt(r.raw_limit_s)} / ${fmt(r.raw_limit_ratio)}`,
      TARGETS.raw_limit_ratio,
    ],
    ["raw-ONNX embedding of Quire's stored chunks", fmt(r.raw_limit_embed), ''],
    ['peer ratio if Quire ran at the raw limit', r.peer_ratio_at_raw_limit, ''],
    ['quire --help ms (median of 5)', r.cli_help_ms, TARGETS.cli_help_ms],
    [
      'quire --help ms: linked / node bin/quire.js / npx',
      `${fmt(r.quire_linked_help_ms)} / ${fmt(r.quire_node_help_ms)} / ${fmt(r.quire_npx_help_ms)}`,
      '',
    ],
    [
      'quire --help ratios: linked / node, npx / node',
      `${fmt(r.quire_linked_vs_node)}x, ${fmt(r.quire_npx_vs_node)}x`,
      '~1x, -',
    ],
    ['quire docs ms @ 100k', r.cli_docs_ms_100k, TARGETS.cli_docs_ms_100k],
    ['quire search ms @ 100k (with model load)', r.cli_search_ms_100k, TARGETS.cli_search_ms_100k],
    ['embedder waiting for extraction, s', r.ingest_embedder_wait_s, '~0'],
    ['busy cores during ingest', r.ingest_busy_cores, `${fmt(m.cores)}`],
    ...Object.entries(q).map(([n, v]): [string, unknown, string] => [
      `query p50 / p95 ms @ ${n}`,
      `${v.p50_ms} / ${v.p95_ms}`,
      n === '100000' ? TARGETS.query_p95_ms_100k : n === '1000000' ? TARGETS.query_p95_ms_1m : '',
    ]),
    ['query embedding p50 ms', r.query_embed_p50_ms, ''],
    ['open ms @ 100k', r.open_ms, TARGETS.open_ms],
    ['open ms @ 1M', r.open_ms_1m, TARGETS.open_ms_1m],
    [
      'peak RSS MB ingest / 100k / 1M',
      `${fmt(rss.ingest)} / ${fmt(rss.at_100k)} / ${fmt(rss.at_1m)}`,
      `1M ${TARGETS.rss_mb_1m}`,
    ],
    ['bytes per chunk (dev corpus)', r.bytes_per_chunk, ''],
    [
      'hnsw recall@10 (chosen)',
      r.hnsw && (r.hnsw as Result).recall_at_10,
      fmt((r.hnsw as Result | undefined)?.chosen),
    ],
    ['first-token overhead ms p95', r.first_token_overhead_ms, TARGETS.first_token_overhead_ms],
  ]
  const w0 = Math.max(...rows.map((x) => x[0].length))
  const w1 = Math.max(...rows.map((x) => fmt(x[1]).length))
  const head = `Quire bench (${fmt(r.mode)}) on ${fmt(m.cpu)}, ${fmt(m.cores)} cores, ${fmt(m.ram_gib)} GiB, Node ${fmt(m.node)}, load ${fmt(m.load_avg_1m)}`
  return [head, ...rows.map(([a, b, c]) => `${a.padEnd(w0)}  ${fmt(b).padStart(w1)}  ${c}`)].join('\n')
}
