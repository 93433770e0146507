import { PDFDocument } from 'pdf-lib'
import { decodeImage } from './decode-image.js'
import { IMAGE_DPI } from './parse-image.js'

/**
 * An imported image file as a PDF, built in memory when the viewer opens it (never written to
 * disk): one page per image at the size the import gave it (pixels at IMAGE_DPI), so the stored
 * word boxes land on the words.
 */
export async function imageAsPdf(bytes: Uint8Array, file: string): Promise<Uint8Array> {
  const pages = await decodeImage(bytes, file)
  const doc = await PDFDocument.create()
  const scale = 72 / IMAGE_DPI
  for (const p of pages) {
    const img = await doc.embedPng(await p.png())
    const page = doc.addPage([p.width * scale, p.height * scale])
    page.drawImage(img, { x: 0, y: 0, width: p.width * scale, height: p.height * scale })
  }
  return doc.save()
}
