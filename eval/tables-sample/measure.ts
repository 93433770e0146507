// Table detection on the labelled sample (README.md): precision, recall, shape and cell accuracy.
//
//   npx tsx eval/tables-sample/measure.ts [--corpus /tmp/qc/tables] [--verbose]
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { buildPages } from '../../src/main/engine/ingest/build-pages.js'
import { extractPage, openPdf, type RawPage } from '../../src/main/engine/ingest/extract-pdf.js'
import { documentTables } from '../../src/main/engine/ingest/pdf-tables/document-tables.js'
import { tableWidth, type Table } from '../../src/main/engine/ingest/tables/table-model.js'

interface Label {
  caption: string
  first: string
  rows: number
  cols: number
  cells: (string | null)[]
}

const { values } = parseArgs({
  options: {
    corpus: { type: 'string', default: '/tmp/qc/tables' },
    verbose: { type: 'boolean', default: false },
  },
})
const here = path.dirname(new URL(import.meta.url).pathname)
const pages = fs
  .readFileSync(path.join(here, 'labels.jsonl'), 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as { file: string; page: number; tables: Label[] })

const norm = (s: string) =>
  s.normalize('NFKC').replace(/[|†]/g, ' ').replace(/\s+/g, ' ').trim().toLowerCase()
const rowsOf = (t: Table) => [...t.header, ...t.body]
const rowText = (t: Table, r: number) => {
  const row = rowsOf(t)[r]!
  return norm(row.cells.map((c) => c.text).join(' '))
}

async function tablesOf(file: string): Promise<Map<number, Table[]>> {
  const doc = await openPdf(new Uint8Array(fs.readFileSync(path.join(values.corpus!, file))), file)
  const raw: RawPage[] = []
  for (let n = 1; n <= doc.numPages; n++) raw.push(await extractPage(doc, n, { rulings: true }))
  await doc.loadingTask.destroy()
  return documentTables(buildPages(raw), raw)
}

let detected = 0
let labelled = 0
let matched = 0
let shapeRight = 0
let cellsRight = 0
let cellsAll = 0
const cache = new Map<string, Map<number, Table[]>>()
for (const p of pages) {
  if (!cache.has(p.file)) cache.set(p.file, await tablesOf(p.file))
  const found = cache.get(p.file)!.get(p.page) ?? []
  detected += found.length
  labelled += p.tables.length
  const used = new Set<Table>()
  for (const l of p.tables) {
    const t = found.find(
      (f) => !used.has(f) && rowsOf(f).some((_, r) => rowText(f, r).includes(norm(l.first))),
    )
    const checked = l.cells.filter((c) => c !== null).length
    cellsAll += checked
    if (!t) {
      if (values.verbose) console.log(`missed  ${p.file} p${p.page} ${l.caption}`)
      continue
    }
    used.add(t)
    matched++
    const rows = t.body.length
    const cols = tableWidth(t)
    if (rows === l.rows && cols === l.cols) shapeRight++
    // The labelled row is the detected row that reads most of its cells right.
    const right = Math.max(
      0,
      ...rowsOf(t).map(
        (row) => l.cells.filter((c, i) => c !== null && norm(row.cells[i]?.text ?? '') === norm(c)).length,
      ),
    )
    cellsRight += right
    if (values.verbose)
      console.log(
        `found   ${p.file} p${p.page} ${l.caption}: ${rows}×${cols} (label ${l.rows}×${l.cols}), cells ${right}/${checked}`,
      )
  }
  if (values.verbose)
    for (const f of found.filter((f) => !used.has(f)))
      console.log(
        `extra   ${p.file} p${p.page} ${f.body.length}×${tableWidth(f)}: ${rowText(f, 0).slice(0, 60)}`,
      )
}
const r3 = (x: number) => Math.round(x * 1000) / 1000
const summary = {
  pages: pages.length,
  labelled,
  detected,
  matched,
  precision: r3(matched / Math.max(1, detected)),
  recall: r3(matched / Math.max(1, labelled)),
  shape_right: `${shapeRight}/${matched}`,
  cell_accuracy: r3(cellsRight / Math.max(1, cellsAll)),
}
console.log(JSON.stringify(summary))
