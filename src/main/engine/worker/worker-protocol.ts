import type { MessagePort } from 'node:worker_threads'
import type { IngestProgress, IngestReport } from '@shared/library-types.js'
import type { CommittedVectors } from '../ingest/ingest-files.js'

/** Messages between the ingest worker and whoever started it. */
export interface IngestJob {
  libraryDir: string
  modelDir: string | null
  paths: string[]
  /** PDF extraction threads beside the embedder; 0 extracts on the ingest thread. Default: defaultParseWorkers(). */
  parseWorkers?: number
  /** Script of the extraction threads when it is not the source entry (the bundled desktop build). */
  parseWorkerUrl?: string
  /**
   * Ports to long-lived, warmed-up extraction threads lent by the caller's ParsePool (the app's);
   * without them the import starts threads of its own.
   */
  parsePorts?: MessagePort[]
  /** Recognise scanned pages with OCR (Settings → OCR). Default true. */
  ocr?: boolean
  /** Add files whose text the library already holds (IngestOptions.keepDuplicateText). Default false. */
  keepDuplicateText?: boolean
  /** This worker's own script (set by runIngestWorker): it also runs the import's embed threads. */
  workerUrl?: string
}

export type WorkerToParent =
  | { type: 'progress'; progress: IngestProgress }
  | { type: 'committed'; committed: CommittedVectors }
  | { type: 'done'; report: IngestReport }
  | { type: 'error'; code: string; message: string }

/**
 * 'cancel' stops the batch running; a long-lived worker (ServeImportsData) also takes 'batch', one
 * at a time, and 'end', which cancels the batch running and ends the thread once it has settled.
 */
export type ParentToWorker = { type: 'cancel' } | { type: 'batch'; job: IngestJob } | { type: 'end' }

/** The workerData of an import worker that lives on and takes batch after batch. */
export interface ServeImportsData {
  serveImports: true
}

export function isServeImportsData(data: unknown): data is ServeImportsData {
  return typeof data === 'object' && data !== null && (data as ServeImportsData).serveImports === true
}
