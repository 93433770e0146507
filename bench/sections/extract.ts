// PDF extraction alone (pdf.js text + Quire's line grouping, cleaning and chunking) on the dev corpus,
// through the ParsePool the importer uses, with 1 thread and with one per core.
import fs from 'node:fs'
import { ParsePool } from '../../src/main/engine/worker/parse-pool.js'
import { arg, cores, emit, ensureCorpus, log } from '../lib/env.js'
import { repeat, summarize } from '../lib/stats.js'

const reps = Number(arg('reps', '3'))
// Largest first, so the last document to finish is a short one and threads end together.
const docs = ensureCorpus()
  .map((file) => ({ file, bytes: fs.readFileSync(file) }))
  .sort((a, b) => b.bytes.byteLength - a.bytes.byteLength)

async function measure(workers: number) {
  const pool = new ParsePool(workers)
  try {
    // Warm-up: thread start, module load and JIT are paid once per import, not per page.
    const smallest = docs.at(-1)!
    await Promise.all(Array.from({ length: workers }, () => pool.parse(smallest.bytes, smallest.file)))
    const runs = await repeat(reps, async () => {
      const cpu0 = process.cpuUsage()
      const t = performance.now()
      const parsed = await Promise.all(docs.map((d) => pool.parse(d.bytes, d.file)))
      const s = (performance.now() - t) / 1000
      // CPU time of this process and its threads: what extraction costs, whatever else the machine runs.
      const cpu = process.cpuUsage(cpu0)
      const cpuS = (cpu.user + cpu.system) / 1e6
      const pages = parsed.reduce((n, p) => n + p.pages.length, 0)
      log(`extract ${workers}w: ${pages} pages in ${s.toFixed(2)} s, ${cpuS.toFixed(2)} CPU-s`)
      return { pages, pps: pages / s, perCpuS: pages / cpuS }
    })
    return {
      pages: runs[0]!.pages,
      pps: summarize(runs.map((r) => r.pps)),
      perCpuS: summarize(runs.map((r) => r.perCpuS)),
    }
  } finally {
    await pool.close()
  }
}

const one = await measure(1)
const all = await measure(cores())
emit({
  pages: one.pages,
  documents: docs.length,
  workers: cores(),
  extract_pages_per_s_1w: one.pps.median,
  extract_pages_per_s: all.pps.median,
  // Pages per CPU-second (one thread / one per core): the rate an idle core gives, load aside.
  extract_pages_per_cpu_s_1w: one.perCpuS.median,
  extract_pages_per_cpu_s: all.perCpuS.median,
  spread: { extract_pages_per_s_1w: one.pps, extract_pages_per_s: all.pps },
})
