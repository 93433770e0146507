// Runs import batches off the caller's thread: PDF parsing and embedding never block the app's
// main process, the CLI's progress bar or a test's event loop. One batch and done (runIngestWorker),
// or batch after batch (LongLivedImportWorker, for a watched folder's changes).
// The same script also runs the import's extra embed threads (serveEmbedThread) and the
// reranker's scoring threads (serveRerankThread), so that no build needs a third worker script.
import { parentPort, workerData, type MessagePort } from 'node:worker_threads'
import { errorCodeOf, errorMessageOf } from '@shared/errors.js'
import type { IngestReport } from '@shared/library-types.js'
import { EmbedThread, isEmbedThreadData, serveEmbedThread } from '../embed/embed-thread.js'
import type { Embedder } from '../embed/embedder.js'
import { laneEmbedder } from '../embed/lane-embedder.js'
import { isRerankThreadData, serveRerankThread } from '../rerank/rerank-threads.js'
import { waitForImportLock, waitingLine } from '../ingest/import-lock.js'
import { ingestFiles } from '../ingest/ingest-files.js'
import { Library } from '../library.js'
import { asDiskFull } from '../store/disk-full.js'
import { parseAhead } from './parse-ahead.js'
import { DEFAULT_PARSE_WORKER, defaultParseWorkers, ParsePool } from './parse-pool.js'
import {
  isServeImportsData,
  type IngestJob,
  type ParentToWorker,
  type WorkerToParent,
} from './worker-protocol.js'

/** Texts per forward pass on each one-thread lane (see BENCHMARKS.md, issue 14). */
const LANE_BATCH = 2

const port = parentPort
if (!port) throw new Error('ingest-worker must run in a worker thread')
if (isEmbedThreadData(workerData)) await serveEmbedThread(port, workerData)
else if (isRerankThreadData(workerData)) await serveRerankThread(port, workerData)
else if (isServeImportsData(workerData)) serveImports(port)
else await runOnce(port, workerData as IngestJob)

type Post = (m: WorkerToParent, transfer?: ArrayBuffer[]) => void

/** One batch, then the thread ends (runIngestWorker). */
async function runOnce(port: MessagePort, job: IngestJob): Promise<void> {
  const controller = new AbortController()
  port.on('message', (m: ParentToWorker) => {
    if (m.type === 'cancel') controller.abort()
  })
  await runImport(job, (m, transfer = []) => port.postMessage(m, transfer), controller.signal)
  port.close()
}

/**
 * Batch after batch, one at a time, until 'end' (LongLivedImportWorker: a watched folder's changes).
 * Between batches the thread holds nothing of the library: each batch opens it, takes the import
 * lock, and closes and releases both before its 'done'.
 */
function serveImports(port: MessagePort): void {
  const post: Post = (m, transfer = []) => port.postMessage(m, transfer)
  let running: AbortController | null = null
  let turn = Promise.resolve()
  port.on('message', (m: ParentToWorker) => {
    if (m.type === 'cancel') running?.abort()
    else if (m.type === 'end') {
      running?.abort()
      void turn.then(() => port.close())
    } else
      turn = turn.then(async () => {
        const controller = new AbortController()
        running = controller
        await runImport(m.job, post, controller.signal)
        running = null
      })
  })
}

