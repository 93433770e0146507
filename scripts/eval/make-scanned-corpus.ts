// Builds a scanned copy of a folder of PDFs: every page rasterised with poppler's pdftoppm
// (greyscale, --dpi, default 150) and wrapped, one image per page, into a new PDF with no text
// layer, under the same file name. Importing the copy exercises OCR on every page, so retrieval on
// scans can be compared with the text-layer original (docs/ocr.md, BENCHMARKS.md "OCR").
//
//   npx tsx scripts/eval/make-scanned-corpus.ts --from DIR --to DIR [--dpi 150]
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { PDFDocument } from 'pdf-lib'

const { values } = parseArgs({
  options: {
    from: { type: 'string' },
    to: { type: 'string' },
    dpi: { type: 'string', default: '150' },
  },
})
if (!values.from || !values.to) {
  console.error('usage: npx tsx scripts/eval/make-scanned-corpus.ts --from DIR --to DIR [--dpi 150]')
  process.exit(2)
}
const dpi = Number(values.dpi)
const from = path.resolve(values.from)
const to = path.resolve(values.to)
fs.mkdirSync(to, { recursive: true })

for (const name of fs
  .readdirSync(from)
  .filter((f) => f.toLowerCase().endsWith('.pdf'))
  .sort()) {
  const out = path.join(to, name)
  if (fs.existsSync(out)) {
    console.log(`${name}: already there`)
    continue
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-scan-'))
  try {
    // One PNG per page: <tmp>/p-<n>.png, zero-padded by pdftoppm so a sort keeps page order.
    execFileSync('pdftoppm', ['-r', String(dpi), '-gray', '-png', path.join(from, name), path.join(tmp, 'p')])
    const images = fs.readdirSync(tmp).sort()
    const doc = await PDFDocument.create()
    for (const img of images) {
      const png = await doc.embedPng(fs.readFileSync(path.join(tmp, img)))
      // The page keeps the original's size: pixels at `dpi` back to points.
      const page = doc.addPage([(png.width * 72) / dpi, (png.height * 72) / dpi])
      page.drawImage(png, { x: 0, y: 0, width: page.getWidth(), height: page.getHeight() })
    }
    // Written under a temporary name first, so an interrupted run never leaves half a PDF.
    fs.writeFileSync(`${out}.part`, await doc.save())
    fs.renameSync(`${out}.part`, out)
    console.log(`${name}: ${images.length} pages at ${dpi} dpi`)
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true })
  }
}
