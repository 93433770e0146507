// Which files Quire imports, by name: one row per document format. The engine's format registry
// (engine/ingest/format-registry.ts) pairs each row with its reader; the folder walk, the file
// pickers, the drop handler's "skipped" notice, the CLI, the served-file route and the document
// list all read this table, so adding a format is one row here and one reader there.

export type DocumentFormat =
  | 'pdf'
  | 'image'
  | 'docx'
  | 'odt'
  | 'odp'
  | 'pptx'
  | 'html'
  | 'markdown'
  | 'text'
  | 'epub'
  | 'xlsx'
  | 'ods'
  | 'csv'
  | 'legacy-office'

export interface FormatInfo {
  format: DocumentFormat
  /** How the document list and messages name the format ("Word", "EPUB"). */
  label: string
  /** File name extensions, lower case, without the dot. */
  extensions: readonly string[]
  /** MIME types a browser may give such files (a dropped file's `type`). */
  mimeTypes: readonly string[]
  /**
   * Has pages of its own: citations give page numbers and the viewer shows the file itself (PDFs,
   * and scans saved as images, which open as a PDF made in memory). Other formats cite a locator.
   */
  paged: boolean
  /**
   * Read by Quire. False for formats that are recognised only to say what to do with them
   * (legacy binary Word and PowerPoint files: save as .docx or .pptx).
   */
  readable: boolean
}

export const DOCUMENT_FORMATS: readonly FormatInfo[] = [
  {
    format: 'pdf',
    label: 'PDF',
    extensions: ['pdf'],
    mimeTypes: ['application/pdf'],
    paged: true,
    readable: true,
  },
  {
    format: 'image',
    label: 'Scan',
    extensions: ['png', 'jpg', 'jpeg', 'tif', 'tiff'],
    mimeTypes: ['image/png', 'image/jpeg', 'image/tiff'],
    paged: true,
    readable: true,
  },
  {
    format: 'docx',
    label: 'Word',
    extensions: ['docx'],
    mimeTypes: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    paged: false,
    readable: true,
  },
  {
    format: 'odt',
    label: 'OpenDocument text',
    extensions: ['odt'],
    mimeTypes: ['application/vnd.oasis.opendocument.text'],
    paged: false,
    readable: true,
  },
  {
    format: 'odp',
    label: 'OpenDocument slides',
    extensions: ['odp'],
    mimeTypes: ['application/vnd.oasis.opendocument.presentation'],
    paged: false,
    readable: true,
  },
  {
    format: 'pptx',
    label: 'PowerPoint',
    extensions: ['pptx'],
    mimeTypes: ['application/vnd.openxmlformats-officedocument.presentationml.presentation'],
    paged: false,
    readable: true,
  },
  {
    format: 'html',
    label: 'HTML',
    extensions: ['html', 'htm', 'xhtml'],
    mimeTypes: ['text/html', 'application/xhtml+xml'],
    paged: false,
    readable: true,
  },
  {
    format: 'markdown',
    label: 'Markdown',
    extensions: ['md', 'markdown'],
    mimeTypes: ['text/markdown'],
    paged: false,
    readable: true,
  },
  {
    format: 'text',
    label: 'Text',
    extensions: ['txt', 'text'],
    mimeTypes: ['text/plain'],
    paged: false,
    readable: true,
  },
  {
    format: 'epub',
    label: 'EPUB',
    extensions: ['epub'],
    mimeTypes: ['application/epub+zip'],
    paged: false,
    readable: true,
  },
  {
    format: 'xlsx',
    label: 'Excel',
    extensions: ['xlsx'],
    mimeTypes: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    paged: false,
    readable: true,
  },
  {
    format: 'ods',
    label: 'OpenDocument spreadsheet',
    extensions: ['ods'],
    mimeTypes: ['application/vnd.oasis.opendocument.spreadsheet'],
    paged: false,
    readable: true,
  },
  {
    format: 'csv',
    label: 'CSV',
    extensions: ['csv', 'tsv'],
    mimeTypes: ['text/csv', 'text/tab-separated-values'],
    paged: false,
    readable: true,
  },
  {
    format: 'legacy-office',
    label: 'Legacy Office',
    extensions: ['doc', 'ppt'],
    mimeTypes: ['application/msword', 'application/vnd.ms-powerpoint'],
    paged: false,
    readable: false,
  },
]

