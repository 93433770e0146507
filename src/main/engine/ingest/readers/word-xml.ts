import type { SaxesTagPlain } from 'saxes'
import type { BoundedZip } from '../bounded-zip.js'
import type { TextBlock } from '../structured-text.js'
import { buildTable, type RawCell, type Table } from '../tables/table-model.js'
import { namesRow } from './html-table.js'
import { contentChars, type LinkedBlock } from './navigation-blocks.js'
import { attr, local, streamXml } from './sheets/xml-stream.js'

// A Word document's text and structure read straight from its WordprocessingML, streamed while
// it inflates (saxes): headings by their Word styles, list paragraphs by their numbering level,
// tables row by row, code paragraphs, text boxes, footnotes, endnotes and comments. Nothing is
// held whole but the blocks: no HTML is built and no DOM, so a large document is read at the
// speed of its XML and in little memory. What is never text is never read: images, embedded
// objects, field codes, deleted revisions, and the fallback copies of drawings.

interface Style {
  name: string
  basedOn?: string
  /** The style numbers its paragraphs (a list style such as "List Bullet"). */
  numbered: boolean
}

/** Paragraph styles by id, from word/styles.xml. */
function readStyles(zip: BoundedZip, file: string, signal?: AbortSignal): Map<string, Style> {
  const styles = new Map<string, Style>()
  let current: { id: string; style: Style } | null = null
  streamXml(
    zip,
    'word/styles.xml',
    file,
    {
      open: (tag) => {
        const name = local(tag.name)
        if (name === 'style') {
          const id = attr(tag, 'styleId')
          current =
            id && attr(tag, 'type') === 'paragraph' ? { id, style: { name: id, numbered: false } } : null
        } else if (current && name === 'name') current.style.name = attr(tag, 'val') ?? current.style.name
        else if (current && name === 'basedOn') current.style.basedOn = attr(tag, 'val')
        else if (current && name === 'numId') current.style.numbered = attr(tag, 'val') !== '0'
      },
      close: (name) => {
        if (local(name) === 'style' && current) {
          styles.set(current.id, current.style)
          current = null
        }
      },
    },
    signal,
  )
  return styles
}

/** What a paragraph style makes of its paragraphs. */
function styleKind(
  styles: Map<string, Style>,
  id: string | undefined,
): { kind: TextBlock['kind']; level?: number } {
  // A style's kind may come from the style it is based on ("My Heading" based on "heading 2").
  for (
    let s = id ? styles.get(id) : undefined, hops = 0;
    s && hops < 10;
    s = styles.get(s.basedOn ?? ''), hops++
  ) {
    const heading = /^heading\s*([1-9])$/i.exec(s.name)
    if (heading) return { kind: 'heading', level: Math.min(6, Number(heading[1])) }
    if (/^(source code|html preformatted|code)$/i.test(s.name)) return { kind: 'code' }
    if (/^(block ?text|quote|intense quote|block quote)$/i.test(s.name)) return { kind: 'quote' }
    if (s.numbered) return { kind: 'list-item', level: 1 }
  }
  return { kind: 'paragraph' }
}

interface Paragraph {
  text: string
  linked: number
  style?: string
  /** The numbering level (w:ilvl) of a numbered paragraph, from 0. */
  listLevel?: number
}

/** Elements whose content is never text of the document. */
const SKIP = new Set(['instrText', 'delText', 'Fallback', 'pict', 'object', 'rPr', 'sectPr', 'tblPr'])

/**
 * The blocks of one WordprocessingML part (the body, or the notes of footnotes.xml…). Returns
 * false when the archive has no such part. `kind` overrides what the paragraphs are (footnotes).
 */
/**
 * A Word table as the table model: its header is the rows marked to repeat on each page (as Word
 * marks a header row), else a first row of names (html-table.ts's rule); merged cells across
 * columns (gridSpan) span them.
 */
function wordTable(rows: { cells: RawCell[]; header: boolean }[]): Table {
  let header = 0
  while (header < rows.length && rows[header]!.header) header++
  if (header === 0 && rows.length > 1 && namesRow({ cells: rows[0]!.cells })) header = 1
  if (header === rows.length) header = 0
  const raw = rows.map((r) => ({ cells: r.cells }))
  return buildTable({ header: raw.slice(0, header), body: raw.slice(header) })
}

