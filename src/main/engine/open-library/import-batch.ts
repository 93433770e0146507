import type { IngestReport } from '@shared/library-types.js'
import type { Library } from '../library.js'
import { runIngestWorker, type RunIngestOptions } from '../worker/run-ingest-worker.js'
import type { IngestJob } from '../worker/worker-protocol.js'

/** One import batch: what to import where, and how to follow it. */
export type ImportBatchOptions = Omit<IngestJob, 'workerUrl'> & RunIngestOptions

/**
 * Runs one import batch in the import worker: the one place a batch is set up, for the app's
 * owner of an open library (OpenLibrary.importBatch) and for `quire ingest`, which imports
 * without opening the library in its own thread first (so this module loads no library code).
 */
export function runImportBatch(opts: ImportBatchOptions): Promise<IngestReport> {
  const { signal, onProgress, onCommitted, workerUrl, parseWorkerUrl, ...job } = opts
  return runIngestWorker(job, {
    ...(signal ? { signal } : {}),
    ...(onProgress ? { onProgress } : {}),
    ...(onCommitted ? { onCommitted } : {}),
    ...(workerUrl ? { workerUrl } : {}),
    ...(parseWorkerUrl ? { parseWorkerUrl } : {}),
  })
}

/** The library documents a batch imported or found already there (skipped as the same content). */
export function importedDocumentIds(lib: Library, report: IngestReport): number[] {
  const ids: number[] = []
  for (const d of report.documents) {
    const id = d.existingDocumentId ?? lib.store.documentByPath(d.file)?.id
    if (id !== undefined && d.status !== 'failed') ids.push(id)
  }
  return ids
}
