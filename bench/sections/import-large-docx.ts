// Peak memory of importing one large Word file (docs/formats.md, target: a 50 MB .docx under
// 1 GB peak RSS). Run as its own process (run-bench.ts's runSection), so the peak is this import's.
// The file is made here: a Word file is large because of its pictures, so it holds --text-mb of
// text (headings, paragraphs, tables) and --mb of pictures (incompressible bytes, as photographs
// are). A Word file of text alone that size would unpack past the import's 512 MB
// budget (docs/formats.md, "Safety") and be refused before it is read.
//   npx tsx bench/sections/import-large-docx.ts [--mb 50] [--text-mb 8]
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { unzipSync, zipSync, type Zippable } from 'fflate'
import { makeDocx, type DocxBlock } from '../../tests/fixtures/office-factory.js'
import { Library } from '../../src/main/engine/library.js'
import { arg, emit, log, peakRssMb } from '../lib/env.js'

const fileMb = Number(arg('mb', '50'))
const textMb = Number(arg('text-mb', '8'))

const WORDS =
  'archive ledger harbour mooring sediment quartermaster parish kiln furnace budget contract staffing record index journal entry volume section chapter table figure register account survey census boundary tariff customs vessel cargo manifest'.split(
    ' ',
  )

function largeDocx(): Uint8Array {
  let seed = 7
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31)
  const sentence = () => Array.from({ length: 14 }, () => WORDS[next() % WORDS.length]).join(' ') + '.'
  const blocks: DocxBlock[] = []
  let size = 0
  for (let n = 1; size < textMb * 1024 * 1024; n++) {
    const paragraphs = Array.from({ length: 4 }, () => Array.from({ length: 5 }, sentence).join(' '))
    blocks.push(
      { heading: `${n} Survey of ${WORDS[n % WORDS.length]}`, level: 1 },
      ...paragraphs.map((p) => ({ p })),
    )
    blocks.push({
      table: [
        ['Item', 'Count'],
        [WORDS[next() % WORDS.length]!, String(next() % 1000)],
      ],
    })
    size += paragraphs.join('').length + 40
  }
  const files = unzipSync(makeDocx(blocks)) as Zippable
  // Pictures, stored as Word stores JPEGs (no compression: they do not compress), so the file
  // is at least --mb whatever its text compresses to.
  for (let i = 0, left = fileMb * 1024 * 1024; left > 0; i++, left -= 4 * 1024 * 1024)
    files[`word/media/image${i + 1}.jpeg`] = [
      crypto.randomBytes(Math.min(left, 4 * 1024 * 1024)),
      { level: 0 },
    ]
  return zipSync(files, { level: 6 })
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-bench-docx-'))
try {
  const file = path.join(dir, 'large.docx')
  fs.writeFileSync(file, largeDocx())
  const docxMb = fs.statSync(file).size / 1024 / 1024
  log(`large.docx: ${docxMb.toFixed(1)} MB (${textMb} MB of text)`)
  const lib = await Library.open(path.join(dir, 'library'), { modelDir: path.join(dir, 'no-model') })
  const t = performance.now()
  const report = await lib.ingest([file])
  const seconds = (performance.now() - t) / 1000
  const doc = report.documents[0]
  await lib.close()
  if (doc?.status !== 'indexed') throw new Error(`large.docx was not imported: ${JSON.stringify(doc)}`)
  const rss = peakRssMb()
  log(`imported in ${seconds.toFixed(1)} s, peak RSS ${rss} MB`)
  emit({
    docx_mb: Math.round(docxMb * 10) / 10,
    text_mb: textMb,
    import_s: Math.round(seconds * 10) / 10,
    rss_mb_peak: rss,
    under_1gb: rss < 1024,
  })
} finally {
  fs.rmSync(dir, { recursive: true, force: true })
}
