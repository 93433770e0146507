import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { errorCodeOf, errorMessageOf, QuireError } from '@shared/errors.js'
import { formatInfo, formatOfName, stripImportableExtension } from '@shared/importable-files.js'
import type {
  IngestFileReport,
  IngestProgress,
  IngestReport,
  IngestStage,
  IngestStreamStats,
  LibraryDocument,
} from '@shared/library-types.js'
import type { Embedder } from '../embed/embedder.js'
import { baseName } from '@shared/labels.js'
import { isSameText, type TextIdentity } from '../duplicates/same-text.js'
import { textFingerprint } from '../duplicates/text-fingerprint.js'
import { textSketch } from '../duplicates/text-sketch.js'
import { forgetKeptPages } from '../ocr/kept-pages.js'
import { asDiskFull } from '../store/disk-full.js'
import type { LibraryStore } from '../store/library-store.js'
import type { VectorIndex } from '../vectors/vector-index.js'
import { AsyncChannel } from './async-channel.js'
import { DraftQueue } from './draft-queue.js'
import { discoverFiles, fsProblem } from './discover-files.js'
import { embeddingText } from './chunk-pages.js'
import type { ParseOptions, ParsedDocument } from './parse-document.js'

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
  /** Texts handed to the embedder per call (it batches further); bounds progress granularity. */
  embedBatch?: number
  /** PDF parser; a ParsePool's parse runs extraction on other threads. Default: parseDocument here. */
  parse?: (bytes: Uint8Array, file: string, opts: ParseOptions) => Promise<ParsedDocument>
  /** Recognise scanned pages with OCR (Settings → OCR). Default true. */
  ocr?: boolean
  /**
   * The library folder: recognised pages are kept there until their document is stored, so an
   * interrupted import of a scan resumes where it stopped (ocr/kept-pages.ts). Library.ingest sets it.
   */
  resumeOcrIn?: string
  /** Documents being extracted at once (one per extraction thread). Default 1. */
  parallelParses?: number
  /**
   * Add a file even when a document of the library has the same text (a re-saved or re-exported
   * copy, docs/duplicates.md). Default false: such a file is skipped and said to be the same text.
   */
  keepDuplicateText?: boolean
}

/** A document whose extraction has started: its draft texts stream in, its parse settles later. */
interface Prepared {
  file: string
  sha256: string
  size: number
  drafts: DraftQueue
  parsed: Promise<ParsedDocument>
  /** The same bytes as a document an older version indexed (store/index-version.ts): re-indexing it. */
  refresh: boolean
}

const cancelled = () => new QuireError('CANCELLED', 'Import cancelled.')

/**
 * Imports a batch. Extraction of the next files overlaps embedding of the current one; each
 * document commits in its own transaction; one bad file never stops the batch.
 */
/**
 * Failures that are reported but leave no failed document row: nothing of the file was read (it
 * is missing, forbidden, a link, or unnamable), or the user stopped the import.
 */
const REPORT_ONLY = new Set([
  'CANCELLED',
  'FILE_NOT_FOUND',
  'PERMISSION_DENIED',
  'SKIPPED_SYMLINK',
  'FILE_NAME_NOT_UTF8',
])

