// A document without pages (Word, OpenDocument, slides, HTML, Markdown, text, EPUB) as the reader
// view shows it: its stored text in sections, each with the blocks that say what every part of the
// text is. The app renders this data itself; the document's file is never opened to show it.
import type { PageSpan } from './library-types.js'

/** The kinds of text block a structured document is made of (stored in `pages.blocks`). */
export const BLOCK_KINDS = [
  'heading',
  'paragraph',
  'list-item',
  'code',
  'table-row',
  'quote',
  'footnote',
  'note',
] as const
export type BlockKind = (typeof BLOCK_KINDS)[number]

/** What joins the cells of a table row in its block text. */
export const TABLE_CELL_SEPARATOR = ' | '

/** One block of a section: its character range in the section's text and what it is. */
export interface TextBlock {
  start: number
  end: number
  kind: BlockKind
  /** A heading's level (1 outermost) or a list item's depth (1 outermost); absent otherwise. */
  level?: number
}

/** A stored section: a slide, a chapter (or part of one), or a piece of flowing text. */
export interface TextSection {
  /** From 1, in document order (the stored page number). */
  n: number
  /** "Slide 4", "Chapter 2: Setup" (shared/locator.ts's grammar); null for flowing text. */
  title: string | null
  text: string
  blocks: TextBlock[]
}

export interface DocumentText {
  documentId: number
  title: string
  sections: TextSection[]
  /**
   * The passage asked for (a citation's chunk): its character ranges in the sections (`page` is a
   * section's `n`) and its locator as written ("3.2 Remotes > Fetching"); null when none was asked
   * or the chunk is not one of this document's.
   */
  passage: { spans: PageSpan[]; locator: string | null } | null
}
