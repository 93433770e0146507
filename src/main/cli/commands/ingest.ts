import fs from 'node:fs'
import path from 'node:path'
import { DB_FILE } from '../../engine/store/db-file.js'
import { discoverFiles } from '../../engine/ingest/discover-files.js'
import { inspectModelDir } from '../../engine/embed/model-dir.js'
import { NO_MODEL } from '../../services/model-locations.js'
import { DEFAULT_PARSE_WORKER, defaultParseWorkers, ParsePool } from '../../engine/worker/parse-pool.js'
import { runImportBatch } from '../../engine/open-library/import-batch.js'
import { collectionName } from '../../engine/store/collection-store.js'
import { printJson, stopOnInterrupt, type Io } from '../output.js'
import { createProgressBar } from '../progress-bar.js'
import {
  contextHeadersExitCode,
  contextHeadersJson,
  contextHeadersLine,
  contextHeadersStep,
} from '../context-headers-step.js'
import { forTerminal } from '../terminal-text.js'
import { ingestRemedy } from '@shared/ingest-remedies.js'
import { countOf } from '@shared/labels.js'
import { formatExtent } from '@shared/importable-files.js'
import { skippedNotice } from '@shared/skipped-files.js'
import { KEPT_OLDER_INDEX, keptOlderIndex, NOTHING_OUTDATED } from '@shared/outdated-index.js'
import { unreadablePagesNote } from '@shared/unreadable-pages.js'

/** Worker scripts of a bundled build; missing = the TypeScript-source entries (tsx). */
export interface IngestWorkerPaths {
  workerUrl?: string
  parseWorkerUrl?: string
}

/** What the first Ctrl-C prints while the import stops. */
export const INGEST_CANCELLING =
  'Cancelling the import; documents already indexed stay in the library. Press Ctrl-C again to quit at once.'

export interface IngestCommandOptions {
  library: string
  /** null: keyword-only (`--model-dir none`). */
  modelDir: string | null
  json: boolean
  /** OCR scanned pages (default true; `--no-ocr`). */
  ocr?: boolean
  /** Also import the library's outdated documents again (`--outdated`): that re-indexes them. */
  outdated?: boolean
  /** Add files whose text the library already holds (`--keep-duplicates`, docs/duplicates.md). */
  keepDuplicates?: boolean
  /** `--collection NAME`: the documents go into that collection, made when there is none. */
  collection?: string
  workers?: IngestWorkerPaths
  /**
   * `--context-headers`: after the import, the local model writes a one-line context for each
   * passage without one (cli/context-headers-step.ts), through `ollamaUrl`/`model` as `ask` does.
   */
  contextHeaders?: { ollamaUrl?: string; model?: string }
}

