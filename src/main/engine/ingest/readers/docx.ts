import path from 'node:path'
import { QuireError } from '@shared/errors.js'
import { BoundedZip } from '../bounded-zip.js'
import type { ParseOptions, ParsedDocument } from '../parse-types.js'
import { structuredDocument } from '../structured-text.js'
import { dropNavigation } from './navigation-blocks.js'
import { ooxmlTitle } from './office-metadata.js'
import { wordBlocks } from './word-xml.js'

/**
 * A Word (.docx) file → blocks, read from its WordprocessingML as it inflates (word-xml.ts):
 * headings by their Word styles, lists, tables, code, footnotes, endnotes and comments, without
 * the navigation a converted web page keeps. Images are never inflated nor decoded, linked files
 * are never opened, and macros (a .docm's) are never read.
 */
export async function readDocx(
  bytes: Uint8Array,
  file: string,
  opts: ParseOptions = {},
): Promise<ParsedDocument> {
  const name = path.basename(file)
  const zip = new BoundedZip(bytes, name)
  if (!zip.has('word/document.xml'))
    throw new QuireError('DOC_CORRUPT', `${name} is not a Word document: it has no word/document.xml.`)
  opts.onPage?.(0, 1)
  const blocks = dropNavigation(wordBlocks(zip, name, opts.signal))
  if (opts.signal?.aborted) throw new QuireError('CANCELLED', 'Import cancelled.')
  return structuredDocument({ title: ooxmlTitle(zip), unit: 'flow', parts: [{ blocks }] }, name, 'docx', opts)
}
