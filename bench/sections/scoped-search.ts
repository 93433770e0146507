// Search scoped to a collection (docs/collections.md): a 1,000-document collection of a synthetic
// 100,000-passage library (10,000 documents of 10 passages), keyword-only and hybrid, through the
// owner of the open library as the app and the CLI search (OpenLibrary.search with a collection
// scope). Built once and cached under .cache/bench; questions are the dev QA set's.
// `tsx bench/sections/scoped-search.ts [--docs 10000] [--per-doc 10] [--collection 1000] [--queries 100] [--reps 3]`
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { loadEmbedder } from '../../src/main/engine/embed/transformers-embedder.js'
import { inspectModelDir } from '../../src/main/engine/embed/model-dir.js'
import { embeddingText } from '../../src/main/engine/ingest/ingest-files.js'
import { DB_FILE, Library } from '../../src/main/engine/library.js'
import { OpenLibrary } from '../../src/main/engine/open-library/open-library.js'
import { CollectionStore } from '../../src/main/engine/store/collection-store.js'
import { LibraryStore } from '../../src/main/engine/store/library-store.js'
import { openDatabase } from '../../src/main/engine/store/open-database.js'
import { DEFAULT_VECTOR_PARAMS, VectorIndex } from '../../src/main/engine/vectors/vector-index.js'
import { arg, CACHE, emit, log, modelDir, peakRssMb, devQuestions } from '../lib/env.js'
import { parsedCorpus } from '../lib/parsed-corpus.js'
import { quantile, repeat, summarize } from '../lib/stats.js'
import { Rng, TextSource, VectorSource } from '../lib/synthetic.js'

const docs = Number(arg('docs', '10000'))
const perDoc = Number(arg('per-doc', '10'))
const inCollection = Number(arg('collection', '1000'))
const perRep = Number(arg('queries', '100'))
const reps = Number(arg('reps', '3'))
const DIM = 384
const COLLECTION = 'Case 14'
const dir = path.join(CACHE, `scoped-${docs}x${perDoc}-c${inCollection}-v1`)
const marker = path.join(dir, 'complete.json')

if (!fs.existsSync(marker)) await build()
const questions = devQuestions(process.env.QUIRE_SHARED)

const embedder = await loadEmbedder(modelDir())
const figures: Record<string, unknown> = {}
const spread: Record<string, unknown> = {}
for (const mode of ['keyword', 'hybrid'] as const) {
  const owner = OpenLibrary.over(await Library.open(dir, mode === 'hybrid' ? { embedder } : {}))
  const collectionId = owner.collections.requireByName(COLLECTION).id
  const scope = { kind: 'collection' as const, collectionId }
  // The first search of the collection after the open: it reads the scope's chunk ids and, in
  // hybrid mode, copies the scope's vectors (docs/collections.md, "How fast a scoped search is").
  const first = performance.now()
  await owner.search(questions[0]!, { scope })
  const firstMs = performance.now() - first
  for (const q of questions.slice(1, 10)) await owner.search(q, { scope })
  const runs = await repeat(reps, async (rep) => {
    const lat: number[] = []
    // Process CPU time (every thread: ONNX Runtime's embed the question), against a shared machine.
    const cpu = process.cpuUsage()
    for (let i = 0; i < perRep; i++) {
      const q = questions[(rep * perRep + i) % questions.length]!
      const t = performance.now()
      const r = await owner.search(q, { scope, k: 6 })
      lat.push(performance.now() - t)
      if (r.mode !== mode) throw new Error(`searched in ${r.mode} mode, not ${mode}`)
    }
    const used = process.cpuUsage(cpu)
    return {
      p50: quantile(lat, 0.5),
      p95: quantile(lat, 0.95),
      cpu: (used.user + used.system) / 1000 / perRep,
    }
  })
  const p50 = summarize(runs.map((r) => r.p50))
  const p95 = summarize(runs.map((r) => r.p95))
  const cpu = summarize(runs.map((r) => r.cpu))
  log(
    `scoped search (${mode}), ${inCollection} of ${docs} documents: p50 ${p50.median} ms, p95 ${p95.median} ms, ` +
      `CPU ${cpu.median} ms a search, first search ${Math.round(firstMs)} ms, load ${os.loadavg()[0]!.toFixed(1)}`,
  )
  figures[`${mode}_p50_ms`] = p50.median
  figures[`${mode}_p95_ms`] = p95.median
  figures[`${mode}_cpu_ms`] = cpu.median
  figures[`${mode}_first_ms`] = Math.round(firstMs)
  spread[`${mode}_p95_ms`] = p95
  spread[`${mode}_cpu_ms`] = cpu
  await owner.close()
}
await embedder.dispose()
emit({
  load_1min: Number(os.loadavg()[0]!.toFixed(1)),
  documents: docs,
  chunks: docs * perDoc,
  collection_documents: inCollection,
  ...figures,
  rss_mb: peakRssMb(),
  spread,
})

/** The synthetic library: real technical prose's word stream, clustered random vectors, one collection. */
async function build(): Promise<void> {
  fs.rmSync(dir, { recursive: true, force: true })
  fs.mkdirSync(dir, { recursive: true })
  const check = inspectModelDir(modelDir())
  if (!check.ok) throw new Error(check.reason)
  const corpus = await parsedCorpus()
  const real = corpus.flatMap((d) => d.parsed.chunks.map((c) => embeddingText(c.heading, c.text)))
  const text = new TextSource(
    real.join(' ').split(/\s+/),
    real.map((t) => t.split(/\s+/).length),
    new Rng(1),
  )
  const vecs = new VectorSource(DIM, new Rng(2))
  const db = openDatabase(path.join(dir, DB_FILE))
  const store = new LibraryStore(db)
  const index = await VectorIndex.open(dir, check.modelId, DIM, DEFAULT_VECTOR_PARAMS)
  const t = performance.now()
  const ids: number[] = []
  for (let d = 0; d < docs; d++) {
    const { chunkIds, documentId } = store.putDocument({
      path: `/synthetic/case-${d}.pdf`,
      title: `Synthetic ${d}`,
      sha256: `scoped-${d}`,
      size: 0,
      pages: [],
      chunks: Array.from({ length: perDoc }, (_, i) => ({
        ord: i,
        heading: `Section ${i}`,
        text: text.next(),
        pageStart: 1,
        pageEnd: 1,
        spans: [],
      })),
    })
    ids.push(documentId)
    index.add(
      chunkIds,
      chunkIds.map(() => vecs.next()),
    )
    if (d % 1000 === 0) log(`scoped: ${d * perDoc} chunks, ${((performance.now() - t) / 1000).toFixed(0)} s`)
  }
  // The collection: every tenth document, spread over the library as a case's files would be.
  const collections = new CollectionStore(db)
  const c = collections.create(COLLECTION)
  const step = Math.max(1, Math.floor(docs / inCollection))
  collections.add(c.id, ids.filter((_, i) => i % step === 0).slice(0, inCollection))
  index.save()
  db.close()
  fs.writeFileSync(marker, JSON.stringify({ build_s: Math.round((performance.now() - t) / 1000) }))
}
