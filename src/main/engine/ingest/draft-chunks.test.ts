import fs from 'node:fs'
import path from 'node:path'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { describe, expect, it } from 'vitest'
import { makeTextPdf, paragraphLines, type TextPdfSpec } from '@tests/fixtures/pdf-factory.js'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import { TEST_MODEL_DIR } from '@tests/test-model.js'
import { Library } from '../library.js'
import { embeddingText } from './chunk-pages.js'
import { parseDocument, type ParsedDocument } from './parse-document.js'

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

/** Twelve pages of prose, a ruled table with its caption on the second (drawn as pdf-tables.test.ts draws one). */
async function reportWithTable(): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false })
  const font = await doc.embedFont(StandardFonts.Helvetica)
  for (let n = 1; n <= 12; n++) {
    const page = doc.addPage([612, 792])
    const text = (s: string, x: number, y: number) => page.drawText(s, { x, y, size: 10, font })
    for (let k = 0; k < 8; k++)
      text(
        `${WORDS[(n + k) % WORDS.length]} notes on page ${n} of the harbour survey come with figures and remarks ${k}.`,
        72,
        720 - k * 14,
      )
    if (n !== 2) continue
    const rows = [
      ['Value', 'Color model'],
      ['1', 'no model'],
      ['3', 'greyscale'],
      ['7', 'cmyk'],
    ]
    const top = 560
    rows.forEach((r, i) => {
      text(r[0]!, 210, top - 12 - i * 16)
      text(r[1]!, 270, top - 12 - i * 16)
    })
    const line = (x0: number, y0: number, x1: number, y1: number) =>
      page.drawLine({ start: { x: x0, y: y0 }, end: { x: x1, y: y1 }, thickness: 0.5 })
    for (let i = 0; i <= rows.length; i++) line(200, top - i * 16 - 4, 400, top - i * 16 - 4)
    for (const x of [200, 260, 400]) line(x, top - 4, x, top - rows.length * 16 - 4)
    text('Table 2: Supported color models.', 220, top - rows.length * 16 - 24)
  }
  return doc.save({ useObjectStreams: false })
}

/** Drafts of a parse and those of them no stored chunk has the text of (embedded in vain). */
async function draftsOf(
  bytes: Uint8Array,
  tables: boolean,
): Promise<{ drafts: string[]; wasted: string[]; parsed: ParsedDocument }> {
  const drafts: string[] = []
  const parsed = await parseDocument(bytes, 'report.pdf', { tables, onDraftTexts: (t) => drafts.push(...t) })
  const finals = new Set(parsed.chunks.map((c) => embeddingText(c.heading, c.text)))
  expect([...finals].some((t) => t.includes('| 7 | cmyk |'))).toBe(tables)
  return { drafts, wasted: drafts.filter((t) => !finals.has(t)), parsed }
}

describe('draft chunks of a document with tables', () => {
  it('drafts a page with its tables as the final chunks lay them: tables waste no more drafts than no tables', async () => {
    const bytes = await reportWithTable()
    const withTables = await draftsOf(bytes, true)
    const without = await draftsOf(bytes, false)
    expect(withTables.drafts.some((t) => t.includes('| 7 | cmyk |'))).toBe(true)
    expect(without.drafts.some((t) => t.includes('|'))).toBe(false)
    // Drafted without its table, the page's chunks and those after it differed from the stored ones.
    expect(withTables.wasted.length).toBeLessThanOrEqual(without.wasted.length)
    // The final pass takes the drafted pages' tables again where a page reads the same: the
    // stored chunks are those of a parse without drafts.
    expect(withTables.parsed.chunks).toEqual((await parseDocument(bytes, 'report.pdf')).chunks)
  })
})
