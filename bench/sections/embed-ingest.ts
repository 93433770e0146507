// Embedding as Quire's importer drives it: ingestFiles with extraction taken out (a parser that
// returns the already-parsed corpus), so the time is tokenisation, batching, ONNX, pooling, SQLite
// and the vector index, on real chunk text, with the embedder's default threads and batch size.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ingestFiles } from '../../src/main/engine/ingest/ingest-files.js'
import { Library } from '../../src/main/engine/library.js'
import { arg, emit, log, modelDir } from '../lib/env.js'
import { parsedCorpus } from '../lib/parsed-corpus.js'
import { repeat, summarize } from '../lib/stats.js'

const reps = Number(arg('reps', '3'))
/** Keep every n-th chunk of each document (quick runs embed a quarter of the corpus). */
const every = Number(arg('every', '1'))
const corpus = await parsedCorpus()
const byFile = new Map(
  corpus.map(({ file, parsed }) => [
    file,
    { ...parsed, chunks: parsed.chunks.filter((_, i) => i % every === 0) },
  ]),
)
const chunks = [...byFile.values()].reduce((n, p) => n + p.chunks.length, 0)

const runs = await repeat(reps, async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-bench-embed-'))
  const lib = await Library.open(dir, { modelDir: modelDir() })
  try {
    const t = performance.now()
    const report = await ingestFiles(
      { store: lib.store, embedder: lib.embedder, vectors: lib.vectors },
      [...byFile.keys()],
      {
        parse: async (_bytes, file) => byFile.get(file)!,
      },
    )
    const s = (performance.now() - t) / 1000
    const indexed = report.documents.filter((d) => d.status === 'indexed').length
    if (indexed !== byFile.size) throw new Error(`only ${indexed} of ${byFile.size} documents indexed`)
    log(`ingest path: ${chunks} chunks in ${s.toFixed(1)} s = ${(chunks / s).toFixed(1)} chunks/s`)
    return chunks / s
  } finally {
    await lib.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
})
const r = summarize(runs)
emit({ embed_chunks_per_s: r.median, embed_chunks: chunks, spread: { embed_chunks_per_s: r } })
