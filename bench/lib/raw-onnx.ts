// The embedding model run by onnxruntime-node alone: no tokeniser in the timed part, no pooling,
// no storage. Shared by embed-raw (the ceiling on synthetic and sampled rows) and peer (the raw
// limit on exactly the chunks Quire stored in the same run).
import fs from 'node:fs'
import path from 'node:path'
import { AutoTokenizer } from '@huggingface/transformers'
import * as ort from 'onnxruntime-node'
import { MAX_TOKENS } from '../../src/main/engine/embed/transformers-embedder.js'
import { embeddingText } from '../../src/main/engine/ingest/chunk-pages.js'
import { parseDocument } from '../../src/main/engine/ingest/parse-document.js'
import { DB_FILE } from '../../src/main/engine/library.js'
import { LibraryStore } from '../../src/main/engine/store/library-store.js'
import { openDatabase } from '../../src/main/engine/store/open-database.js'
import { cores, log, modelDir } from './env.js'

export interface Feed {
  feed: Record<string, ort.Tensor>
  rows: number
}

/** One forward pass's inputs: token rows padded to `seq`, padding masked out as the tokenizer does. */
export function feedOf(rows: number[][], seq: number): Feed {
  const n = rows.length * seq
  const ids = new BigInt64Array(n)
  const mask = new BigInt64Array(n)
  rows.forEach((r, b) =>
    r.forEach((t, s) => {
      ids[b * seq + s] = BigInt(t)
      mask[b * seq + s] = 1n
    }),
  )
  const dims = [rows.length, seq]
  return {
    feed: {
      input_ids: new ort.Tensor('int64', ids, dims),
      attention_mask: new ort.Tensor('int64', mask, dims),
      token_type_ids: new ort.Tensor('int64', new BigInt64Array(n), dims),
    },
    rows: rows.length,
  }
}

export function rawSession(threads: number): Promise<ort.InferenceSession> {
  return ort.InferenceSession.create(path.join(modelDir(), 'onnx', 'model_quantized.onnx'), {
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    graphOptimizationLevel: 'all',
  })
}

/** Token ids of each text as Quire's embedder truncates them, sorted by length (least padding). */
export async function tokenizeSorted(texts: string[]): Promise<number[][]> {
  const tokenizer = await AutoTokenizer.from_pretrained(modelDir(), { local_files_only: true })
  return texts
    .map((t) =>
      Array.from(
        tokenizer(t, { truncation: true, max_length: MAX_TOKENS }).input_ids.data as BigInt64Array,
        Number,
      ),
    )
    .sort((a, b) => a.length - b.length)
}

/** Length-sorted rows in batches of `batch`, each padded to its longest row. */
export function batchedFeeds(sorted: number[][], batch: number): Feed[] {
  const out: Feed[] = []
  for (let i = 0; i < sorted.length; i += batch) {
    const rows = sorted.slice(i, i + batch)
    out.push(feedOf(rows, rows.at(-1)!.length))
  }
  return out
}

/** Seconds to run every feed once (after one untimed pass of the first). */
export async function timeFeeds(s: ort.InferenceSession, feeds: Feed[]): Promise<number> {
  await s.run(feeds[0]!.feed)
  const t = performance.now()
  for (const f of feeds) await s.run(f.feed)
  return (performance.now() - t) / 1000
}

export interface RawLimit {
  /** Seconds raw ONNX Runtime takes to embed every text once at the best setting found. */
  embedS: number
  chunksPerS: number
  best: { threads: number; batch: number }
  grid: { threads: number; batch: number; chunks_per_s: number }[]
  meanTokens: number
}

/**
 * The machine's embedding limit for these exact texts: the thread/batch setting that is fastest on
 * a length-spread sample of them, then every text embedded once at that setting.
 */
export async function rawEmbeddingLimit(
  texts: string[],
  { sample = 192, batches = [1, 2, 4, 8, 16, 32], threadsList = [cores()] } = {},
): Promise<RawLimit> {
  const sorted = await tokenizeSorted(texts)
  const every = Math.max(1, Math.floor(sorted.length / sample))
  const probe = sorted.filter((_, i) => i % every === 0)
  const grid: RawLimit['grid'] = []
  for (const threads of threadsList) {
    const s = await rawSession(threads)
    for (const batch of batches) {
      const secs = await timeFeeds(s, batchedFeeds(probe, batch))
      grid.push({ threads, batch, chunks_per_s: Math.round((probe.length / secs) * 10) / 10 })
    }
    await s.release()
  }
  const best = grid.reduce((a, b) => (b.chunks_per_s > a.chunks_per_s ? b : a))
  const s = await rawSession(best.threads)
  const embedS = await timeFeeds(s, batchedFeeds(sorted, best.batch))
  await s.release()
  const meanTokens = Math.round(sorted.reduce((n, r) => n + r.length, 0) / sorted.length)
  log(
    `raw onnx on ${sorted.length} texts (mean ${meanTokens} tokens), threads=${best.threads} batch=${best.batch}: ${embedS.toFixed(1)} s`,
  )
  return {
    embedS,
    chunksPerS: Math.round((sorted.length / embedS) * 10) / 10,
    best: { threads: best.threads, batch: best.batch },
    grid,
    meanTokens,
  }
}

/** The text Quire embedded for every chunk a library holds (heading and text, as the importer embeds them). */
export function storedEmbeddingTexts(libraryDir: string): string[] {
  const db = openDatabase(path.join(libraryDir, DB_FILE))
  try {
    const store = new LibraryStore(db)
    return store.chunkTexts(store.indexedChunkIds()).map((c) => embeddingText(c.heading, c.text))
  } finally {
    db.close()
  }
}

/** CPU seconds of extracting the files once on this thread, drafts included as Quire's threads make them. */
export async function extractionCpuS(files: string[]): Promise<number> {
  const c0 = process.cpuUsage()
  for (const file of files)
    await parseDocument(new Uint8Array(fs.readFileSync(file)), file, { onDraftTexts: () => {} })
  const c = process.cpuUsage(c0)
  return (c.user + c.system) / 1e6
}
