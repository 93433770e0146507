import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { errorCodeOf, errorMessageOf, QuireError } from '../../../shared/errors.js'
import type { IngestFileReport, IngestProgress, IngestReport, IngestStage } from '../../../shared/library-types.js'
import type { Embedder } from '../embed/embedder.js'
import type { LibraryStore } from '../store/library-store.js'
import type { VectorIndex } from '../vectors/vector-index.js'
import { AsyncChannel } from './async-channel.js'
import { discoverFiles } from './discover-files.js'
import { parseDocument, type ParsedDocument } from './parse-document.js'

/** What a committed document changed in the vector index, so another process can mirror it. */
export interface CommittedVectors {
  documentId: number
  chunkIds: number[]
  vectors: Float32Array[]
  replacedChunkIds: number[]
}

export interface IngestDeps {
  store: LibraryStore
  embedder: Embedder | null
  vectors: VectorIndex | null
}

export interface IngestOptions {
  signal?: AbortSignal
  onProgress?: (p: IngestProgress) => void
  onCommitted?: (c: CommittedVectors) => void
  /** Save the vector index at most this often during a batch (it is always saved at the end). */
  saveEveryMs?: number
  /** Embedding batch handed to the embedder at once. */
  embedBatch?: number
}

interface Prepared {
  file: string
  sha256: string
  size: number
  parsed: ParsedDocument
}

const cancelled = () => new QuireError('CANCELLED', 'Import cancelled.')

/**
 * Imports a batch. Extraction of the next files overlaps embedding of the current one; each
 * document commits in its own transaction; one bad file never stops the batch.
 */
export async function ingestFiles(deps: IngestDeps, inputs: string[], opts: IngestOptions = {}): Promise<IngestReport> {
  const started = performance.now()
  const files = await discoverFiles(inputs)
  const reports: IngestFileReport[] = []
  const total = files.length
  let filesDone = 0
  const progress = (stage: IngestStage, file: string, done: number, totalUnits: number) =>
    opts.onProgress?.({ stage, file, done, total: totalUnits, filesDone, filesTotal: total })
  const finish = (r: IngestFileReport) => {
    reports.push(r)
    filesDone++
    progress('done', r.file, 1, 1)
  }
  const fail = (file: string, err: unknown, sha256 = '', size = 0) => {
    const code = errorCodeOf(err)
    const message = code === 'INTERNAL' ? `${path.basename(file)} could not be imported: ${errorMessageOf(err)}` : errorMessageOf(err)
    if (code !== 'CANCELLED' && code !== 'FILE_NOT_FOUND') {
      const { replacedChunkIds } = deps.store.putFailure(
        { path: file, title: path.basename(file).replace(/\.pdf$/i, ''), sha256, size },
        code,
        message,
      )
      deps.vectors?.remove(replacedChunkIds)
      if (replacedChunkIds.length) opts.onCommitted?.({ documentId: 0, chunkIds: [], vectors: [], replacedChunkIds })
    }
    finish({ file, status: 'failed', pages: 0, chunks: 0, error: message, errorCode: code })
  }

  for (const f of files) progress('queued', f.path, 0, 1)
  const channel = new AsyncChannel<Prepared>(2)

  const produce = async () => {
    try {
      for (const f of files) {
        if (opts.signal?.aborted) break
        if (f.problem) {
          fail(f.path, new QuireError(f.problem.code, f.problem.message))
          continue
        }
        let sha256 = ''
        let size = 0
        try {
          progress('reading', f.path, 0, 1)
          const bytes = await fs.readFile(f.path).catch((e: NodeJS.ErrnoException) => {
            throw new QuireError('FILE_UNREADABLE', `${path.basename(f.path)} could not be read (${e.code ?? e.message}).`)
          })
          size = bytes.byteLength
          sha256 = createHash('sha256').update(bytes).digest('hex')
          const skip = skipReason(deps.store, f.path, sha256)
          if (skip) {
            finish({ file: f.path, status: 'skipped', pages: skip.pages, chunks: skip.chunks, error: skip.reason, errorCode: null })
            continue
          }
          const parsed = await parseDocument(bytes, f.path, {
            signal: opts.signal,
            onPage: (d, t) => progress('extracting', f.path, d, t),
          })
          progress('chunking', f.path, parsed.chunks.length, parsed.chunks.length)
          await channel.put({ file: f.path, sha256, size, parsed })
        } catch (err) {
          if (errorCodeOf(err) === 'CANCELLED') break
          fail(f.path, err, sha256, size)
        }
      }
    } finally {
      channel.close()
    }
  }

  let lastSave = performance.now()
  const consume = async () => {
    for (let item = await channel.take(); item; item = await channel.take()) {
      try {
        if (opts.signal?.aborted) throw cancelled()
        const vectors = await embedChunks(deps.embedder, item, opts, progress)
        progress('indexing', item.file, 0, 1)
        const { documentId, chunkIds, replacedChunkIds } = deps.store.putDocument({
          path: item.file,
          title: item.parsed.title,
          sha256: item.sha256,
          size: item.size,
          pages: item.parsed.pages,
          chunks: item.parsed.chunks,
        })
        if (deps.vectors) {
          deps.vectors.remove(replacedChunkIds)
          if (vectors) deps.vectors.add(chunkIds, vectors)
          if (performance.now() - lastSave > (opts.saveEveryMs ?? 5000)) {
            deps.vectors.save()
            lastSave = performance.now()
          }
        }
        opts.onCommitted?.({ documentId, chunkIds, vectors: vectors ?? [], replacedChunkIds })
        finish({
          file: item.file,
          status: 'indexed',
          pages: item.parsed.pages.length,
          chunks: chunkIds.length,
          error: null,
          errorCode: null,
        })
      } catch (err) {
        if (errorCodeOf(err) === 'CANCELLED') continue
        fail(item.file, err, item.sha256, item.size)
      }
    }
  }

  await Promise.all([produce(), consume()])
  deps.vectors?.save()
  return { documents: reports, elapsed_ms: Math.round(performance.now() - started), cancelled: !!opts.signal?.aborted }
}

