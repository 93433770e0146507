import path from 'node:path'
import { QuireError } from '@shared/errors.js'

// Old binary Office files and password-protected new ones share one container, the OLE compound
// file. Neither can be read here; each gets the error that says what to do.

export const isOleContainer = (b: Uint8Array) =>
  b[0] === 0xd0 && b[1] === 0xcf && b[2] === 0x11 && b[3] === 0xe0 && b[4] === 0xa1 && b[5] === 0xb1

/** A password-protected Word or PowerPoint file is an OLE container holding an "EncryptedPackage" stream. */
export function isEncryptedOoxml(b: Uint8Array): boolean {
  return (
    isOleContainer(b) &&
    Buffer.from(b.buffer, b.byteOffset, b.byteLength).includes(Buffer.from('EncryptedPackage', 'utf16le'))
  )
}

export function encryptedOffice(file: string): QuireError {
  return new QuireError('DOC_ENCRYPTED', `${path.basename(file)} is password-protected.`)
}

/** A legacy .doc or .ppt (or a new file's name on an old file): read nothing, say what to do. */
export async function readLegacyOffice(bytes: Uint8Array, file: string): Promise<never> {
  const name = path.basename(file)
  if (isEncryptedOoxml(bytes)) throw encryptedOffice(file)
  const slides =
    /\.ppt$/i.test(name) ||
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(
      Buffer.from('PowerPoint Document', 'utf16le'),
    )
  const [what, ext] = slides
    ? ['PowerPoint 97–2003 presentation', '.pptx']
    : ['Word 97–2003 document', '.docx']
  return Promise.reject(
    new QuireError(
      'DOC_LEGACY_FORMAT',
      `${name} is a ${what}, an old binary format Quire does not read (its successor is ${ext}).`,
    ),
  )
}
