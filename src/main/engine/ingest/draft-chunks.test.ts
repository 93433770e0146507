import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { makeTextPdf, paragraphLines, type TextPdfSpec } from '@tests/fixtures/pdf-factory.js'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import { TEST_MODEL_DIR } from '@tests/test-model.js'
import { Library } from '../library.js'
import { embeddingText } from './chunk-pages.js'
import { parseDocument } from './parse-document.js'

const tempDir = useTempDirs()
const WORDS = [
  'Early',
  'Careful',
  'Brief',
  'Later',
  'Detailed',
  'Rough',
  'Final',
  'Partial',
  'Weekly',
  'Joint',
  'Field',
]

/** Chapters of several pages; from a chapter's second page on, its name runs at the top of the page. */
function bookSpec(chapters: number, pagesEach: number): TextPdfSpec {
  const pages: TextPdfSpec['pages'] = []
  for (let c = 1; c <= chapters; c++) {
    for (let p = 0; p < pagesEach; p++) {
      const n = pages.length + 1
      const body = paragraphLines(
        Array.from(
          { length: 6 },
          (_, k) =>
            `${WORDS[(c * 7 + p * 3 + k) % WORDS.length]} notes on the ${['harbour', 'orchard', 'quarry', 'mill'][c % 4]} survey come with ${WORDS[(p + k * 5) % WORDS.length]!.toLowerCase()} figures.`,
        ),
      )
      pages.push({
        lines: [
          ...(p === 0
            ? [{ text: `Chapter ${c}`, size: 18 }]
            : [{ text: `Chapter ${c}: Survey ${n}`, size: 9 }]),
          ...body,
          { text: String(n), size: 9 },
        ],
      })
    }
  }
  return { title: 'Survey', pages }
}

describe('draft chunks while a document is read', () => {
  it('streams drafts before the document is parsed; the final chunks are the same as without drafts and mostly reuse them', async () => {
    const bytes = await makeTextPdf(bookSpec(6, 6))
    const plain = await parseDocument(bytes, 'book.pdf')
    const drafts: string[] = []
    let parsedYet = false
    let draftsBeforeEnd = 0
    const streamed = await parseDocument(bytes, 'book.pdf', {
      onDraftTexts: (texts) => {
        drafts.push(...texts)
        if (!parsedYet) draftsBeforeEnd += texts.length
      },
    })
    parsedYet = true
    expect(streamed.chunks).toEqual(plain.chunks)
    expect(draftsBeforeEnd).toBeGreaterThan(0)
    const finalTexts = plain.chunks.map((c) => embeddingText(c.heading, c.text))
    const reused = finalTexts.filter((t) => drafts.includes(t)).length
    expect(reused / finalTexts.length).toBeGreaterThan(0.6)
    // A chapter's running header is recognised on the chapter's first pages too (look-ahead), so no
    // draft carries one: a wrong guess would only cost embedding time, but there is none here.
    expect(drafts.filter((t) => /Chapter \d: Survey/.test(t))).toEqual([])
    expect(drafts.filter((t) => !finalTexts.includes(t))).toEqual([])
  })

  it('an import embeds drafts while reading and reuses their vectors for the stored chunks', async () => {
    const dir = tempDir()
    const file = path.join(dir, 'book.pdf')
    fs.writeFileSync(file, await makeTextPdf(bookSpec(5, 6)))
    const lib = await Library.open(tempDir(), { modelDir: TEST_MODEL_DIR })
    try {
      const report = await lib.ingest([file])
      expect(report.documents.map((d) => d.status)).toEqual(['indexed'])
      const stream = report.stream!
      expect(stream.firstEmbeddingAt).toBeGreaterThan(0)
      expect(stream.draftsReused).toBeGreaterThan(0)
      expect(stream.draftsReused + stream.embeddedAfterExtraction).toBeGreaterThanOrEqual(
        report.documents[0]!.chunks,
      )
      expect(lib.vectors!.size).toBe(report.documents[0]!.chunks)
      const found = await lib.search('quarry survey figures')
      expect(found.results[0]?.text).toMatch(/quarry survey/)
    } finally {
      await lib.close()
    }
  })
})