function skipReason(
  store: LibraryStore,
  file: string,
  sha256: string,
): { reason: string; pages: number; chunks: number } | null {
  const same = store.documentByPath(file)
  if (same && same.status === 'indexed' && same.sha256 === sha256) {
    return { reason: 'Already in the library (unchanged).', pages: same.pages, chunks: same.chunks }
  }
  const twin = store.indexedDocumentWithSha(sha256)
  if (twin && twin.path !== file) {
    return { reason: `Same content as ${twin.path}, already in the library.`, pages: twin.pages, chunks: twin.chunks }
  }
  return null
}

async function embedChunks(
  embedder: Embedder | null,
  item: Prepared,
  opts: IngestOptions,
  progress: (stage: IngestStage, file: string, done: number, total: number) => void,
): Promise<Float32Array[] | null> {
  if (!embedder) return null
  const texts = item.parsed.chunks.map((c) => embeddingText(c.heading, c.text))
  const out: Float32Array[] = []
  const batch = opts.embedBatch ?? 64
  progress('embedding', item.file, 0, texts.length)
  for (let i = 0; i < texts.length; i += batch) {
    if (opts.signal?.aborted) throw cancelled()
    out.push(...(await embedder.embed(texts.slice(i, i + batch))))
    progress('embedding', item.file, Math.min(texts.length, i + batch), texts.length)
  }
  return out
}

/** The section heading is embedded with the chunk: it is often the only place the topic is named. */
export function embeddingText(heading: string | null, text: string): string {
  const h = heading ? heading.split(' > ').at(-1) : null
  return h && !text.startsWith(h) ? `${h}\n${text}` : text
}