export async function ingestFiles(
  deps: IngestDeps,
  inputs: string[],
  opts: IngestOptions = {},
): Promise<IngestReport> {
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
  const skippedShas = new Set<string>()
  /** A file's recognised pages were kept for a resume (ocr/kept-pages.ts): stored or failed, they go. */
  const forgetPages = (sha256: string) => {
    if (opts.resumeOcrIn && sha256) forgetKeptPages(opts.resumeOcrIn, sha256)
  }
  const fail = (file: string, thrown: unknown, sha256 = '', size = 0, refresh = false) => {
    const err = asDiskFull(thrown, `${path.basename(file)} could not be stored`)
    const code = errorCodeOf(err)
    // Kept for a later import only when this one was stopped or could not store them (a full disk).
    if (code !== 'CANCELLED' && code !== 'DISK_FULL') forgetPages(sha256)
    const message =
      code === 'INTERNAL'
        ? `${path.basename(file)} could not be imported: ${errorMessageOf(err)}`
        : errorMessageOf(err)
    // A re-index that failed: the document's older index is still right for its unchanged bytes,
    // so it stays instead of being replaced by a failed row (nothing the library held is lost).
    if (!REPORT_ONLY.has(code) && !refresh) {
      try {
        const { replacedChunkIds } = deps.store.putFailure(
          {
            path: file,
            title: stripImportableExtension(path.basename(file)),
            sha256,
            size,
            format: formatOfName(file)?.format ?? 'pdf',
          },
          code,
          message,
        )
        deps.vectors?.remove(replacedChunkIds)
        if (replacedChunkIds.length)
          opts.onCommitted?.({ documentId: 0, chunkIds: [], vectors: [], replacedChunkIds })
      } catch (recordErr) {
        // A full disk cannot take the failure record either: the report below still says it, and
        // the batch goes on (the next file may be smaller, or space may be freed meanwhile).
        if (errorCodeOf(asDiskFull(recordErr, '')) !== 'DISK_FULL') throw recordErr
      }
    }
    finish({
      file,
      status: 'failed',
      pages: 0,
      chunks: 0,
      ocrPages: 0,
      error: message,
      errorCode: code,
      ...(refresh ? { reindex: true } : {}),
    })
  }

  for (const f of files) progress('queued', f.path, 0, 1)
  /**
   * Parses in flight on other threads (a given `parse` runs on a ParsePool's threads; the default
   * one on this thread, between forward passes): while any runs, the embedder leaves it a core.
   */
  const extracting = { n: 0 }
  const elsewhere = opts.parse !== undefined
  const channel = new AsyncChannel<Prepared>(2)
  const stats: IngestStreamStats = {
    firstEmbeddingAt: null,
    firstEmbeddingCpuMs: null,
    embeddingMs: 0,
    draftsEmbedded: 0,
    draftsReused: 0,
    embeddedAfterExtraction: 0,
  }

  // pdf.js is imported only when this thread parses itself (no ParsePool): opening a library
  // for a search or a listing never loads it.
  const parse = opts.parse ?? (await import('./parse-document.js')).parseDocument
  /** Reads and hashes one file and starts its parse; null when it was skipped or failed (already reported). */
  const start = async (f: (typeof files)[number]): Promise<Prepared | null> => {
    const stored = deps.store.documentByPath(f.path)
    // A file at an outdated document's path is a re-index of it until its bytes say otherwise (a
    // changed file is a new version of the document, imported as any other).
    let refresh = stored?.outdated === true
    if (f.problem) {
      fail(f.path, new QuireError(f.problem.code, f.problem.message), '', 0, refresh)
      return null
    }
    let sha256 = ''
    let size = 0
    try {
      progress('reading', f.path, 0, 1)
      const bytes = await fs.readFile(f.path).catch((e: unknown) => {
        const problem = fsProblem(e, f.path, 'file')!
        throw new QuireError(problem.code, problem.message)
      })
      size = bytes.byteLength
      sha256 = createHash('sha256').update(bytes).digest('hex')
      refresh &&= stored?.sha256 === sha256
      const skip = sameBytes(deps.store, f.path, sha256, stored)
      if (skip) {
        // An early parse (worker/parse-ahead.ts) may have recognised pages of this file before it
        // was found unchanged: they are not needed (again at the batch's end, for pages since).
        skippedShas.add(sha256)
        forgetPages(sha256)
        finish({
          file: f.path,
          status: 'skipped',
          pages: skip.pages,
          chunks: skip.chunks,
          ocrPages: skip.ocrPages,
          error: skip.reason,
          errorCode: null,
          existingDocumentId: skip.documentId,
          ...(skip.duplicateOf ? { duplicateOf: skip.duplicateOf } : {}),
        })
        return null
      }
      const drafts = new DraftQueue()
      if (elsewhere) extracting.n++
      const parsed = parse(bytes, f.path, {
        signal: opts.signal,
        onPage: (d, t) => progress('extracting', f.path, d, t),
        ocr: opts.ocr,
        resumeOcrIn: opts.resumeOcrIn,
        onOcrPage: (d, t) => progress('recognizing', f.path, d, t),
        // Without an embedder there is nothing to start early.
        ...(deps.embedder ? { onDraftTexts: (texts: string[]) => drafts.push(texts) } : {}),
      })
      parsed.then(
        (p) => progress('chunking', f.path, p.chunks.length, p.chunks.length),
        () => {}, // reported when the document's turn comes
      )
      void parsed
        .finally(() => {
          if (elsewhere) extracting.n--
          drafts.close()
        })
        .catch(() => {})
      return { file: f.path, sha256, size, drafts, parsed, refresh }
    } catch (err) {
      fail(f.path, err, sha256, size, refresh)
      return null
    }
  }

  // Up to `parallelParses` files are extracted at once (on a ParsePool's threads) and handed to the
  // embedder in file order as soon as their extraction starts: it embeds a document's draft chunks
  // while the document is still being read. The channel lets extraction run a few documents ahead.
  const produce = async () => {
    const window = Math.max(1, opts.parallelParses ?? 1)
    const parsing = new Set<Promise<void>>()
    try {
      for (const f of files) {
        if (opts.signal?.aborted) break
        while (parsing.size >= window) await Promise.race(parsing)
        const item = await start(f)
        if (!item) continue
        const settled: Promise<void> = item.parsed.then(
          () => void parsing.delete(settled),
          () => void parsing.delete(settled),
        )
        parsing.add(settled)
        await channel.put(item)
      }
    } finally {
      channel.close()
    }
  }

  let lastSave = performance.now()
  let problem: IngestReport['problem']
  /** A failed save loses nothing SQLite holds (reconciliation re-embeds it); the batch says so. */
  const saveVectors = () => {
    try {
      deps.vectors?.save()
      problem = undefined
    } catch (thrown) {
      const err = asDiskFull(thrown, 'the vector index could not be saved')
      problem = { code: errorCodeOf(err), message: errorMessageOf(err) }
    }
  }
  const consume = async () => {
    for (let item = await channel.take(); item; item = await channel.take()) {
      try {
        if (opts.signal?.aborted) throw cancelled()
        const vectors = await embedDocument(deps.embedder, item, opts, progress, stats, extracting)
        const parsed = await item.parsed
        const identity = textIdentity(parsed)
        const twin = opts.keepDuplicateText ? null : sameText(deps.store, item.file, identity)
        if (twin) {
          forgetPages(item.sha256)
          finish({
            file: item.file,
            status: 'skipped',
            pages: twin.pages,
            chunks: twin.chunks,
            ocrPages: twin.ocrPages,
            error: `Same text as ${baseName(twin.path)}, already in the library.`,
            errorCode: null,
            existingDocumentId: twin.id,
            duplicateOf: { documentId: twin.id, file: twin.path, sameBytes: false },
          })
          continue
        }
        progress('indexing', item.file, 0, 1)
        const { documentId, chunkIds, replacedChunkIds } = deps.store.putDocument({
          textFingerprint: identity.fingerprint,
          textSketch: identity.sketch,
          path: item.file,
          title: parsed.title,
          sha256: item.sha256,
          size: item.size,
          format: parsed.format ?? 'pdf',
          pages: parsed.pages,
          chunks: parsed.chunks,
        })
        if (deps.vectors) {
          deps.vectors.remove(replacedChunkIds)
          if (vectors) deps.vectors.add(chunkIds, vectors)
        }
        opts.onCommitted?.({ documentId, chunkIds, vectors: vectors ?? [], replacedChunkIds })
        forgetPages(item.sha256)
        finish({
          file: item.file,
          status: 'indexed',
          pages: parsed.pages.length,
          chunks: chunkIds.length,
          ocrPages: parsed.pages.filter((p) => p.ocr).length,
          format: parsed.format ?? 'pdf',
          error: null,
          errorCode: null,
          ...(item.refresh ? { reindex: true } : {}),
          ...(parsed.unreadable ? { unreadable: parsed.unreadable } : {}),
        })
      } catch (err) {
        if (errorCodeOf(err) === 'CANCELLED') continue
        fail(item.file, err, item.sha256, item.size, item.refresh)
      }
      if (deps.vectors && performance.now() - lastSave > (opts.saveEveryMs ?? 5000)) {
        saveVectors()
        lastSave = performance.now()
      }
    }
  }

  await Promise.all([produce(), consume()])
  for (const sha of skippedShas) forgetPages(sha)
  saveVectors()
  return {
    documents: reports,
    elapsedMs: Math.round(performance.now() - started),
    cancelled: !!opts.signal?.aborted,
    ...(problem ? { problem } : {}),
    stream: {
      firstEmbeddingAt: stats.firstEmbeddingAt,
      firstEmbeddingCpuMs: stats.firstEmbeddingCpuMs,
      embeddingMs: Math.round(stats.embeddingMs),
      draftsEmbedded: stats.draftsEmbedded,
      draftsReused: stats.draftsReused,
      embeddedAfterExtraction: stats.embeddedAfterExtraction,
    },
  }
}

