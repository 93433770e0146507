// The duplicate-recognition check over the evaluation pool (docs/duplicates.md): every PDF of the
// pool is re-saved three ways (qpdf --linearize, pdftocairo -pdf, Ghostscript pdfwrite), and each
// copy's text fingerprint must equal its original's; no two distinct documents of the pool may
// share a fingerprint. Prints the counts, and one JSON line last.
//
//   npx tsx scripts/duplicates/resaved-copies.ts [--pool /tmp/qc] [--sets dev,second,…] [--out DIR]
//
// Copies are written under --out (default a new temp folder), never beside the pool's files.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { errorMessageOf } from '../../src/shared/errors.js'
import { isImportableName } from '../../src/shared/importable-files.js'
import { isSameText, type TextIdentity } from '../../src/main/engine/duplicates/same-text.js'
import { textFingerprint } from '../../src/main/engine/duplicates/text-fingerprint.js'
import { sketchSimilarity, textSketch } from '../../src/main/engine/duplicates/text-sketch.js'
import { parseDocument } from '../../src/main/engine/ingest/parse-document.js'

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`)
  return i >= 0 ? process.argv[i + 1]! : fallback
}
const pool = arg('pool', '/tmp/qc')
const sets = arg('sets', 'dev,second,large,third,fourth,formats,tables').split(',')
const out = arg('out', fs.mkdtempSync(path.join(os.tmpdir(), 'quire-resaved-')))

/** The three ways of saving a PDF again that the issue names; each writes `to` from `from`. */
const RESAVES: Record<string, (from: string, to: string) => void> = {
  qpdf: (from, to) => execFileSync('qpdf', ['--linearize', from, to], { stdio: 'ignore' }),
  pdftocairo: (from, to) => execFileSync('pdftocairo', ['-pdf', from, to], { stdio: 'ignore' }),
  gs: (from, to) =>
    execFileSync(
      'gs',
      ['-q', '-dBATCH', '-dNOPAUSE', '-dSAFER', '-sDEVICE=pdfwrite', `-sOutputFile=${to}`, from],
      {
        stdio: 'ignore',
      },
    ),
}

/** As an import reads it: with OCR for pages without a text layer (a copy may have lost it). */
async function fingerprintOf(file: string): Promise<TextIdentity> {
  const parsed = await parseDocument(new Uint8Array(fs.readFileSync(file)), file, { ocr: true })
  const paged = file.toLowerCase().endsWith('.pdf')
  return {
    fingerprint: textFingerprint(parsed.pages),
    sketch: textSketch(parsed.pages),
    pages: paged ? parsed.pages.length : null,
    ocrPages: parsed.pages.filter((p) => p.ocr).length,
  }
}

const similarity = (a: TextIdentity, b: TextIdentity) =>
  a.sketch && b.sketch ? sketchSimilarity(a.sketch, b.sketch) : 0

const originals: { file: string; fingerprint: TextIdentity }[] = []
for (const set of sets) {
  const dir = path.join(pool, set)
  if (!fs.existsSync(dir)) continue
  for (const name of fs.readdirSync(dir).sort()) {
    const file = path.join(dir, name)
    if (!fs.statSync(file).isFile() || !isImportableName(name)) continue
    try {
      const fingerprint = await fingerprintOf(file)
      originals.push({ file, fingerprint })
      if (fingerprint.ocrPages) process.stderr.write(`${name}: ${fingerprint.ocrPages} pages read by OCR\n`)
    } catch (err) {
      process.stderr.write(`${name}: not read (${errorMessageOf(err)})\n`)
    }
  }
}

// No two distinct documents of the pool, and no copy and another document, may be called one text.
const merged: string[][] = []
let closestDistinct = 0
let closestPair: string[] = []
for (let i = 0; i < originals.length; i++)
  for (let j = i + 1; j < originals.length; j++) {
    const [a, b] = [originals[i]!, originals[j]!]
    const alike = similarity(a.fingerprint, b.fingerprint)
    if (alike > closestDistinct)
      [closestDistinct, closestPair] = [alike, [a.file, b.file].map((f) => path.basename(f))]
    if (isSameText(a.fingerprint, b.fingerprint)) merged.push([a.file, b.file])
  }

/** The copy most like another document of the pool than the one it copies. */
let closestCopy = { alike: 0, pair: [] as string[] }
const copies: Record<string, { made: number; recognised: number; missed: string[]; leastSimilar: number }> =
  {}
for (const [how, resave] of Object.entries(RESAVES)) {
  const tally = { made: 0, recognised: 0, missed: [] as string[], leastSimilar: 1 }
  copies[how] = tally
  for (const o of originals.filter((x) => x.file.toLowerCase().endsWith('.pdf'))) {
    const copy = path.join(out, how, path.basename(o.file))
    fs.mkdirSync(path.dirname(copy), { recursive: true })
    let last = ''
    try {
      // Copies already made by an earlier run are read again, not made again.
      if (!fs.existsSync(copy)) resave(o.file, copy)
      tally.made++
      const started = performance.now()
      const fp = await fingerprintOf(copy)
      const exact = fp.fingerprint !== null && fp.fingerprint === o.fingerprint.fingerprint
      const alike = similarity(fp, o.fingerprint)
      if (!exact) tally.leastSimilar = Math.min(tally.leastSimilar, alike)
      // What the rule weighed for a copy whose text differs: its likeness, the pages OCR read.
      if (!exact)
        last = `${alike.toFixed(3)} alike, ${fp.ocrPages} of ${fp.pages} pages by OCR, read in ${((performance.now() - started) / 1000).toFixed(1)} s`
      if (isSameText(fp, o.fingerprint)) tally.recognised++
      else tally.missed.push(path.basename(o.file))
      // A copy, read as an import reads it (by OCR when its text layer was lost), must be taken
      // for no other document of the pool.
      for (const other of originals) {
        if (other === o) continue
        const alike = similarity(fp, other.fingerprint)
        if (alike > closestCopy.alike)
          closestCopy = {
            alike,
            pair: [`${how} copy of ${path.basename(o.file)}`, path.basename(other.file)],
          }
        if (isSameText(fp, other.fingerprint)) merged.push([copy, other.file])
      }
    } catch (err) {
      tally.missed.push(`${path.basename(o.file)} (${errorMessageOf(err)})`)
    }
    process.stderr.write(
      `${how} ${path.basename(o.file)}: ${tally.missed.at(-1)?.startsWith(path.basename(o.file)) ? 'MISSED' : 'ok'}${last ? ` (${last})` : ''}\n`,
    )
  }
}

for (const files of merged) process.stderr.write(`MERGED: ${files.join(' = ')}\n`)
const pdfs = originals.filter((x) => x.file.toLowerCase().endsWith('.pdf')).length
process.stdout.write(`documents in the pool: ${originals.length} (${pdfs} PDFs)\n`)
process.stdout.write(
  `pairs of distinct documents called the same text: ${merged.length} (most alike: ${closestDistinct.toFixed(2)}, ${closestPair.join(' and ')})\n`,
)
process.stdout.write(
  `copy most like another document: ${closestCopy.alike.toFixed(2)} (${closestCopy.pair.join(' and ')})\n`,
)
for (const [how, t] of Object.entries(copies))
  process.stdout.write(
    `${how}: ${t.recognised} of ${t.made} copies recognised, least alike ${t.leastSimilar.toFixed(2)}${t.missed.length ? ` (missed: ${t.missed.join(', ')})` : ''}\n`,
  )
process.stdout.write(
  `${JSON.stringify({ documents: originals.length, pdfs, merged: merged.map((f) => f.map((x) => path.basename(x))), closestDistinct, closestPair, closestCopy, copies })}\n`,
)
