import type { MessagePort } from 'node:worker_threads'
import type { ParsedDocument } from '../ingest/parse-document.js'

/** What a parse worker is started with. */
export interface ParseWorkerData {
  /** Parse a small in-memory PDF first, so pdf.js is compiled before the first real document. */
  warmUp: boolean
  /** The pool's count of pages being recognised, shared by its threads (RecognitionSlots). */
  ocrSlots?: SharedArrayBuffer
}

/** Messages between a ParsePool and its parse workers. One job at a time per worker. */
export type ParseRequest =
  | {
      type: 'parse'
      id: number
      file: string
      bytes: Uint8Array
      ocr: boolean
      drafts: boolean
      /** ParseOptions.tables: false reads PDFs without finding tables (absent: found, the default). */
      tables?: boolean
      /** ParseOptions.resumeOcrIn: the library folder recognised pages are kept in. */
      resumeOcrIn?: string
    }
  | { type: 'cancel'; id: number }
  /** A port from another thread (an import's worker) that sends requests of its own (ParsePool.lend). */
  | { type: 'attach'; port: MessagePort }

/**
 * What a pool that lent its threads tells the borrower on the lease port (the last of the ports
 * `lend` gives): thread `lane` ended and was replaced by a new one, reachable over `port`. The job
 * the borrower had on it failed for `reason`.
 */
export interface LaneReplaced {
  type: 'replaced'
  lane: number
  port: MessagePort
  reason: ThreadEnd
}

/** Why a parse thread ended: it used up its memory budget, or it crashed. */
export type ThreadEnd = { kind: 'out-of-memory'; memoryMb: number } | { kind: 'crashed'; detail: string }

export type ParseReply =
  | { type: 'page'; id: number; done: number; total: number }
  | { type: 'ocr-page'; id: number; done: number; total: number }
  | { type: 'drafts'; id: number; texts: string[] }
  | { type: 'parsed'; id: number; parsed: ParsedDocument }
  | { type: 'failed'; id: number; code: string; message: string }
