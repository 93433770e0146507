import path from 'node:path'
import { QuireError } from '@shared/errors.js'
import { BoundedZip } from '../bounded-zip.js'
import type { ParseOptions, ParsedDocument } from '../parse-types.js'
import { structuredDocument, type TextPart } from '../structured-text.js'
import { htmlBlocks, parseHtmlDocument } from './html-blocks.js'
import { unescapeXml } from './office-metadata.js'

// An EPUB is a zip of XHTML chapters: META-INF/container.xml names the package document (OPF),
// whose manifest lists the files and whose spine gives the reading order. Each chapter in the
// spine goes through the HTML path; its links, scripts, styles and images are never loaded.

const attr = (tag: string, name: string) =>
  new RegExp(`\\b${name}\\s*=\\s*"([^"]*)"|\\b${name}\\s*=\\s*'([^']*)'`).exec(tag)

function attrValue(tag: string, name: string): string | null {
  const m = attr(tag, name)
  return m ? unescapeXml(m[1] ?? m[2] ?? '') : null
}

function damaged(name: string, why: string): QuireError {
  return new QuireError('DOC_CORRUPT', `${name} is not a readable EPUB: ${why}.`)
}

/**
 * A title page or cover (EPUB 3's epub:type, which pandoc writes on the page it makes from the
 * metadata) repeats the book's title and author: no chapter, and no passage to find.
 */
const FRONT_PAGE = /(^|\s)(titlepage|halftitlepage|cover)(\s|$)/

function dropFrontPages(body: ReturnType<typeof parseHtmlDocument>['body']): void {
  for (const el of [body, ...body.querySelectorAll('*')])
    if (FRONT_PAGE.test(el.getAttribute('epub:type') ?? '')) {
      if (el === body) el.innerHTML = ''
      else el.remove()
    }
}

/** The chapter's title: its first heading, else the table of contents' label, else none. */
function chapterTitle(blocks: TextPart['blocks']): string | null {
  const heading = blocks.find((b) => b.kind === 'heading')
  return heading && 'text' in heading ? heading.text : null
}

export async function readEpub(
  bytes: Uint8Array,
  file: string,
  opts: ParseOptions = {},
): Promise<ParsedDocument> {
  const name = path.basename(file)
  const zip = new BoundedZip(bytes, name)
  const container = zip.text('META-INF/container.xml')
  if (!container) throw damaged(name, 'it has no META-INF/container.xml')
  const rootTag = /<rootfile\b[^>]*>/i.exec(container)?.[0]
  const opfPath = rootTag ? attrValue(rootTag, 'full-path') : null
  if (!opfPath) throw damaged(name, 'its container names no package document')
  const opf = zip.text(opfPath)
  if (!opf) throw damaged(name, `its package document ${opfPath} is missing`)
  const encryption = zip.text('META-INF/encryption.xml')
  if (encryption && /<(\w+:)?EncryptedData\b/.test(encryption) && !/obfuscation/i.test(encryption))
    // Not DOC_ENCRYPTED: that remedy is about removing a password in Word or LibreOffice.
    throw new QuireError('DOC_DRM', `${name} is protected by DRM: its text is encrypted and cannot be read.`)
  const base = path.posix.dirname(opfPath)
  const manifest = new Map<string, { href: string; type: string }>()
  for (const m of opf.matchAll(/<(?:\w+:)?item\b[^>]*>/gi)) {
    const id = attrValue(m[0], 'id')
    const href = attrValue(m[0], 'href')
    if (id && href) manifest.set(id, { href, type: attrValue(m[0], 'media-type') ?? '' })
  }
  const spine = [...opf.matchAll(/<(?:\w+:)?itemref\b[^>]*>/gi)]
    .filter((m) => attrValue(m[0], 'linear') !== 'no')
    .map((m) => attrValue(m[0], 'idref'))
  if (spine.length === 0) throw damaged(name, 'its spine lists no chapters')
  const titleMatch = /<dc:title\b[^>]*>([^<]*)<\/dc:title>/i.exec(opf)
  const parts: TextPart[] = []
  for (const [i, idref] of spine.entries()) {
    if (opts.signal?.aborted) throw new QuireError('CANCELLED', 'Import cancelled.')
    const item = idref ? manifest.get(idref) : undefined
    if (!item || !/html|xml/.test(item.type)) continue
    const href = decodeURIComponent(item.href.split('#')[0]!)
    const xhtml = zip.text(path.posix.normalize(path.posix.join(base, href)))
    if (xhtml === null) throw damaged(name, `the chapter ${href} is missing`)
    const doc = parseHtmlDocument(xhtml)
    if (doc.body) dropFrontPages(doc.body)
    const blocks = doc.body ? htmlBlocks(doc.body) : []
    // A cover or a blank page has no text: it is not a chapter.
    if (blocks.length) parts.push({ title: chapterTitle(blocks), blocks })
    opts.onPage?.(i + 1, spine.length)
  }
  const title = titleMatch ? unescapeXml(titleMatch[1]!).trim() : null
  return structuredDocument({ title, unit: 'chapter', parts }, name, 'epub', opts)
}
