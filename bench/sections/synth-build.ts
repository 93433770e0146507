// Builds (once, cached under .cache/bench) a synthetic library of N chunks with Quire's own store
// and vector index, for the query and open-time figures at scale.
import fs from 'node:fs'
import path from 'node:path'
import { embeddingText } from '../../src/main/engine/ingest/ingest-files.js'
import { LibraryStore } from '../../src/main/engine/store/library-store.js'
import { openDatabase } from '../../src/main/engine/store/open-database.js'
import { inspectModelDir } from '../../src/main/engine/embed/model-dir.js'
import { DEFAULT_VECTOR_PARAMS, VectorIndex } from '../../src/main/engine/vectors/vector-index.js'
import { DB_FILE } from '../../src/main/engine/library.js'
import { arg, CACHE, dirBytes, emit, log, modelDir, peakRssMb } from '../lib/env.js'
import { parsedCorpus } from '../lib/parsed-corpus.js'
import { Rng, TextSource, VectorSource } from '../lib/synthetic.js'

const n = Number(arg('n', '10000'))
const efc = Number(arg('efc', String(DEFAULT_VECTOR_PARAMS.efConstruction)))
const PER_DOC = 500
const DIM = 384
const VERSION = 2
export const libDir = (count: number, ef: number) =>
  path.join(CACHE, `synthetic-${count}-m${DEFAULT_VECTOR_PARAMS.m}-efc${ef}-v${VERSION}`)
const dir = libDir(n, efc)
const marker = path.join(dir, 'complete.json')

if (fs.existsSync(marker)) {
  log(`synthetic ${n}: cached at ${dir}`)
  emit({ ...JSON.parse(fs.readFileSync(marker, 'utf8')), cached: true })
} else {
  fs.rmSync(dir, { recursive: true, force: true })
  fs.mkdirSync(dir, { recursive: true })
  const check = inspectModelDir(modelDir())
  if (!check.ok) throw new Error(check.reason)
  const corpus = await parsedCorpus()
  const real = corpus.flatMap((d) => d.parsed.chunks.map((c) => embeddingText(c.heading, c.text)))
  const words = real.join(' ').split(/\s+/)
  const text = new TextSource(
    words,
    real.map((t) => t.split(/\s+/).length),
    new Rng(1),
  )
  const vecs = new VectorSource(DIM, new Rng(2))
  const db = openDatabase(path.join(dir, DB_FILE))
  const store = new LibraryStore(db)
  const index = await VectorIndex.open(dir, check.modelId, DIM, {
    ...DEFAULT_VECTOR_PARAMS,
    efConstruction: efc,
  })
  const t = performance.now()
  let sqlMs = 0
  let hnswMs = 0
  for (let d = 0; d * PER_DOC < n; d++) {
    const count = Math.min(PER_DOC, n - d * PER_DOC)
    const chunks = Array.from({ length: count }, (_, i) => ({
      ord: i,
      heading: `Section ${d}.${Math.floor(i / 10)}`,
      text: text.next(),
      pageStart: 1 + Math.floor(i / 3),
      pageEnd: 1 + Math.floor(i / 3),
      spans: [],
    }))
    const t0 = performance.now()
    // Pages stay small (the figures here are about chunks); real bytes per chunk come from the dev corpus import.
    const { chunkIds } = store.putDocument({
      path: `/synthetic/doc-${d}.pdf`,
      title: `Synthetic ${d}`,
      sha256: `synthetic-${d}`,
      size: 0,
      pages: [],
      chunks,
    })
    const t1 = performance.now()
    index.add(
      chunkIds,
      chunkIds.map(() => vecs.next()),
    )
    hnswMs += performance.now() - t1
    sqlMs += t1 - t0
    if (d % 20 === 0)
      log(
        `synthetic ${n}: ${Math.min(n, (d + 1) * PER_DOC)} chunks, ${((performance.now() - t) / 1000).toFixed(0)} s`,
      )
  }
  index.save()
  db.close()
  const result = {
    chunks: n,
    efConstruction: efc,
    build_s: Math.round((performance.now() - t) / 1000),
    sqlite_s: Math.round(sqlMs / 1000),
    hnsw_s: Math.round(hnswMs / 1000),
    bytes_per_chunk: Math.round(dirBytes(dir) / n),
    rss_mb_build: peakRssMb(),
  }
  fs.writeFileSync(marker, JSON.stringify(result))
  emit({ ...result, cached: false })
}