interface SameBytes {
  reason: string
  documentId: number
  pages: number
  chunks: number
  ocrPages: number
  duplicateOf?: IngestFileReport['duplicateOf']
}

const skipOf = (d: LibraryDocument, reason: string, duplicateOf?: SameBytes['duplicateOf']): SameBytes => ({
  reason,
  documentId: d.id,
  pages: d.pages,
  chunks: d.chunks,
  ocrPages: d.ocrPages,
  ...(duplicateOf ? { duplicateOf } : {}),
})

/**
 * A file whose bytes the library already holds is not read again (docs/duplicates.md): at the
 * document's own path or one of its locations, it is unchanged; at another path, that path becomes
 * another location of the document, or its new path when the document's own file is gone (moved).
 * A location whose bytes changed stops being one, and the file is read as any other.
 */
function sameBytes(
  store: LibraryStore,
  file: string,
  sha256: string,
  same: LibraryDocument | null,
): SameBytes | null {
  // A document an older version indexed is read again (that is how it is brought up to date).
  if (same && same.status === 'indexed' && same.sha256 === sha256 && !same.outdated)
    return skipOf(same, 'Already in the library (unchanged).')
  const owner = store.locations.ownerOf(file)
  const located = owner === null ? null : store.document(owner)
  if (located && located.sha256 === sha256 && !located.outdated)
    return skipOf(
      located,
      `Already in the library (unchanged), as another location of ${baseName(located.path)}.`,
    )
  if (owner !== null) store.locations.remove(file)
  const twin = store.indexedDocumentWithSha(sha256)
  if (!twin || twin.path === file) return null
  const duplicateOf = { documentId: twin.id, file: twin.path, sameBytes: true }
  if (!existsSync(twin.path)) {
    store.locations.moveTo(twin.id, file)
    return skipOf(twin, `Already in the library: ${baseName(twin.path)} moved here.`, duplicateOf)
  }
  store.locations.add(twin.id, file)
  return skipOf(
    twin,
    `Same file as ${baseName(twin.path)}, already in the library: kept as another location of it.`,
    duplicateOf,
  )
}