/** Imports one batch and posts its outcome ('done' or 'error'): it never throws. */
async function runImport(job: IngestJob, post: Post, signal: AbortSignal): Promise<void> {
  const workers = job.parseWorkers ?? defaultParseWorkers()
  // Extraction on its own threads keeps this thread free to feed ONNX Runtime (see BENCHMARKS.md).
  const parseScript = job.parseWorkerUrl ?? DEFAULT_PARSE_WORKER
  const pool = job.parsePorts?.length
    ? ParsePool.overPorts(job.parsePorts)
    : workers > 0 && ParsePool.available(parseScript)
      ? new ParsePool(workers, parseScript, { warmUp: false })
      : null
  // The first documents are extracted while the library opens and the model loads.
  // With the import's OCR setting and cancel: an early parse is the import's parse of that file.
  const parse = pool
    ? parseAhead(pool.parse, job.paths, pool.size, {
        ocr: job.ocr,
        signal,
        resumeOcrIn: job.libraryDir,
      })
    : undefined
  // 'done' is sent only once the library is closed and the import lock released: the caller may
  // start the next batch (which takes the lock without waiting) or damage-test the file at once, and a
  // CLI that exits on 'done' must not cut the close (its WAL checkpoint) short.
  let outcome: WorkerToParent
  try {
    // Loading the model keeps this thread busy for about half a second in long synchronous steps:
    // the first file is read and sent to a parse thread before that starts, not after it.
    await parse?.firstStarted
    // Before the library opens: opening reconciles (writes) the vector index. Another import into
    // the library (another process, or the app's own worker) runs to its end first; this one says
    // it is waiting and starts when the lock comes free.
    const importLock = await waitForImportLock(job.libraryDir, {
      signal,
      onWaiting: (heldBy) =>
        post({
          type: 'progress',
          progress: {
            stage: 'waiting',
            file: '',
            done: 0,
            total: 0,
            filesDone: 0,
            filesTotal: job.paths.length,
            message: waitingLine(heldBy),
          },
        }),
    })
    const lib = await Library.open(job.libraryDir, { modelDir: job.modelDir }).catch((err: unknown) => {
      importLock.release()
      throw err
    })
    // Extra one-thread sessions on threads of their own beside this thread's (lane-embedder.ts).
    const lanes = embedLanes(lib.embedder, job)
    let report: IngestReport | null = null
    let failed: unknown = null
    try {
      lib.assertWritable()
      const deps = { store: lib.store, embedder: lanes ?? lib.embedder, vectors: lib.vectors }
      report = await ingestFiles(deps, job.paths, {
        parse,
        parallelParses: pool?.size ?? 1,
        ocr: job.ocr,
        keepDuplicateText: job.keepDuplicateText,
        resumeOcrIn: job.libraryDir,
        signal,
        onProgress: (progress) => post({ type: 'progress', progress }),
        // Vectors travel as transferred buffers: no copy, no JSON.
        onCommitted: (committed) =>
          post(
            { type: 'committed', committed },
            committed.vectors.map((v) => v.buffer as ArrayBuffer).filter((b, i, all) => all.indexOf(b) === i),
          ),
      })
    } catch (err) {
      failed = err
    }
    const closeFailed = await closeImport(lib, lanes, importLock)
    if (failed) throw failed
    // The documents are committed and the report is true: a close that fails (the last save of the
    // vector index on a full disk) is said beside it, not instead of it.
    outcome = { type: 'done', report: closeFailed ? withCloseProblem(report!, closeFailed) : report! }
  } catch (err) {
    outcome = { type: 'error', code: errorCodeOf(err), message: errorMessageOf(err) }
  }
  post(outcome)
  await pool?.close()
}

/** Closes the import's lanes and library, then releases the lock; what the close threw, or null. */
async function closeImport(
  lib: Library,
  lanes: ReturnType<typeof laneEmbedder> | null,
  importLock: { release(): void },
): Promise<unknown> {
  try {
    await lanes?.closeLanes()
    await lib.close()
    return null
  } catch (err) {
    return err
  } finally {
    importLock.release()
  }
}

/**
 * The report of an import whose library failed to close: what SQLite holds is committed (a vector
 * index that could not be saved is rebuilt from it at the next open), so the failure is the batch's
 * problem, in words a person can act on (a full disk says so).
 */
function withCloseProblem(report: IngestReport, err: unknown): IngestReport {
  const why = asDiskFull(err, 'the vector index could not be saved')
  const message =
    errorCodeOf(why) === 'DISK_FULL'
      ? errorMessageOf(why)
      : `The import finished, but the library could not be closed cleanly: ${errorMessageOf(why)}`
  return { ...report, problem: { code: errorCodeOf(why), message } }
}

/**
 * This thread's embedder as one lane of several: one embed thread per further core the embedder
 * may use (none on one core); null without a model, or when this script's own path is unknown.
 */
function embedLanes(local: Embedder | null, job: IngestJob): ReturnType<typeof laneEmbedder> | null {
  const script = job.workerUrl
  const modelDir = job.modelDir
  if (!local || !script || !modelDir) return null
  return laneEmbedder(local, {
    batchSize: LANE_BATCH,
    startLanes: async () => {
      // Already loaded by the library's own embedder.
      const { defaultThreads } = await import('../embed/transformers-embedder.js')
      const url = script.startsWith('file:') ? new URL(script) : script
      return Promise.all(
        Array.from({ length: defaultThreads() - 1 }, () => EmbedThread.start(url, modelDir, LANE_BATCH)),
      )
    },
  })
}
