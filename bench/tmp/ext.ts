import fs from 'node:fs'
import { extractPage, openPdf } from '/work/main/src/main/engine/ingest/extract-pdf.ts'
import { parseDocument } from '/work/main/src/main/engine/ingest/parse-document.ts'
const dir = '/work/main/.cache/dev-corpus'
let pages = 0, t0 = performance.now(), tExtract = 0, chunks = 0
for (const f of fs.readdirSync(dir)) {
  const bytes = fs.readFileSync(`${dir}/${f}`)
  const t = performance.now()
  const doc = await openPdf(bytes, f)
  for (let n = 1; n <= doc.numPages; n++) await extractPage(doc, n)
  tExtract += performance.now() - t
  await doc.loadingTask.destroy()
  const p = await parseDocument(bytes, f)
  pages += p.pages.length; chunks += p.chunks.length
}
const total = performance.now() - t0
console.log({ pages, chunks, extractOnly_s: tExtract / 1000, pps_extract: pages / (tExtract / 1000), pps_parse: pages / ((total - tExtract) / 1000) })