/** What the same-text rule reads of a parsed document (duplicates/same-text.ts). */
function textIdentity(parsed: ParsedDocument): TextIdentity {
  return {
    fingerprint: textFingerprint(parsed.pages),
    sketch: textSketch(parsed.pages),
    pages: formatInfo(parsed.format ?? 'pdf').paged ? parsed.pages.length : null,
    ocrPages: parsed.pages.filter((p) => p.ocr).length,
  }
}

/**
 * The library document with the same text at another path (a re-saved copy), or null: an equal
 * fingerprint is looked up; a nearly equal text is found by comparing sketches.
 */
function sameText(store: LibraryStore, file: string, identity: TextIdentity): LibraryDocument | null {
  const other = (d: LibraryDocument | null) => (d && d.path !== file ? d : null)
  const exact = identity.fingerprint ? other(store.indexedDocumentWithText(identity.fingerprint)) : null
  if (exact || !identity.sketch) return exact
  for (const s of store.textSketches()) {
    const pages = formatInfo(s.format).paged ? s.pages : null
    const candidate: TextIdentity = {
      fingerprint: null,
      sketch: s.sketch,
      pages,
      // Counted only for a candidate whose likeness depends on it (same-text.ts): a count over the
      // document's pages, which every import would otherwise pay for every document of the library.
      get ocrPages() {
        return store.document(s.id)?.ocrPages ?? 0
      },
    }
    if (isSameText(identity, candidate)) {
      const twin = other(store.document(s.id))
      if (twin) return twin
    }
  }
  return null
}

