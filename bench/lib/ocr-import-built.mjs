// One scanned PDF through the built bundle's ParsePool (out/, `npm run build`) in plain Node, as
// `quire ingest` runs it: no TypeScript loader in this process or its threads (under tsx every
// extraction and recogniser thread loads and source-maps the sources, several CPU-seconds that
// an import never pays). Run by bench/sections/ocr.ts as a child process:
//   node ocr-import-built.mjs SCAN.pdf WORKERS LOW_CONFIDENCE
// prints {cold, warm} as JSON: pages, wall s, CPU-s (every thread of this process), pages read
// under the low-confidence mark. `cold` is a new pool's first document, `warm` the same again.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const [scanFile, workers, low] = process.argv.slice(2)
const chunks = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../out/main/chunks')
const files = fs.readdirSync(chunks)
const poolFile = files.find((f) => f.startsWith('parse-pool-'))
// The extraction thread's own chunk (the app finds it through a `?modulePath` import).
const workerFile = files.find(
  (f) =>
    f.startsWith('parse-worker-') && fs.readFileSync(path.join(chunks, f), 'utf8').includes('parentPort'),
)
if (!poolFile || !workerFile) throw new Error('out/main has no parse pool: run `npm run build` first')
const { ParsePool } = Object.fromEntries(
  Object.values(await import(pathToFileURL(path.join(chunks, poolFile)).href)).map((v) => [v?.name, v]),
)
const scan = fs.readFileSync(scanFile)
const cpuS = () => {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1e6
}
const pool = new ParsePool(Number(workers), pathToFileURL(path.join(chunks, workerFile)), { warmUp: false })
const out = {}
for (const phase of ['cold', 'warm']) {
  const t = performance.now()
  const c = cpuS()
  const parsed = await pool.parse(new Uint8Array(scan), 'scan.pdf')
  const ocr = parsed.pages.filter((p) => p.ocr)
  out[phase] = {
    pages: ocr.length,
    wall: (performance.now() - t) / 1000,
    cpu: cpuS() - c,
    lowConfidence: ocr.filter((p) => (p.ocr.confidence ?? 0) < Number(low)).length,
  }
}
await pool.close()
console.log(JSON.stringify(out))