/** Every format name, for validating stored and received values. */
export const DOCUMENT_FORMAT_NAMES = [
  'pdf',
  'image',
  'docx',
  'odt',
  'odp',
  'pptx',
  'html',
  'markdown',
  'text',
  'epub',
  'xlsx',
  'ods',
  'csv',
  'legacy-office',
] as const satisfies readonly DocumentFormat[]

const extensionOf = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? ''

const BY_EXTENSION = new Map(DOCUMENT_FORMATS.flatMap((f) => f.extensions.map((e) => [e, f] as const)))
const BY_FORMAT = new Map(DOCUMENT_FORMATS.map((f) => [f.format, f] as const))

/** Every extension Quire takes (including those it only explains, such as .doc). */
export const IMPORTABLE_EXTENSIONS: readonly string[] = DOCUMENT_FORMATS.flatMap((f) => f.extensions)

/** MIME types a browser may give importable files. */
export const IMPORTABLE_TYPES: readonly string[] = DOCUMENT_FORMATS.flatMap((f) => f.mimeTypes)

/** The format a file name says, or null when Quire does not take such files. */
export function formatOfName(name: string): FormatInfo | null {
  return BY_EXTENSION.get(extensionOf(name)) ?? null
}

export function formatInfo(format: DocumentFormat): FormatInfo {
  return BY_FORMAT.get(format)!
}

/** A stored format name (from a database or a message) as a known format; PDF for anything else. */
export function asDocumentFormat(value: unknown): DocumentFormat {
  return BY_FORMAT.has(value as DocumentFormat) ? (value as DocumentFormat) : 'pdf'
}

export function isImageName(name: string): boolean {
  return formatOfName(name)?.format === 'image'
}

export function isImportableName(name: string): boolean {
  return formatOfName(name) !== null
}

/** A file the viewer shows as pages (a PDF, or a scan saved as an image). */
export function isPagedName(name: string): boolean {
  return formatOfName(name)?.paged === true
}

/** A browser file Quire takes, by name or by the type the browser gave it. */
export function isImportableFile(file: { name: string; type?: string }): boolean {
  return isImportableName(file.name) || IMPORTABLE_TYPES.includes(file.type ?? '')
}

/** The file name without an importable format's extension ("memo.docx" → "memo"). */
export function stripImportableExtension(name: string): string {
  return formatOfName(name) ? name.replace(/\.[a-z0-9]+$/i, '') : name
}

/** How a sentence lists a format ("scans", "text"): the label, lower-cased where it is a common noun. */
const SENTENCE_NAME: Partial<Record<DocumentFormat, string>> = { image: 'scans', text: 'text' }

/**
 * The readable formats as a person lists them: "PDF, scans (PNG, JPEG, TIFF), Word (DOCX), …,
 * text (TXT) and EPUB".
 */
export function importableSummary(): string {
  const names = DOCUMENT_FORMATS.filter((f) => f.readable).map((f) => {
    const shown = [...new Set(f.extensions.map((e) => (e === 'jpg' ? 'jpeg' : e === 'tif' ? 'tiff' : e)))]
      .filter((e) => !['htm', 'xhtml', 'markdown', 'text'].includes(e))
      .map((e) => e.toUpperCase())
    const name = SENTENCE_NAME[f.format] ?? f.label
    return name.toUpperCase() === shown.join(', ') ? name : `${name} (${shown.join(', ')})`
  })
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
}

/** What a format's stored sections are, for formats whose sections a person can count. */
const SECTION_NOUN: Partial<Record<DocumentFormat, string>> = {
  pdf: 'page',
  image: 'page',
  odp: 'slide',
  pptx: 'slide',
  epub: 'chapter',
  xlsx: 'sheet',
}

/**
 * A document's format and extent as the document list and `quire docs` show them: "PDF, 12 pages",
 * "PowerPoint, 8 slides", "EPUB, 9 chapters", "Word" (flowing text has no pages to count).
 */
export function formatExtent(format: DocumentFormat, sections: number): string {
  const info = formatInfo(format)
  const noun = SECTION_NOUN[format]
  return noun ? `${info.label}, ${sections} ${sections === 1 ? noun : `${noun}s`}` : info.label
}
