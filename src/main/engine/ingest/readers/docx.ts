import path from 'node:path'
import mammoth from 'mammoth'
import { QuireError } from '@shared/errors.js'
import { BoundedZip } from '../bounded-zip.js'
import type { ParseOptions, ParsedDocument } from '../parse-types.js'
import { structuredDocument } from '../structured-text.js'
import { htmlBlocks, parseHtmlDocument } from './html-blocks.js'
import { ooxmlTitle } from './office-metadata.js'

/**
 * A Word (.docx) file → blocks, through mammoth's semantic HTML: headings by their Word styles,
 * lists, tables, footnotes, endnotes and comments. Images are left out (never decoded), linked
 * files are never opened, and macros (a .docm's) are never read.
 */
export async function readDocx(
  bytes: Uint8Array,
  file: string,
  opts: ParseOptions = {},
): Promise<ParsedDocument> {
  const name = path.basename(file)
  const zip = new BoundedZip(bytes, name)
  // mammoth unpacks the archive itself: every entry is inflated here first, within the limits.
  zip.checkAll()
  if (!zip.has('word/document.xml'))
    throw new QuireError('DOC_CORRUPT', `${name} is not a Word document: it has no word/document.xml.`)
  opts.onPage?.(0, 1)
  let html: string
  try {
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
      {
        // Code paragraphs (pandoc's "Source Code", Word's "HTML Preformatted") stay code.
        styleMap: [
          'comment-reference => sup',
          "p[style-name='Source Code'] => pre:separator('\\n')",
          "p[style-name='HTML Preformatted'] => pre:separator('\\n')",
        ],
        externalFileAccess: false,
        convertImage: mammoth.images.imgElement(() => Promise.resolve({ src: '' })),
      },
    )
    html = result.value
  } catch (err) {
    throw new QuireError(
      'DOC_CORRUPT',
      `${name} is damaged and cannot be read as a Word document (${err instanceof Error ? err.message : String(err)}).`,
    )
  }
  if (opts.signal?.aborted) throw new QuireError('CANCELLED', 'Import cancelled.')
  const blocks = htmlBlocks(parseHtmlDocument(`<html><body>${html}</body></html>`).body)
  return structuredDocument({ title: ooxmlTitle(zip), unit: 'flow', parts: [{ blocks }] }, name, 'docx', opts)
}
