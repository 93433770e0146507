// What finding tables costs PDF extraction where the import extracts: in a parse thread of a
// ParsePool (worker/parse-pool.ts) with the import's heap limits (PARSE_THREAD_MEMORY_MB) and the
// import's options (drafts for the embedder, OCR allowed), rather than on the main thread without
// a heap cap (extract-tables.ts, which understates it: a capped heap collects more often). The dev
// corpus (and the tables set's PDFs when TABLES_CORPUS names their folder) is read with tables
// found and without, alternating document by document through the same thread, which side goes
// first alternating too, so the machine's other load weighs on both sides alike. Per side: CPU
// seconds of this process (the parse thread, and this thread receiving its result), wall seconds,
// and the parse thread's own garbage collections (bench/lib/gc-parse-worker-entry.js).
// docs/tables.md ("Cost").
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { BroadcastChannel } from 'node:worker_threads'
import { PARSE_THREAD_MEMORY_MB, ParsePool } from '../../src/main/engine/worker/parse-pool.js'
import { arg, emit, ensureCorpus, log } from '../lib/env.js'
import { round } from '../lib/stats.js'

const reps = Number(arg('reps', '3'))
const memoryMb = Number(arg('memory-mb', String(PARSE_THREAD_MEMORY_MB)))
const youngMb = arg('young-mb', '') ? Number(arg('young-mb', '')) : undefined
const tablesDir = process.env.TABLES_CORPUS
const files = [
  ...ensureCorpus(),
  ...(tablesDir && fs.existsSync(tablesDir)
    ? fs
        .readdirSync(tablesDir)
        .filter((f) => f.endsWith('.pdf'))
        .sort()
        .map((f) => path.join(tablesDir, f))
    : []),
]
const docs = files.map((file) => ({ file, bytes: new Uint8Array(fs.readFileSync(file)) }))

interface GcTotals {
  scavenges: number
  markCompacts: number
  other: number
  gcMs: number
  heapLimitMb: number
  youngSpaceMb: number | null
}

const gcChannel = new BroadcastChannel('quire-bench-parse-gc')
/** The parse thread's running GC totals (asked again until it answers: it may still be starting). */
function gcTotals(): Promise<GcTotals> {
  return new Promise((resolve) => {
    const ask = setInterval(() => gcChannel.postMessage('totals'), 250)
    const answered = (m: unknown): void => {
      clearInterval(ask)
      gcChannel.removeEventListener('message', answered)
      resolve((m as { data: GcTotals }).data)
    }
    gcChannel.addEventListener('message', answered)
    gcChannel.postMessage('totals')
  })
}

const pool = new ParsePool(1, new URL('../lib/gc-parse-worker-entry.js', import.meta.url), {
  warmUp: false,
  memoryMb,
  youngMb,
})

interface Side {
  cpuS: number
  wallS: number
  scavenges: number
  markCompacts: number
  /** Incremental marking steps and weak callbacks: the work V8 spreads ahead of a full collection. */
  otherGc: number
  gcMs: number
}
const zero = (): Side => ({ cpuS: 0, wallS: 0, scavenges: 0, markCompacts: 0, otherGc: 0, gcMs: 0 })

async function once(d: (typeof docs)[number], tables: boolean): Promise<Side & { pages: number }> {
  const g0 = await gcTotals()
  const cpu0 = process.cpuUsage()
  const t0 = performance.now()
  const parsed = await pool.parse(d.bytes, d.file, { tables, onDraftTexts: () => {} })
  const wallS = (performance.now() - t0) / 1000
  const cpu = process.cpuUsage(cpu0)
  const g1 = await gcTotals()
  return {
    cpuS: (cpu.user + cpu.system) / 1e6,
    wallS,
    scavenges: g1.scavenges - g0.scavenges,
    markCompacts: g1.markCompacts - g0.markCompacts,
    otherGc: g1.other - g0.other,
    gcMs: g1.gcMs - g0.gcMs,
    pages: parsed.pages.length,
  }
}

function add(to: Side, r: Side): void {
  to.cpuS += r.cpuS
  to.wallS += r.wallS
  to.scavenges += r.scavenges
  to.markCompacts += r.markCompacts
  to.otherGc += r.otherGc
  to.gcMs += r.gcMs
}

const load0 = os.loadavg()[0]!
try {
  // Warm-up: thread start, module load and JIT are paid once per import, not per document.
  await once(docs[0]!, true)
  await once(docs[0]!, false)
  const limits = await gcTotals()
  const withTables = zero()
  const without = zero()
  let pages = 0
  for (let r = 0; r < reps; r++)
    for (const [i, d] of docs.entries()) {
      // Which side goes first alternates, so neither always runs on a warmer cache or heap.
      const first = (r + i) % 2 === 0
      const a = await once(d, first)
      const b = await once(d, !first)
      add(withTables, first ? a : b)
      add(without, first ? b : a)
      if (r === 0) pages += a.pages
    }
  const per = (s: Side) => ({
    cpu_s: round(s.cpuS / reps, 2),
    wall_s: round(s.wallS / reps, 2),
    scavenges: round(s.scavenges / reps, 1),
    mark_compacts: round(s.markCompacts / reps, 1),
    other_gc: round(s.otherGc / reps, 1),
    gc_s: round(s.gcMs / 1000 / reps, 2),
  })
  const load1 = os.loadavg()[0]!
  log(
    `extract-tables-import: ${pages} pages × ${reps}, parse thread capped at ${limits.heapLimitMb} MB: ` +
      `${(withTables.cpuS / reps).toFixed(2)} CPU-s with tables, ${(without.cpuS / reps).toFixed(2)} without a pass ` +
      `(${withTables.markCompacts / reps} / ${without.markCompacts / reps} full collections), load ${load0.toFixed(2)} → ${load1.toFixed(2)}`,
  )
  emit({
    documents: docs.length,
    pages,
    reps,
    parse_thread_heap_limit_mb: limits.heapLimitMb,
    parse_thread_young_space_mb: limits.youngSpaceMb,
    // A pass over the documents, averaged over the reps.
    with_tables: per(withTables),
    without_tables: per(without),
    // Extraction CPU time with table finding over without, in the import's parse thread: 1.15 is
    // the ceiling.
    import_tables_cost_ratio: round(withTables.cpuS / without.cpuS, 3),
    import_tables_wall_ratio: round(withTables.wallS / without.wallS, 3),
    load_avg_1m: [round(load0, 2), round(load1, 2)],
  })
} finally {
  gcChannel.close()
  await pool.close()
}
