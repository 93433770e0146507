import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import { QuireError } from '@shared/errors.js'
import type { FileRecord } from '../engine/store/library-store.js'
import { formatInfo } from '@shared/importable-files.js'
import { imageAsPdf } from '../engine/ocr/image-as-pdf.js'

/** Every PDF starts with this (pdf.js tolerates up to 1 KiB of junk before it; so do we). */
const PDF_MAGIC = Buffer.from('%PDF-')
const MAGIC_WINDOW = 1024

/**
 * The bytes of a library document for the viewer, only when it is still exactly the PDF that was
 * imported: the import succeeded, and the file at the recorded path has the recorded size, content
 * hash and a PDF header. A failed import (say of /etc/passwd), a file swapped or edited since, or
 * anything that is not a regular file is refused, so the PDF routes can never read other files.
 */
export async function readServablePdf(doc: FileRecord | null, documentId: number): Promise<Uint8Array> {
  if (!doc) throw new QuireError('DOCUMENT_NOT_FOUND', `There is no document ${documentId} in this library.`)
  if (doc.status !== 'indexed') {
    throw new QuireError(
      'DOCUMENT_NOT_IMPORTED',
      `"${doc.title}" was not imported successfully, so Quire does not open its file.`,
    )
  }
  // Only paged documents (PDFs, scans) are shown as their file. Others are shown from their stored
  // text (the reader view): their files are never opened by the app.
  if (!formatInfo(doc.format).paged) {
    throw new QuireError(
      'DOCUMENT_NOT_PAGED',
      `"${doc.title}" is a ${formatInfo(doc.format).label} document: it is shown from its stored text, not its file.`,
    )
  }
  let bytes: Buffer
  try {
    const handle = await fs.open(doc.path, 'r')
    try {
      const stat = await handle.stat()
      if (!stat.isFile() || stat.size !== doc.size) throw changed(doc)
      bytes = await handle.readFile()
    } finally {
      await handle.close()
    }
  } catch (err) {
    if (err instanceof QuireError) throw err
    throw new QuireError('FILE_NOT_FOUND', `The file of "${doc.title}" is no longer at ${doc.path}.`)
  }
  if (bytes.length !== doc.size) throw changed(doc)
  const image = doc.format === 'image'
  if (!image && bytes.subarray(0, MAGIC_WINDOW).indexOf(PDF_MAGIC) < 0) throw changed(doc)
  if (createHash('sha256').update(bytes).digest('hex') !== doc.sha256) throw changed(doc)
  // An imported scan saved as an image opens in the viewer as a PDF made in memory (same page sizes
  // as at import, so highlights land on the words).
  if (image) return imageAsPdf(bytes, doc.title)
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length)
}

function changed(doc: FileRecord): QuireError {
  return new QuireError(
    'FILE_CHANGED',
    `The file of "${doc.title}" at ${doc.path} is not the PDF that was imported (it was changed or replaced).`,
  )
}
