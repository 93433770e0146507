import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { makeTextPdf, paragraphLines, sampleTextSpec, type TextPdfSpec } from '@tests/fixtures/pdf-factory.js'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import { TEST_MODEL_DIR } from '@tests/test-model.js'
import { Library } from '../library.js'

const tempDir = useTempDirs()

const SENTENCES: Record<string, string[]> = {
  sandwich: [
    'Clustered covariances are robust to correlation of the errors within each cluster of observations.',
    'The sandwich estimator combines the bread of the model with the meat of the empirical scores.',
    'Heteroscedasticity consistent variants differ in how they weight the squared residuals.',
    'A bootstrap over clusters gives a check on the analytic standard errors in small samples.',
  ],
  glaciers: [
    'Meltwater runs through crevasses and moulins down to the bed of the glacier in early summer.',
    'Basal sliding speeds up when the water pressure under the ice approaches the overburden.',
    'Surveys with stakes and radar show the seasonal rhythm of velocity across the tongue.',
    'Sediment carried by the outflow records how much of the bed the water reached each year.',
  ],
}

const rotate = <T>(xs: T[], n: number): T[] => [...xs.slice(n % xs.length), ...xs.slice(0, n % xs.length)]

/** A three-page report; `width` sets where lines break (a re-export breaks them elsewhere). */
function report(topic: string, width = 80, title = `Notes on ${topic}`): TextPdfSpec {
  return {
    title,
    pages: [1, 2, 3].map((n) => ({
      lines: [
        { text: `${n}. ${topic} chapter ${n}`, size: 16 },
        // Each page opens with another sentence: a line repeated atop every page is a running header.
        ...paragraphLines(
          rotate(SENTENCES[topic]!, n).map((s) => `${s} Chapter ${n} of the ${topic} report goes on.`),
          width,
        ),
      ],
    })),
  }
}

async function write(dir: string, name: string, spec: TextPdfSpec): Promise<string> {
  const file = path.join(dir, name)
  fs.writeFileSync(file, await makeTextPdf(spec))
  return file
}

