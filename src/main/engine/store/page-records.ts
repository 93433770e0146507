import type { PageSpan, TextItemBox } from '@shared/library-types.js'

// What ingestion hands the store: the records it persists. Defined here, below ingest/, so the
// store never imports the pipeline that produces them.

/** A line of cleaned page text, with its character range in the page text. */
export interface PageLine {
  start: number
  end: number
  fontSize: number
  /** Mean word confidence (0–100) of a line read by OCR; absent on text-layer lines. */
  confidence?: number
}

/** A page as stored: cleaned text plus enough geometry to highlight any character range. */
export interface CleanPage {
  pageNo: number
  width: number
  height: number
  text: string
  lines: PageLine[]
  items: TextItemBox[]
  /** Set when the page's text came from OCR: its mean word confidence (null: nothing recognised). */
  ocr?: { confidence: number | null }
  /** The label printed on the page (PDF page labels), when the PDF defines one. */
  label?: string | null
}

/** A passage of one document, as chunked and stored. */
export interface Chunk {
  ord: number
  heading: string | null
  text: string
  pageStart: number
  pageEnd: number
  spans: PageSpan[]
}
