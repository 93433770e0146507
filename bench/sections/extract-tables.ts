// What finding tables costs PDF extraction: the dev corpus (and the tables set's PDFs when
// TABLES_CORPUS names their folder) read with tables found and without, alternating document by
// document in one process, in CPU seconds of this process (one thread), so the machine's other
// load weighs on both sides alike. docs/tables.md.
import fs from 'node:fs'
import path from 'node:path'
import { readPdf } from '../../src/main/engine/ingest/readers/pdf.js'
import { arg, emit, ensureCorpus, log } from '../lib/env.js'
import { round } from '../lib/stats.js'

const reps = Number(arg('reps', '3'))
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

async function cpuSeconds(
  bytes: Uint8Array,
  file: string,
  tables: boolean,
): Promise<{ s: number; pages: number }> {
  const cpu0 = process.cpuUsage()
  const parsed = await readPdf(bytes, file, { ocr: false, tables })
  const cpu = process.cpuUsage(cpu0)
  return { s: (cpu.user + cpu.system) / 1e6, pages: parsed.pages.length }
}

// Warm-up: module load and JIT are paid once, not per document.
await cpuSeconds(docs[0]!.bytes, docs[0]!.file, true)
await cpuSeconds(docs[0]!.bytes, docs[0]!.file, false)
let withTables = 0
let without = 0
let pages = 0
for (let r = 0; r < reps; r++)
  for (const [i, d] of docs.entries()) {
    // Which side goes first alternates, so neither always runs on a warmer cache.
    const first = (r + i) % 2 === 0
    const a = await cpuSeconds(d.bytes, d.file, first)
    const b = await cpuSeconds(d.bytes, d.file, !first)
    withTables += first ? a.s : b.s
    without += first ? b.s : a.s
    if (r === 0) pages += a.pages
  }
log(
  `extract-tables: ${pages} pages × ${reps}: ${withTables.toFixed(2)} CPU-s with tables, ${without.toFixed(2)} without`,
)
emit({
  documents: docs.length,
  pages,
  extract_cpu_s_with_tables: round(withTables / reps, 2),
  extract_cpu_s_without_tables: round(without / reps, 2),
  // Extraction time with table finding over without: 1.15 is the ceiling.
  extract_tables_cost_ratio: round(withTables / without, 3),
})
