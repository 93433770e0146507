import path from 'node:path'
import type { OfficeContentNode, OfficeParserConfig } from 'officeparser'
import { QuireError } from '@shared/errors.js'
import type { DocumentFormat } from '@shared/importable-files.js'
import { BoundedZip, DEFAULT_ZIP_LIMITS } from '../bounded-zip.js'
import type { ParseOptions, ParsedDocument } from '../parse-types.js'
import { plainTable } from '../tables/table-model.js'
import { structuredDocument, type Block, type TextBlock, type TextPart } from '../structured-text.js'

// OpenDocument text and slides, and PowerPoint, through officeparser's document tree. Slides keep
// their order and their speaker notes. officeparser can run OCR on images and fetch a PDF worker
// from the web: neither applies to these formats, and both are switched off here anyway.

const CONFIG: OfficeParserConfig = {
  ocr: false,
  extractAttachments: false,
  includeRawContent: false,
  ignoreNotes: false,
  ignoreComments: false,
  ignoreSlideMasters: true,
  outputErrorToConsole: false,
  decompressionLimits: {
    maxUncompressedBytes: DEFAULT_ZIP_LIMITS.maxTotalBytes,
    maxZipEntries: DEFAULT_ZIP_LIMITS.maxEntries,
  },
}

const clean = (s: string | undefined) => (s ?? '').replace(/\s+/g, ' ').trim()

/** A node's text: its own, or its children's joined. */
function textOf(n: OfficeContentNode): string {
  if (n.text) return n.text
  return (n.children ?? []).map(textOf).join(' ')
}

function blocksOf(
  nodes: OfficeContentNode[] | undefined,
  out: Block[],
  kind: TextBlock['kind'] = 'paragraph',
): void {
  for (const n of nodes ?? []) {
    switch (n.type) {
      case 'heading': {
        const level = (n.metadata as { level?: number } | undefined)?.level ?? 1
        out.push({ kind: 'heading', text: clean(textOf(n)), level })
        break
      }
      case 'list': {
        const depth = ((n.metadata as { indentation?: number } | undefined)?.indentation ?? 0) + 1
        out.push({ kind: 'list-item', text: clean(textOf(n)), level: depth })
        break
      }
      case 'table': {
        const rows = (n.children ?? []).map((row) => (row.children ?? []).map((c) => clean(textOf(c))))
        // Document tables open with their header row; a one-row table is a row of data.
        if (rows.length) out.push({ kind: 'table', table: plainTable(rows, rows.length > 1 ? 1 : 0) })
        break
      }
      case 'code':
        out.push({ kind: 'code', text: textOf(n) })
        break
      case 'paragraph':
      case 'text':
        out.push({ kind, text: clean(textOf(n)) })
        break
      case 'note':
      case 'comment':
        blocksOf(n.children, out, 'note')
        break
      case 'image':
      case 'chart':
      case 'drawing':
      case 'embed':
      case 'slideMaster':
      case 'break':
        break
      default:
        blocksOf(n.children, out, kind)
        if (!n.children?.length && n.text) out.push({ kind, text: clean(n.text) })
    }
    // Footnotes, endnotes and speaker notes hang off the node they belong to.
    for (const note of n.notes ?? [])
      blocksOf(note.children ?? [note], out, n.type === 'slide' ? 'note' : 'footnote')
  }
}

/**
 * The slide files of a PowerPoint deck in the order the presentation shows them (its slide list),
 * by their number: a deck whose slides were reordered keeps slide3.xml as its first slide.
 */
function pptxSlideOrder(zip: BoundedZip): number[] | null {
  const pres = zip.text('ppt/presentation.xml')
  const rels = zip.text('ppt/_rels/presentation.xml.rels')
  if (!pres || !rels) return null
  const target = new Map<string, string>()
  for (const m of rels.matchAll(/<Relationship\b[^>]*>/g)) {
    const id = /\bId="([^"]+)"/.exec(m[0])?.[1]
    const to = /\bTarget="([^"]+)"/.exec(m[0])?.[1]
    if (id && to) target.set(id, to)
  }
  const order = [...pres.matchAll(/<p:sldId\b[^>]*\br:id="([^"]+)"/g)]
    .map((m) => /slide(\d+)\.xml$/.exec(target.get(m[1]!) ?? '')?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number)
  return order.length ? order : null
}

/**
 * Which slide file each notes file belongs to, by number, from the slides' relationship files:
 * PowerPoint numbers notes files in the order notes were first written, so notesSlide1.xml may
 * belong to slide3.xml. Empty when the deck has no such relationships.
 */