export async function ingestCommand(given: string[], opts: IngestCommandOptions, io: Io): Promise<number> {
  // A bad collection name stops the command before a long import, not after it.
  const collection = opts.collection === undefined ? null : collectionName(opts.collection)
  const paths = opts.outdated ? [...given, ...(await outdatedPaths(opts.library))] : given
  // Nothing to import: `--context-headers` alone resumes the headers of what is already imported.
  if (paths.length === 0 && opts.contextHeaders && !opts.outdated) return headersOnly(opts, io)
  if (paths.length === 0) {
    if (opts.outdated) {
      if (opts.json)
        printJson(io, { documents: [], elapsed_ms: 0, first_embedding_s: null, first_embedding_cpu_s: null })
      else io.stdout.write(`${NOTHING_OUTDATED}\n`)
      return 0
    }
    io.stderr.write(
      'quire ingest: name the files or folders to import, or give --outdated to re-index what an older version of Quire indexed.\n',
    )
    return 2
  }
  // The mode is decided from the model folder alone: loading the model here too would cost a
  // second model load (~1 s) before the worker, which opens the library (and reconciles its
  // vector index) itself, could start.
  const model = opts.modelDir
    ? inspectModelDir(opts.modelDir)
    : { ok: false as const, reason: `--model-dir ${NO_MODEL} was given.` }
  if (!model.ok && !opts.json) {
    // The model folder's reason is a fragment ("Model folder not found: …"): end it as a sentence.
    const reason = model.reason.replace(/\.?$/, '.')
    const fetch = opts.modelDir ? ' (npm run fetch-model puts one in resources/models)' : ''
    io.stderr.write(
      `Keyword-only mode: ${reason} Passages will be embedded when a model is available${fetch}.\n`,
    )
  }
  // The extraction threads start here, beside the import worker's own start-up rather than after
  // it: they load pdf.js while that thread loads its code and the model. No warm-up parse: the
  // first documents are already waiting, and they warm pdf.js up just as well.
  const parseScript = opts.workers?.parseWorkerUrl ?? DEFAULT_PARSE_WORKER
  const pool = ParsePool.available(parseScript)
    ? new ParsePool(defaultParseWorkers(), parseScript, { warmUp: false })
    : null
  const bar = opts.json ? null : createProgressBar(io)
  const controller = new AbortController()
  // The first Ctrl-C cancels and says so at once: the import thread may be inside a long native
  // step (loading the model, recognising a page) for a second or more before it stops. The
  // listener then goes, so a second Ctrl-C ends the process at once (what a kill leaves, SQLite
  // rolls back and the next open reconciles).
  const release = stopOnInterrupt(io.interrupts ?? process, controller, () =>
    io.stderr.write(`${io.stdout.isTTY ? '\n' : ''}${INGEST_CANCELLING}\n`),
  )
  try {
    const report = await runImportBatch({
      libraryDir: opts.library,
      modelDir: model.ok ? model.dir : null,
      paths,
      ocr: opts.ocr,
      ...(opts.keepDuplicates ? { keepDuplicateText: true } : {}),
      ...(pool ? { parsePorts: pool.lend() } : {}),
      ...opts.workers,
      signal: controller.signal,
      onProgress: (p) => {
        if (bar) bar.update(p)
        // With --json too: stdout stays the report, and a person watching sees why nothing moves.
        else if (p.stage === 'waiting' && p.message) io.stderr.write(`${p.message}\n`)
      },
    })
    bar?.done()
    const headers =
      opts.contextHeaders && !report.cancelled
        ? await contextHeadersStep(
            {
              ...opts.contextHeaders,
              library: opts.library,
              modelDir: model.ok ? model.dir : null,
              signal: controller.signal,
              progress: !opts.json,
            },
            io,
          )
        : null
    // The library code loads only now: an import's start waits for nothing.
    const into = collection
      ? await (
          await import('../../engine/open-library/batch-collection.js')
        ).addBatchToCollection(opts.library, collection, report)
      : null
    // Files in the given folders that Quire does not import: named, as the app names dropped files
    // it cannot import. Listed after the import, so its start waits for nothing.
    const passedOver: string[] = []
    await discoverFiles(given, passedOver)
    if (opts.json) {
      printJson(io, {
        documents: report.documents.map((d) => ({
          file: d.file,
          status: d.status,
          pages: d.pages,
          chunks: d.chunks,
          ocr_pages: d.ocrPages ?? 0,
          error: d.error,
          code: d.errorCode,
          remedy: d.errorCode ? ingestRemedy(d.errorCode, null, 'cli').remedy : null,
          reindex: d.reindex ?? false,
          // Only on a file whose content the library already holds (docs/duplicates.md).
          ...(d.duplicateOf
            ? { duplicate_of: { file: d.duplicateOf.file, same_bytes: d.duplicateOf.sameBytes } }
            : {}),
          unreadable_pages: d.unreadable?.pages ?? [],
          ...(d.unreadable?.endsEarly ? { ends_early: true } : {}),
        })),
        elapsed_ms: report.elapsedMs,
        // From this process's start to the first forward pass of the embedder (null: nothing was
        // embedded, e.g. keyword-only mode): how long a user waits before indexing really starts.
        first_embedding_s: report.stream?.firstEmbeddingAt
          ? Math.round(report.stream.firstEmbeddingAt - performance.timeOrigin) / 1000
          : null,
        // CPU seconds of this whole process (every thread) by then: the start-up's work, whatever
        // the machine's load did to the wall clock.
        first_embedding_cpu_s:
          report.stream?.firstEmbeddingCpuMs != null ? report.stream.firstEmbeddingCpuMs / 1000 : null,
        not_imported: passedOver,
        ...(into ? { collection: { name: into.name, documents: into.documents } } : {}),
        ...(report.problem ? { problem: report.problem } : {}),
        ...(headers ? { context_headers: contextHeadersJson(headers) } : {}),
      })
    } else {
      for (const d of report.documents) {
        const ocr = d.ocrPages ? ` (${d.ocrPages} by OCR)` : ''
        const what =
          d.status === 'indexed'
            ? `${formatExtent(d.format ?? 'pdf', d.pages)}${ocr}, ${countOf(d.chunks, 'passage')}${d.reindex ? ', re-indexed' : ''}`
            : forTerminal(d.error ?? '')
        const code = d.errorCode ? ` [${d.errorCode}]` : ''
        io.stdout.write(`${d.status.padEnd(8)} ${forTerminal(d.file)}  ${what}${code}\n`)
        const remedy = d.errorCode ? ingestRemedy(d.errorCode, null, 'cli').remedy : null
        if (remedy) io.stdout.write(`         ${remedy}\n`)
        if (keptOlderIndex(d)) io.stdout.write(`         ${KEPT_OLDER_INDEX}\n`)
        if (d.unreadable) io.stdout.write(`         ${unreadablePagesNote(d.unreadable)}\n`)
        if (d.duplicateOf && !d.duplicateOf.sameBytes) io.stdout.write(`         ${KEEP_DUPLICATES}\n`)
      }
      const notice = skippedNotice(passedOver.map((p) => displayPath(p)))
      if (notice) io.stdout.write(`${forTerminal(notice)}\n`)
      const count = (s: string) => report.documents.filter((d) => d.status === s).length
      io.stdout.write(
        `${count('indexed')} indexed, ${count('skipped')} skipped, ${count('failed')} failed in ${(report.elapsedMs / 1000).toFixed(1)} s${report.cancelled ? ' (cancelled)' : ''}\n`,
      )
      if (into)
        io.stdout.write(`Collection "${forTerminal(into.name)}": ${countOf(into.documents, 'document')}\n`)
      if (report.problem) io.stderr.write(`${report.problem.message} [${report.problem.code}]\n`)
      if (headers) io.stdout.write(`${contextHeadersLine(headers)}\n`)
    }
    return Math.max(ingestExitCode(report.documents), headers ? contextHeadersExitCode(headers) : 0)
  } finally {
    release()
    await pool?.close()
  }
}