const hasQpdf = (() => {
  try {
    execFileSync('qpdf', ['--version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
})()

describe('one document per text', () => {
  it('keeps the same bytes at two paths as one document with two locations; removing one keeps it', async () => {
    const docs = tempDir()
    const a = await write(docs, 'sandwich-CL.pdf', report('sandwich'))
    const b = path.join(docs, 'copy', 'sandwich-CL.pdf')
    fs.mkdirSync(path.dirname(b))
    fs.copyFileSync(a, b)
    const lib = await Library.open(tempDir())
    await lib.ingest([a])
    const [copy] = (await lib.ingest([b])).documents
    expect(copy).toMatchObject({ status: 'skipped', duplicateOf: { file: a, sameBytes: true } })
    expect(copy?.error).toMatch(/^Same file as sandwich-CL\.pdf/)
    expect(lib.documents()).toHaveLength(1)
    expect(lib.documents()[0]).toMatchObject({ path: a, otherPaths: [b] })
    // Importing either path again finds it unchanged.
    expect((await lib.ingest([b])).documents[0]?.error).toMatch(/unchanged/)

    expect(lib.remove(a)).toBe(true)
    expect(lib.documents()).toHaveLength(1)
    expect(lib.documents()[0]).toMatchObject({ path: b })
    expect(lib.documents()[0]?.otherPaths).toBeUndefined()
    expect((await lib.search('sandwich estimator bread meat')).results[0]?.file).toBe(b)
    expect(lib.remove(b)).toBe(true)
    expect(lib.documents()).toHaveLength(0)
    await lib.close()
  })

  it('moves a document whose file is gone to the path where the same bytes are imported', async () => {
    const docs = tempDir()
    const a = await write(docs, 'glaciers.pdf', report('glaciers'))
    const lib = await Library.open(tempDir())
    await lib.ingest([a])
    const moved = path.join(docs, 'moved.pdf')
    fs.renameSync(a, moved)
    const [r] = (await lib.ingest([moved])).documents
    expect(r?.status).toBe('skipped')
    expect(lib.documents().map((d) => d.path)).toEqual([moved])
    await lib.close()
  })

  it('recognises a re-exported copy (other bytes, other line breaks, same text) and says which document it repeats', async () => {
    const docs = tempDir()
    const a = await write(docs, 'sandwich-CL.pdf', report('sandwich'))
    const b = await write(docs, 'sandwich-export.pdf', report('sandwich', 60, 'Exported again'))
    expect(fs.readFileSync(a).equals(fs.readFileSync(b))).toBe(false)
    const lib = await Library.open(tempDir())
    await lib.ingest([a])
    const [copy] = (await lib.ingest([b])).documents
    expect(copy).toMatchObject({
      status: 'skipped',
      error: 'Same text as sandwich-CL.pdf, already in the library.',
      duplicateOf: { file: a, sameBytes: false },
    })
    expect(lib.documents()).toHaveLength(1)
    // Adding it anyway is a choice.
    const [kept] = (await lib.ingest([b], { keepDuplicateText: true })).documents
    expect(kept?.status).toBe('indexed')
    expect(lib.documents()).toHaveLength(2)
    await lib.close()
  })

  it('keeps distinct documents apart: a revised edition with one chapter changed, two reports from one template', async () => {
    const docs = tempDir()
    const a = await write(docs, 'sandwich.pdf', report('sandwich'))
    const g = await write(docs, 'glaciers.pdf', report('glaciers'))
    const revised = report('sandwich')
    revised.pages[2] = report('glaciers').pages[2]!
    const r = await write(docs, 'sandwich-2nd.pdf', revised)
    // Two reports from one template, on other subjects (their sketches are 0.75 alike).
    const template = (topic: string): TextPdfSpec => ({
      pages: [0, 1, 2].map((n) => ({
        lines: paragraphLines(
          rotate(
            [
              `The ${topic} survey began with a census of every site along the northern transect.`,
              `Field teams recorded ${topic} measurements twice a day through the whole season.`,
              `Results on ${topic} were compared with the archive kept since the first expedition.`,
              `An appendix on ${topic} lists the instruments, their calibration and their faults.`,
            ],
            n,
          ),
        ),
      })),
    })
    const basalt = await write(docs, 'basalt.pdf', template('basalt'))
    const granite = await write(docs, 'granite.pdf', template('granite'))
    const lib = await Library.open(tempDir())
    const out = await lib.ingest([a, g, r, basalt, granite])
    expect(out.documents.map((d) => d.status)).toEqual([
      'indexed',
      'indexed',
      'indexed',
      'indexed',
      'indexed',
    ])
    await lib.close()
  })

  it('keeps two long reports from one template apart: their template repeats on every page', async () => {
    // 40 pages each, the subject in the heading and two of three sentences: as a set of shingles
    // the template dominates (0.89 alike, taken for one text); as a multiset they are 0.71 alike.
    const docs = tempDir()
    const files = [
      await write(docs, 'basalt.pdf', sampleTextSpec('big subject basalt', 40)),
      await write(docs, 'granite.pdf', sampleTextSpec('big subject granite', 40)),
    ]
    const lib = await Library.open(tempDir())
    const out = await lib.ingest(files)
    expect(out.documents.map((d) => d.status)).toEqual(['indexed', 'indexed'])
    await lib.close()
  })

  it.skipIf(!hasQpdf)(
    'a qpdf --linearize copy is not a second document, and sources never show one passage twice under one title',
    async () => {
      const docs = tempDir()
      const a = await write(docs, 'sandwich-CL.pdf', report('sandwich'))
      const b = path.join(docs, 'sandwich-CL-linearized.pdf')
      execFileSync('qpdf', ['--linearize', a, b])
      const lib = await Library.open(tempDir(), { modelDir: TEST_MODEL_DIR })
      const first = await lib.ingest([a, b])
      expect(first.documents.map((d) => d.status)).toEqual(['indexed', 'skipped'])
      expect(first.documents[1]?.error).toBe('Same text as sandwich-CL.pdf, already in the library.')
      expect(lib.documents()).toHaveLength(1)

      // Kept on purpose, the copy's passages collapse into the original's, naming both files.
      await lib.ingest([b], { keepDuplicateText: true })
      expect(lib.documents()).toHaveLength(2)
      const { results } = await lib.search('sandwich estimator bread meat empirical scores', { k: 6 })
      const texts = results.map((h) => h.text)
      expect(new Set(texts).size).toBe(texts.length)
      const top = results[0]!
      expect([top.file, ...(top.alsoIn ?? []).map((d) => d.file)].sort()).toEqual([a, b].sort())
      await lib.close()
    },
  )
})
