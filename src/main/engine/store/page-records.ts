import type { PageSpan, TextItemBox } from '@shared/library-types.js'
import type { Locator } from '@shared/locator.js'
import type { BlockKind } from '@shared/document-text.js'

// What ingestion hands the store: the records it persists. Defined here, below ingest/, so the
// store never imports the pipeline that produces them.

/** A line of cleaned page text, with its character range in the page text. */
export interface PageLine {
  start: number
  end: number
  fontSize: number
  /** Mean word confidence (0–100) of a line read by OCR; absent on text-layer lines. */
  confidence?: number
  /**
   * What the line is, in a document whose structure its format states (Word, HTML, Markdown…):
   * each such line is one block. Absent on PDF and OCR lines, whose structure is inferred.
   */
  kind?: BlockKind
  /** A heading's level (1 outermost) or a list item's depth (1 outermost). */
  level?: number
}

/** The kinds of text block a structured document is made of: one list, shared with the reader view. */
export type { BlockKind }

/** A page as stored: cleaned text plus enough geometry to highlight any character range. */
export interface CleanPage {
  pageNo: number
  width: number
  height: number
  text: string
  /**
   * The text with the quotes, dashes and minus signs the document prints, where `text` has their
   * ASCII stand-ins (shared/typography.ts); the same length, character for character. Absent when
   * the two are the same. The layout analysis reads `text`; passages are given the printed words
   * again (ingest/printed-words.ts).
   */
  printed?: string
  lines: PageLine[]
  items: TextItemBox[]
  /** Set when the page's text came from OCR: its mean word confidence (null: nothing recognised). */
  ocr?: { confidence: number | null }
  /** The label printed on the page (PDF page labels), when the PDF defines one. */
  label?: string | null
  /** The page could not be read (damaged or cut off): kept empty, and flagged in the document list. */
  unreadable?: boolean
}

/** A passage of one document, as chunked and stored. */
export interface Chunk {
  ord: number
  heading: string | null
  text: string
  pageStart: number
  pageEnd: number
  spans: PageSpan[]
  /** Where the passage is, in a document without pages (shared/locator.ts). */
  locator?: Locator
}
