// Which files Quire imports, by name: PDFs, and scans saved as images (read through OCR). One list
// for the engine's folder walk, the file pickers and the renderer's "skipped" notice.

export const PDF_EXTENSIONS = ['pdf'] as const
/** Scanned pages saved as images: one page each, TIFF one or more. */
export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'tif', 'tiff'] as const
export const IMPORTABLE_EXTENSIONS = [...PDF_EXTENSIONS, ...IMAGE_EXTENSIONS] as const

/** MIME types a browser may give importable files. */
export const IMPORTABLE_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/tiff'] as const

const extensionOf = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? ''

export function isImageName(name: string): boolean {
  return (IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(name))
}

export function isImportableName(name: string): boolean {
  return (IMPORTABLE_EXTENSIONS as readonly string[]).includes(extensionOf(name))
}