function partBlocks(
  zip: BoundedZip,
  entry: string,
  file: string,
  styles: Map<string, Style>,
  out: LinkedBlock[],
  opts: { signal?: AbortSignal; note?: { kind: TextBlock['kind']; element: string } } = {},
): boolean {
  const paragraphs: Paragraph[] = []
  /** Rows of the outermost table being read; cells of a nested table join their cell's text. */
  let tableDepth = 0
  let rows: { cells: RawCell[]; header: boolean }[] = []
  let row: RawCell[] | null = null
  let rowHeader = false
  let cell: string[] | null = null
  let cellSpan = 1
  let tableLinked = 0
  let skip = 0
  let inText = false
  let linkDepth = 0
  /** A note's paragraphs (footnotes.xml): one block per note; separators have no text. */
  let note: { text: string[]; linked: number } | null = null

  const push = (b: TextBlock, linked = 0) => out.push({ ...b, chars: contentChars(b.text), linked })
  const endParagraph = (p: Paragraph) => {
    const code = styleKind(styles, p.style).kind === 'code'
    const text = code ? p.text.replace(/\s+$/, '') : p.text.replace(/\s+/g, ' ').trim()
    if (!text.trim()) return
    if (cell) {
      tableLinked += p.linked
      return void cell.push(text)
    }
    if (note) {
      note.text.push(text)
      note.linked += p.linked
      return
    }
    const { kind, level } = styleKind(styles, p.style)
    if (p.listLevel !== undefined && kind !== 'heading' && kind !== 'code')
      return push({ kind: 'list-item', text, level: p.listLevel + 1 }, p.linked)
    push(level === undefined ? { kind, text } : { kind, text, level }, p.linked)
  }

  const open = (tag: SaxesTagPlain) => {
    const name = local(tag.name)
    if (skip) {
      if (SKIP.has(name)) skip++
      return
    }
    const p = paragraphs[paragraphs.length - 1]
    switch (name) {
      case 'p':
        paragraphs.push({ text: '', linked: 0 })
        return
      case 't':
        inText = true
        return
      case 'tab':
        if (p) p.text += p.text && !/\s$/.test(p.text) ? ' ' : ''
        return
      case 'br':
      case 'cr':
        if (p) p.text += styleKind(styles, p.style).kind === 'code' ? '\n' : ' '
        return
      case 'pStyle':
        if (p) p.style = attr(tag, 'val')
        return
      case 'ilvl':
        if (p) p.listLevel = Number(attr(tag, 'val') ?? 0) || 0
        return
      case 'numId':
        // numId 0 takes a paragraph out of its style's list.
        if (p && p.listLevel === undefined && attr(tag, 'val') !== '0') p.listLevel = 0
        return
      case 'hyperlink':
        linkDepth++
        return
      case 'tbl':
        if (++tableDepth === 1) {
          rows = []
          tableLinked = 0
        }
        return
      case 'tr':
        if (tableDepth === 1) {
          row = []
          rowHeader = false
        }
        return
      case 'tblHeader':
        // A row Word repeats at the top of each page: the table's header.
        if (tableDepth === 1 && attr(tag, 'val') !== '0' && attr(tag, 'val') !== 'false') rowHeader = true
        return
      case 'tc':
        if (tableDepth === 1) {
          cell = []
          cellSpan = 1
        }
        return
      case 'gridSpan':
        if (tableDepth === 1 && cell) cellSpan = Math.max(1, Number(attr(tag, 'val') ?? 1) || 1)
        return
      default:
        if (opts.note && name === opts.note.element) {
          const type = attr(tag, 'type')
          note = type === 'separator' || type === 'continuationSeparator' ? null : { text: [], linked: 0 }
          return
        }
        if (SKIP.has(name)) skip = 1
    }
  }
  const close = (tagName: string) => {
    const name = local(tagName)
    if (skip) {
      if (SKIP.has(name)) skip--
      return
    }
    switch (name) {
      case 't':
        inText = false
        return
      case 'p': {
        const p = paragraphs.pop()
        if (p) endParagraph(p)
        return
      }
      case 'hyperlink':
        linkDepth = Math.max(0, linkDepth - 1)
        return
      case 'tc':
        if (tableDepth === 1 && row && cell) row.push({ text: cell.join(' '), colSpan: cellSpan })
        if (tableDepth === 1) cell = null
        return
      case 'tr':
        if (tableDepth === 1 && row?.some((c) => c.text)) rows.push({ cells: row, header: rowHeader })
        if (tableDepth === 1) row = null
        return
      case 'tbl':
        if (tableDepth === 1 && rows.length) {
          const table = wordTable(rows)
          const chars = contentChars(rows.flatMap((r) => r.cells.map((c) => c.text)).join(' '))
          out.push({ kind: 'table', table, chars, linked: Math.min(chars, tableLinked) })
        }
        tableDepth = Math.max(0, tableDepth - 1)
        return
      default:
        if (opts.note && name === opts.note.element && note) {
          const text = note.text.join(' ').trim()
          if (text) push({ kind: opts.note.kind, text }, note.linked)
          note = null
        }
    }
  }
  const text = (t: string) => {
    if (skip || !inText) return
    const p = paragraphs[paragraphs.length - 1]
    if (!p) return
    p.text += t
    if (linkDepth) p.linked += contentChars(t)
  }
  return streamXml(zip, entry, file, { open, close, text }, opts.signal)
}

/**
 * The blocks of a Word document: its body, then its footnotes, endnotes and comments (as a
 * reader finds them at the end of a printed document). Throws DOC_CORRUPT on damaged XML.
 */
export function wordBlocks(zip: BoundedZip, file: string, signal?: AbortSignal): LinkedBlock[] {
  const styles = zip.has('word/styles.xml') ? readStyles(zip, file, signal) : new Map<string, Style>()
  const out: LinkedBlock[] = []
  partBlocks(zip, 'word/document.xml', file, styles, out, { signal })
  partBlocks(zip, 'word/footnotes.xml', file, styles, out, {
    signal,
    note: { kind: 'footnote', element: 'footnote' },
  })
  partBlocks(zip, 'word/endnotes.xml', file, styles, out, {
    signal,
    note: { kind: 'footnote', element: 'endnote' },
  })
  partBlocks(zip, 'word/comments.xml', file, styles, out, {
    signal,
    note: { kind: 'note', element: 'comment' },
  })
  return out
}
