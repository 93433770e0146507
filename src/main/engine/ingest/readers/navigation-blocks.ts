import { blockPlainText, type Block, type TextBlock } from '../structured-text.js'

// Documents made from web pages (a Sphinx or a product page saved as HTML, converted to Word by
// pandoc, packed into an EPUB) keep the site's navigation as text: a table of contents, "Previous
// topic / Next topic", "This page", breadcrumbs, menus. As passages they match every question
// that names a section title and push the sections themselves down. What marks them is their
// structure, not their words: blocks whose text is all link text (Readability's link density).

/** A block with how much of its text (letters and digits) sits inside links. */
export type LinkedBlock = Block & {
  /** Letters and digits of the block's text. */
  chars: number
  /** Of those, the ones inside a link. */
  linked: number
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u

/**
 * Letters and digits: separators ("|", "»", "►") and spaces neither make nor break a link list.
 * Counted character by character (ASCII by its code, the rest by the Unicode classes): every
 * block of a document is counted, and matching them all into an array cost a tenth of reading an
 * HTML page.
 */
export function contentChars(text: string): number {
  let n = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c < 128) {
      const lower = c | 32
      if ((c >= 48 && c <= 57) || (lower >= 97 && lower <= 122)) n++
      continue
    }
    const cp = text.codePointAt(i)!
    if (cp > 0xffff) i++
    if (LETTER_OR_DIGIT.test(String.fromCodePoint(cp))) n++
  }
  return n
}

const levelOf = (b: Block) => (b.kind === 'table' ? undefined : b.level)

/** A block at least this share of whose text is link text is a link, not prose. */
const LINK_ONLY = 0.9
/** This many link-only blocks in a row are a list of links: a table of contents, a menu. */
const LINK_RUN = 3
/** A section whose body is at least this share link text is navigation ("Next topic: …"). */
const LINK_SECTION = 0.8

const LINKABLE = new Set<TextBlock['kind']>(['paragraph', 'list-item'])

const linkOnly = (b: LinkedBlock) =>
  b.kind !== 'table' && LINKABLE.has(b.kind) && b.chars > 0 && b.linked >= LINK_ONLY * b.chars

/**
 * The blocks without the document's navigation: runs of link-only paragraphs or list items, the
 * text under a heading (up to the next heading) made of links, and a heading left with nothing
 * under it, not even a subsection, once its links are gone. A document that is nothing but links (an
 * index page) is kept whole: it has no other text to find.
 */
export function dropNavigation(blocks: LinkedBlock[]): Block[] {
  const drop = new Array<boolean>(blocks.length).fill(false)
  // Runs of link-only blocks.
  for (let i = 0; i < blocks.length;) {
    let j = i
    while (j < blocks.length && linkOnly(blocks[j]!)) j++
    if (j - i >= LINK_RUN) for (let k = i; k < j; k++) drop[k] = true
    i = Math.max(j, i + 1)
  }
  // Sections whose own text (up to the next heading) is links.
  const bodyEnd = (h: number) => {
    let j = h + 1
    while (j < blocks.length && blocks[j]!.kind !== 'heading') j++
    return j
  }
  for (let h = 0; h < blocks.length; h++) {
    if (blocks[h]!.kind !== 'heading') continue
    const end = bodyEnd(h)
    let chars = 0
    let linked = 0
    for (let k = h + 1; k < end; k++) {
      chars += blocks[k]!.chars
      linked += blocks[k]!.linked
    }
    if (chars > 0 && linked >= LINK_SECTION * chars) for (let k = h + 1; k < end; k++) drop[k] = true
  }
  // A heading whose body was all dropped and which has no subsection left is dropped too;
  // from the last heading back, so a heading whose subsections all went follows them.
  for (let h = blocks.length - 1; h >= 0; h--) {
    const b = blocks[h]!
    if (b.kind !== 'heading' || drop[h]) continue
    let emptied = false
    let kept = false
    let j = h + 1
    for (; j < blocks.length; j++) {
      const n = blocks[j]!
      if (n.kind === 'heading' && !drop[j] && (n.level ?? 1) <= (levelOf(b) ?? 1)) break
      if (drop[j]) emptied = true
      else {
        kept = true
        break
      }
    }
    if (emptied && !kept) drop[h] = true
  }
  const kept = blocks.filter((_, i) => !drop[i])
  const source = kept.some((b) => contentChars(blockPlainText(b)) > 0) ? kept : blocks
  return source.map((b): Block => {
    if (b.kind === 'table') return { kind: 'table', table: b.table }
    const { kind, text, level } = b
    return level === undefined ? { kind, text } : { kind, text, level }
  })
}
