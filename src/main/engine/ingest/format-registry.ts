import path from 'node:path'
import { QuireError } from '@shared/errors.js'
import { formatInfo, formatOfName, importableSummary, type DocumentFormat } from '@shared/importable-files.js'
import { isZip } from './bounded-zip.js'
import type { ParseOptions, ParsedDocument } from './parse-types.js'
import { encryptedOffice, isEncryptedOoxml, isOleContainer } from './readers/legacy-office.js'

// The format seam of the engine: which reader reads a file, from its name (the shared table in
// shared/importable-files.ts) and its first bytes. Readers load on first use, so a process that
// only imports PDFs never loads officeparser or the HTML parser. Adding a format: a row in the shared
// table, a reader under readers/, and a row here.

export type Reader = (bytes: Uint8Array, file: string, opts: ParseOptions) => Promise<ParsedDocument>

const READERS: Record<DocumentFormat, () => Promise<Reader>> = {
  pdf: async () => (await import('./readers/pdf.js')).readPdf,
  image: async () => (await import('./readers/image.js')).readImage,
  docx: async () => (await import('./readers/docx.js')).readDocx,
  odt: async () => (await import('./readers/office.js')).readOdt,
  odp: async () => (await import('./readers/office.js')).readOdp,
  pptx: async () => (await import('./readers/office.js')).readPptx,
  html: async () => (await import('./readers/html.js')).readHtml,
  markdown: async () => (await import('./readers/markdown.js')).readMarkdown,
  text: async () => (await import('./readers/text.js')).readText,
  epub: async () => (await import('./readers/epub.js')).readEpub,
  xlsx: async () => (await import('./readers/spreadsheet.js')).readXlsx,
  ods: async () => (await import('./readers/spreadsheet.js')).readOds,
  csv: async () => (await import('./readers/spreadsheet.js')).readCsv,
  'legacy-office': async () => (await import('./readers/legacy-office.js')).readLegacyOffice,
}

/** Formats stored in a zip archive: their bytes must be one. */
const ZIPPED = new Set<DocumentFormat>(['docx', 'odt', 'odp', 'pptx', 'epub', 'xlsx', 'ods'])

/**
 * The format to read a file as. The name decides, and the first bytes correct it where files
 * are commonly misnamed: an old binary .doc saved under a .docx name (or a password-protected
 * .docx, which is an old-style container) and a new .docx under an old .doc name.
 */
export function sniffFormat(bytes: Uint8Array, file: string): DocumentFormat {
  const name = path.basename(file)
  const byName = formatOfName(name)
  if (!byName) {
    throw new QuireError(
      'NOT_SUPPORTED',
      `${name} is not a file type Quire reads. Quire imports ${importableSummary()}.`,
    )
  }
  const format = byName.format
  if (bytes.byteLength === 0 && format !== 'pdf') {
    throw new QuireError('DOC_EMPTY_FILE', `${name} is empty (0 bytes).`)
  }
  if (format === 'legacy-office' && isZip(bytes)) return /\.ppt$/i.test(name) ? 'pptx' : 'docx'
  if (ZIPPED.has(format)) {
    if (isEncryptedOoxml(bytes)) throw encryptedOffice(file)
    if (isOleContainer(bytes)) return 'legacy-office'
    if (!isZip(bytes)) {
      throw new QuireError(
        'DOC_CORRUPT',
        `${name} is not a ${formatInfo(format).label} file: it is not the zip archive such files are, so it is damaged or misnamed.`,
      )
    }
  }
  return format
}

/** Reads any importable file with its format's reader. Throws QuireError with a specific code for bad input. */
export async function readDocument(
  bytes: Uint8Array,
  file: string,
  opts: ParseOptions = {},
): Promise<ParsedDocument> {
  const format = sniffFormat(bytes, file)
  const read = await READERS[format]()
  return read(bytes, file, opts)
}
