// What PDF extraction gives, written out to compare two versions of the table finding: every
// document's pages (text, lines) and passages (text, spans, table rows), one JSON file per PDF,
// and its SHA-256. A change that only makes table finding cheaper must leave every file
// byte-identical. docs/tables.md ("Cost").
//
//   npx tsx eval/tables-sample/extraction-digest.ts OUT_DIR /tmp/qc/tables /tmp/qc/dev
//   npx tsx eval/tables-sample/extraction-digest.ts --compare BEFORE_DIR AFTER_DIR
//
// --drafts reads each PDF as the import does, drafting chunks while reading (the drafts' tables
// are taken again for the final chunks where a page reads the same): the output must not change.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { readPdf } from '../../src/main/engine/ingest/readers/pdf.js'

const args = process.argv.slice(2)

if (args[0] === '--compare') {
  const [a, b] = [args[1]!, args[2]!]
  const names = [...new Set([...fs.readdirSync(a), ...fs.readdirSync(b)])].sort()
  let differ = 0
  for (const n of names) {
    const pa = path.join(a, n)
    const pb = path.join(b, n)
    const same = fs.existsSync(pa) && fs.existsSync(pb) && fs.readFileSync(pa).equals(fs.readFileSync(pb))
    if (!same) differ++
    console.log(`${same ? 'same   ' : 'DIFFERS'} ${n}`)
  }
  console.log(differ === 0 ? `all ${names.length} identical` : `${differ} of ${names.length} differ`)
  process.exit(differ === 0 ? 0 : 1)
}

const drafts = args.includes('--drafts')
const [out, ...dirs] = args.filter((a) => a !== '--drafts')
if (!out || dirs.length === 0) {
  console.error('usage: extraction-digest.ts [--drafts] OUT_DIR PDF_DIR… | --compare BEFORE_DIR AFTER_DIR')
  process.exit(2)
}
fs.mkdirSync(out, { recursive: true })
for (const dir of dirs)
  for (const f of fs
    .readdirSync(dir)
    .filter((x) => x.endsWith('.pdf'))
    .sort()) {
    const file = path.join(dir, f)
    const parsed = await readPdf(new Uint8Array(fs.readFileSync(file)), file, {
      ocr: false,
      ...(drafts ? { onDraftTexts: () => {} } : {}),
    })
    const json = JSON.stringify({ pages: parsed.pages, chunks: parsed.chunks }, null, 1)
    const name = `${path.basename(dir)}--${f}.json`
    fs.writeFileSync(path.join(out, name), json)
    const sha = createHash('sha256').update(json).digest('hex').slice(0, 16)
    console.log(`${sha} ${name} (${parsed.pages.length} pages, ${parsed.chunks.length} passages)`)
  }