/**
 * A document's vectors, in chunk order. While the document is being read, its draft chunks are
 * embedded as they arrive; once it is parsed, every final chunk whose text a draft already had
 * takes that vector, and the rest are embedded then (length-sorted, so each forward pass pads
 * texts of similar length). Null without an embedder. Throws the parse's error if it failed.
 */
async function embedDocument(
  embedder: Embedder | null,
  item: Prepared,
  opts: IngestOptions,
  progress: (stage: IngestStage, file: string, done: number, total: number) => void,
  stats: IngestStreamStats,
  extracting: { n: number },
): Promise<Float32Array[] | null> {
  if (!embedder) {
    await item.parsed
    return null
  }
  const batch = opts.embedBatch ?? 64
  const known = new Map<string, Float32Array>()
  const embed = async (texts: string[]) => {
    if (opts.signal?.aborted) throw cancelled()
    if (stats.firstEmbeddingAt === null) {
      stats.firstEmbeddingAt = Date.now()
      const cpu = process.cpuUsage()
      stats.firstEmbeddingCpuMs = Math.round((cpu.user + cpu.system) / 1000)
    }
    const t = performance.now()
    const vectors = await embedder.embed(texts, { sharingCores: extracting.n > 0 })
    stats.embeddingMs += performance.now() - t
    texts.forEach((t, k) => known.set(t, vectors[k]!))
  }
  for (let drafts = await item.drafts.take(); drafts; drafts = await item.drafts.take()) {
    const fresh = [...new Set(drafts)].filter((t) => !known.has(t))
    for (let i = 0; i < fresh.length; i += batch) await embed(fresh.slice(i, i + batch))
    stats.draftsEmbedded += fresh.length
  }
  const parsed = await item.parsed
  const texts = parsed.chunks.map((c) => embeddingText(c.heading, c.text))
  const missing = [...new Set(texts.filter((t) => !known.has(t)))].sort((a, b) => a.length - b.length)
  const reused = texts.length - texts.filter((t) => !known.has(t)).length
  stats.draftsReused += reused
  stats.embeddedAfterExtraction += missing.length
  progress('embedding', item.file, reused, texts.length)
  for (let i = 0; i < missing.length; i += batch) {
    await embed(missing.slice(i, i + batch))
    progress('embedding', item.file, Math.min(texts.length, reused + i + batch), texts.length)
  }
  return texts.map((t) => known.get(t)!)
}

// Where the embedded text of a chunk is defined; re-exported for the callers that import it from here.
export { embeddingText }
