import { PDFDocument } from 'pdf-lib'
import { openImage } from './decode-image.js'
import { IMAGE_DPI } from './parse-image.js'

/** The size of a page that could not be read (US Letter, in points): shown blank, so numbering holds. */
const BLANK_PAGE: [number, number] = [612, 792]

/**
 * An imported image file as a PDF, built in memory when the viewer opens it (never written to
 * disk): one page per image at the size the import gave it (pixels at IMAGE_DPI), so the stored
 * word boxes land on the words. Pages are decoded one at a time; one that cannot be read is blank.
 */
export async function imageAsPdf(bytes: Uint8Array, file: string): Promise<Uint8Array> {
  const images = openImage(bytes, file)
  const doc = await PDFDocument.create()
  const scale = 72 / IMAGE_DPI
  for (let pageNo = 1; pageNo <= images.count; pageNo++) {
    const p = await images.page(pageNo)
    if (!p) {
      doc.addPage(BLANK_PAGE)
      continue
    }
    const img = await doc.embedPng(await p.png())
    const page = doc.addPage([p.width * scale, p.height * scale])
    page.drawImage(img, { x: 0, y: 0, width: p.width * scale, height: p.height * scale })
  }
  return doc.save()
}
