import fs from 'node:fs'
import { openPdf } from '../../src/main/engine/ingest/extract-pdf.ts'
const dir = '.cache/dev-corpus'
const mode = process.argv[2] ?? 'cleanup'
for (let rep = 0; rep < 2; rep++) {
let pages = 0; const t0 = performance.now()
for (const f of fs.readdirSync(dir)) {
  const bytes = fs.readFileSync(`${dir}/${f}`)
  const t = performance.now()
  const doc = await openPdf(bytes, f)
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n)
    await page.getTextContent(mode === 'nomarked' ? { includeMarkedContent: false, disableNormalization: true } : undefined)
    if (mode === 'cleanup') page.cleanup()
  }
  pages += doc.numPages
  if (rep === 1) console.log(f, doc.numPages, Math.round(performance.now() - t))
  await doc.loadingTask.destroy()
}
console.log(mode, rep, pages / ((performance.now() - t0) / 1000))
}