/** `quire ingest --context-headers` without files: only the headers still missing are written. */
async function headersOnly(opts: IngestCommandOptions, io: Io): Promise<number> {
  const controller = new AbortController()
  const release = stopOnInterrupt(io.interrupts ?? process, controller)
  try {
    const model = opts.modelDir ? inspectModelDir(opts.modelDir) : null
    const headers = await contextHeadersStep(
      {
        ...opts.contextHeaders,
        library: opts.library,
        modelDir: model?.ok ? model.dir : null,
        signal: controller.signal,
        progress: !opts.json,
      },
      io,
    )
    if (opts.json) printJson(io, { documents: [], context_headers: contextHeadersJson(headers) })
    else io.stdout.write(`${contextHeadersLine(headers)}\n`)
    return contextHeadersExitCode(headers)
  } finally {
    release()
  }
}

/**
 * One rule for scripts: a batch where something was imported (or was already in the library) ran,
 * and each file's status says what became of it: 0. A batch where every file failed did nothing
 * the person asked for: 1, as for any other failure. (No files at all, say after a Ctrl-C before
 * the first one, is not a failure: 0.)
 */
export function ingestExitCode(documents: readonly { status: string }[]): number {
  return documents.length > 0 && documents.every((d) => d.status === 'failed') ? 1 : 0
}

/** Said under a file skipped as the same text as a library document: how to add it anyway. */
export const KEEP_DUPLICATES = 'It is not added again; `quire ingest --keep-duplicates FILE` adds it anyway.'

/** A path as the person would type it: relative to the working folder when it lies inside it. */
function displayPath(p: string): string {
  const rel = path.relative(process.cwd(), p)
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : p
}

/**
 * The files of the documents an older version of Quire indexed in the library (none if it is new).
 * The library code loads only for --outdated: an import's start stays as it was.
 */
async function outdatedPaths(dir: string): Promise<string[]> {
  if (!fs.existsSync(path.join(dir, DB_FILE))) return []
  const { Library } = await import('../../engine/library.js')
  const lib = await Library.open(dir, { readOnly: true })
  try {
    return lib.outdatedPaths()
  } finally {
    await lib.close()
  }
}
