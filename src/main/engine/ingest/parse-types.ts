import type { UnreadablePages } from '@shared/unreadable-pages.js'
import type { DocumentFormat } from '@shared/importable-files.js'
import type { OcrEngine } from '../ocr/ocr-engine.js'
import type { Chunk, CleanPage } from '../store/page-records.js'
import type { ChunkOptions } from './chunk-pages.js'

// What parsing a document gives and takes, in a file of its own: every format's reader
// (readers/*.ts, chosen by format-registry.ts) returns a ParsedDocument.

export interface ParsedDocument {
  title: string
  /** The format its reader read it as (format-registry.ts); absent: a PDF. */
  format?: DocumentFormat
  pages: CleanPage[]
  chunks: Chunk[]
  /** Pages that could not be read (kept empty, without text); absent when every page was read. */
  unreadable?: UnreadablePages
}

export interface ParseOptions {
  signal?: AbortSignal
  onPage?: (done: number, total: number) => void
  chunking?: ChunkOptions
  /** Find tables and make them passages of their own (pdf-tables/). Default true. */
  tables?: boolean
  /** Recognise pages without a usable text layer (Settings → OCR). Default true. */
  ocr?: boolean
  /** A long-lived OCR engine to reuse (a parse worker's); a temporary one otherwise. */
  ocrEngine?: OcrEngine
  /** Scanned pages recognised so far, of those that need it. */
  onOcrPage?: (done: number, total: number) => void
  /**
   * The library folder: each recognised page is kept there until the document is stored, and pages
   * kept by an interrupted import of the same file are taken instead of read again (ocr/kept-pages.ts).
   */
  resumeOcrIn?: string
  /**
   * Embedding texts of draft chunks while the pages are read (draft-chunks.ts), so embedding can
   * start before the whole document is extracted. The returned chunks are the final ones.
   */
  onDraftTexts?: (texts: string[]) => void
}