function pptxNotesOwners(zip: BoundedZip): Map<number, number> {
  const owners = new Map<number, number>()
  for (const entry of zip.names()) {
    const slide = /^ppt\/slides\/_rels\/slide(\d+)\.xml\.rels$/.exec(entry)?.[1]
    if (!slide) continue
    for (const m of (zip.text(entry) ?? '').matchAll(/<Relationship\b[^>]*>/g)) {
      if (!/\bType="[^"]*\/notesSlide"/.test(m[0])) continue
      const notes = /\bTarget="[^"]*notesSlide(\d+)\.xml"/.exec(m[0])?.[1]
      if (notes) owners.set(Number(notes), Number(slide))
    }
  }
  return owners
}

const slideFileNo = (s: OfficeContentNode) =>
  (s.metadata as { slideNumber?: number } | undefined)?.slideNumber

/**
 * The slide nodes in presentation order; a slide without text stays, empty, so numbers hold.
 * officeparser hangs notesSlideN.xml on slideN.xml; `notesOwners` moves each to its real slide.
 */
function orderedSlides(
  content: OfficeContentNode[],
  order: number[] | null,
  notesOwners: Map<number, number>,
): OfficeContentNode[] {
  let slides = content.filter((n) => n.type === 'slide')
  if (notesOwners.size) {
    const notesOf = new Map<number, OfficeContentNode[]>()
    for (const s of slides) {
      const n = slideFileNo(s)
      if (n === undefined || !s.notes?.length) continue
      const owner = notesOwners.get(n) ?? n
      notesOf.set(owner, [...(notesOf.get(owner) ?? []), ...s.notes])
    }
    // A node officeparser made for a notes file alone (no slide of its number) is shown only if
    // the presentation's slide list names it, which it never does.
    slides = slides.map((s) => ({ ...s, notes: notesOf.get(slideFileNo(s) ?? -1) ?? [] }))
  }
  if (!order) return slides
  const byFile = new Map(slides.map((s) => [slideFileNo(s), s]))
  return order.map((n) => byFile.get(n) ?? ({ type: 'slide', children: [] } as unknown as OfficeContentNode))
}

/** Slides in order, each its own part (a blank slide keeps its number); text documents one part. */
function partsOf(
  content: OfficeContentNode[],
  slides: boolean,
  order: number[] | null,
  notesOwners: Map<number, number>,
): TextPart[] {
  if (!slides) {
    const blocks: Block[] = []
    blocksOf(content, blocks)
    return [{ blocks }]
  }
  return orderedSlides(content, order, notesOwners).map((slide) => {
    const blocks: Block[] = []
    blocksOf(slide.children, blocks)
    for (const note of slide.notes ?? []) blocksOf(note.children ?? [note], blocks, 'note')
    const heading = blocks.find((b) => b.kind === 'heading')
    const title = heading && heading.kind !== 'table' ? heading.text : null
    const first = blocks[0]
    // A slide's first line is its title when the deck marks none.
    if (!title && first && first.kind !== 'note' && first.kind !== 'table')
      blocks[0] = { ...first, kind: 'heading', level: 1 }
    const firstText = blocks[0] && blocks[0].kind !== 'table' ? blocks[0].text : null
    return { title: title ?? firstText, blocks }
  })
}

function checkNotEncrypted(zip: BoundedZip, name: string): void {
  // An OpenDocument file with a password keeps its content encrypted and says so in its manifest.
  const manifest = zip.text('META-INF/manifest.xml')
  if (manifest && /encryption-data/.test(manifest))
    throw new QuireError('DOC_ENCRYPTED', `${name} is password-protected.`)
}

export async function readOffice(
  bytes: Uint8Array,
  file: string,
  format: DocumentFormat,
  opts: ParseOptions = {},
): Promise<ParsedDocument> {
  const name = path.basename(file)
  const zip = new BoundedZip(bytes, name)
  zip.checkAll()
  checkNotEncrypted(zip, name)
  opts.onPage?.(0, 1)
  const { parseOffice } = await import('officeparser')
  let ast
  try {
    ast = await parseOffice(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      ...CONFIG,
      abortSignal: opts.signal ?? null,
    })
  } catch (err) {
    if (opts.signal?.aborted) throw new QuireError('CANCELLED', 'Import cancelled.')
    throw new QuireError(
      'DOC_CORRUPT',
      `${name} is damaged and cannot be read (${err instanceof Error ? err.message : String(err)}).`,
    )
  }
  const slides = format === 'odp' || format === 'pptx'
  const title = clean(ast.metadata?.title) || null
  return structuredDocument(
    {
      title,
      unit: slides ? 'slide' : 'flow',
      parts:
        format === 'pptx'
          ? partsOf(ast.content, true, pptxSlideOrder(zip), pptxNotesOwners(zip))
          : partsOf(ast.content, slides, null, new Map()),
    },
    name,
    format,
    opts,
  )
}

export const readOdt = (b: Uint8Array, f: string, o?: ParseOptions) => readOffice(b, f, 'odt', o)
export const readOdp = (b: Uint8Array, f: string, o?: ParseOptions) => readOffice(b, f, 'odp', o)
export const readPptx = (b: Uint8Array, f: string, o?: ParseOptions) => readOffice(b, f, 'pptx', o)
