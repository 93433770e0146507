// The CLI says what the app says, in the same words: files it passes over, each failure's fix once,
// counts in the right number, and passages cited in one grammar without internal scores.
import fs from 'node:fs'
import path from 'node:path'
import { PDFDocument, PDFName } from 'pdf-lib'
import { describe, expect, it } from 'vitest'
import { ingestRemedy } from '@shared/ingest-remedies.js'
import { skippedNotice } from '@shared/skipped-files.js'
import { makeEncryptedPdf, makeTextPdf, paragraphLines } from '@tests/fixtures/pdf-factory.js'
import { strToU8, unzipSync, zipSync } from 'fflate'
import { makeDeclaredBomb, makeEpub } from '@tests/fixtures/office-factory.js'
import { cli } from '@tests/helpers/run-cli.js'
import { useTempDirs } from '@tests/helpers/temp-dir.js'

const tempDir = useTempDirs()

const occurrences = (text: string, part: string) => text.split(part).length - 1

/** A one-page PDF, and a two-page one whose pages are printed "15" and "16" (PDF pages 1 and 2). */
async function writeDocs(dir: string) {
  fs.writeFileSync(
    path.join(dir, 'note.pdf'),
    await makeTextPdf({ pages: [{ lines: paragraphLines(['A single page about the lighthouse keeper.']) }] }),
  )
  const doc = await PDFDocument.load(
    await makeTextPdf({
      pages: [
        { lines: paragraphLines(['The tide tables are printed in the appendix of the harbour guide.']) },
        { lines: paragraphLines(['Moorings are assigned by the harbour master every spring.']) },
      ],
    }),
  )
  doc.catalog.set(
    PDFName.of('PageLabels'),
    doc.context.obj({ Nums: doc.context.obj([0, { S: PDFName.of('D'), St: 15 }]) }),
  )
  fs.writeFileSync(path.join(dir, 'harbour.pdf'), await doc.save())
}

describe('the CLI speaks like the app', () => {
  it('ingest FOLDER names the files it does not import, in the words the app uses', async () => {
    const docs = tempDir()
    await writeDocs(docs)
    fs.mkdirSync(path.join(docs, 'sub'))
    const skipped = [path.join(docs, 'photo.raw'), path.join(docs, 'sub', 'draft.xyz')]
    for (const f of skipped) fs.writeFileSync(f, 'not importable')
    const human = await cli('ingest', docs, '--library', tempDir(), '--model-dir', 'none')
    expect(human.code).toBe(0)
    // Paths inside the working folder are shown relative to it; the temp dir is elsewhere.
    const notice = skippedNotice(skipped)!
    expect(human.out).toContain(`${notice}\n2 indexed, 0 skipped, 0 failed`)
    expect(notice).toMatch(
      /^Skipped 2 files Quire cannot import: .*photo\.raw, .*draft\.xyz\. Quire imports PDF/,
    )
    const json = JSON.parse(
      (await cli('ingest', docs, '--library', tempDir(), '--model-dir', 'none', '--json')).out,
    )
    expect(json.not_imported).toEqual(skipped)
  })

  it('prints each failed file’s remedy once: messages say what happened, remedies what to do', async () => {
    const docs = tempDir()
    const files: [string, string | Uint8Array][] = [
      ['locked.pdf', makeEncryptedPdf()],
      ['empty.pdf', ''],
      ['picture.pdf', 'not really a pdf'],
      ['old.doc', 'an old binary Word file'],
      ['broken.docx', 'not a zip at all'],
      ['binary.txt', new Uint8Array([0, 1, 2, 0, 255, 0, 7, 0])],
      ['damaged.png', 'not an image'],
      ['blank.md', '  \n'],
    ]
    for (const [name, bytes] of files) fs.writeFileSync(path.join(docs, name), bytes)
    const lib = tempDir()
    const r = await cli('ingest', docs, '--library', lib, '--model-dir', 'none')
    expect(r.out).toMatch(/locked\.pdf is password-protected\. \[PDF_ENCRYPTED\]\n {9}Remove the password/)
    const json = JSON.parse(
      (await cli('ingest', docs, '--library', tempDir(), '--model-dir', 'none', '--json')).out,
    ) as { documents: { file: string; status: string; error: string; code: string; remedy: string | null }[] }
    const failed = json.documents.filter((d) => d.status === 'failed')
    expect(failed.map((d) => path.basename(d.file)).sort()).toEqual(files.map(([name]) => name).sort())
    expect(new Set(failed.map((d) => d.code))).toEqual(
      new Set([
        'PDF_ENCRYPTED',
        'PDF_EMPTY_FILE',
        'PDF_NOT_A_PDF',
        'DOC_LEGACY_FORMAT',
        'DOC_CORRUPT',
        'DOC_BINARY',
        'DOC_NO_TEXT',
      ]),
    )
    // Instructions belong to the remedy alone: a message that gave one too printed it twice.
    const instruction =
      /\b(then|and) (import|add)|\b(import|add) (it again|that)|\bcheck (that|the)\b|\brename it\b|\bturn on\b|\bremove the password\b|\bsave it\b|\bfree some\b|\bretry\b/i
    for (const d of failed) {
      expect(d.error, d.code).not.toMatch(instruction)
      expect(d.remedy, d.code).toBeTruthy()
      expect(occurrences(r.out, d.remedy!), d.code).toBe(failed.filter((f) => f.remedy === d.remedy).length)
    }
  })

  it('counts one page as "1 page" in ingest and docs', async () => {
    const docs = tempDir()
    await writeDocs(docs)
    const lib = tempDir()
    const r = await cli('ingest', docs, '--library', lib, '--model-dir', 'none')
    expect(r.out).toMatch(/note\.pdf {2}PDF, 1 page, 1 passage\n/)
    expect(r.out).toMatch(/harbour\.pdf {2}PDF, 2 pages, /)
    const listed = await cli('docs', '--library', lib)
    expect(listed.out).toMatch(/note\.pdf\) {2}PDF, 1 page, 1 passage\n/)
  })

  // ingest said "1 page, 1 passage" of a Markdown file that docs lists as "Markdown, 1 passage".
  it('ingest says a document’s extent as docs does: no pages for flowing text', async () => {
    const docs = tempDir()
    fs.writeFileSync(path.join(docs, 'guide.md'), '# Guide\n\nMoorings are assigned every spring.\n')
    const lib = tempDir()
    const r = await cli('ingest', docs, '--library', lib, '--model-dir', 'none')
    expect(r.out).toMatch(/guide\.md {2}Markdown, 1 passage\n/)
    const listed = await cli('docs', '--library', lib)
    expect(listed.out).toMatch(/guide\.md\) {2}Markdown, 1 passage\n/)
  })

  it('search cites passages as ask and the app do, and keeps ranking scores to --json', async () => {
    const docs = tempDir()
    await writeDocs(docs)
    const lib = tempDir()
    await cli('ingest', docs, '--library', lib, '--model-dir', 'none')
    const r = await cli('search', 'who assigns the moorings?', '--library', lib, '--model-dir', 'none')
    expect(r.code).toBe(0)
    // The two short pages form one passage, cited by their printed numbers first.
    expect(r.out).toContain('1. harbour.pdf, pp. 15–16 (PDF pp. 1–2)\n')
    expect(r.out).not.toMatch(/score/i)
    const j = JSON.parse(
      (await cli('search', 'who assigns the moorings?', '--library', lib, '--model-dir', 'none', '--json'))
        .out,
    )
    expect(j.results[0]).toMatchObject({ pages: [1, 2], score: expect.any(Number) })
  })

  it('search cites a passage of a document without pages by its place in the document', async () => {
    const docs = tempDir()
    fs.writeFileSync(
      path.join(docs, 'guide.md'),
      '# Harbour guide\n\n## Moorings\n\nMoorings are assigned by the harbour master every spring.\n',
    )
    const lib = tempDir()
    await cli('ingest', docs, '--library', lib, '--model-dir', 'none')
    const r = await cli('search', 'who assigns the moorings?', '--library', lib, '--model-dir', 'none')
    expect(r.out).toMatch(/\n1\. guide\.md, Harbour guide\b/)
    expect(r.out).not.toContain('page unknown')
    const j = JSON.parse(
      (await cli('search', 'who assigns the moorings?', '--library', lib, '--model-dir', 'none', '--json'))
        .out,
    )
    expect(j.results[0]).toMatchObject({ pages: [], locator: expect.stringMatching(/^Harbour guide/) })
  })
})

/** An e-book whose chapter is encrypted (DRM): META-INF/encryption.xml lists it. */
function drmEpub(): Uint8Array {
  const files = unzipSync(makeEpub('Locked', [{ file: 'c1.xhtml', html: '<p>Encrypted words.</p>' }]))
  files['META-INF/encryption.xml'] = strToU8(
    '<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><EncryptedData/></encryption>',
  )
  return zipSync(files)
}

describe('each failed file is explained once', () => {
  /** Runs of four words (lower case, letters and digits only) that the two texts share. */
  function sharedRuns(a: string, b: string): string[] {
    const words = (s: string) => s.toLowerCase().match(/[a-z0-9]+/g) ?? []
    const runs = (w: string[]) => new Set(w.slice(0, -3).map((_, i) => w.slice(i, i + 4).join(' ')))
    const inB = runs(words(b))
    return [...runs(words(a))].filter((r) => inB.has(r))
  }

  // "empty.txt is empty (0 bytes); it may have been copied incompletely." was followed by a remedy
  // repeating "it may have been copied incompletely"; a binary .txt's said "binary data" twice.
  it('a message and its remedy never say the same thing twice', async () => {
    const docs = tempDir()
    const files: [string, string | Uint8Array][] = [
      ['empty.txt', ''],
      ['empty.pdf', ''],
      ['binary.txt', new Uint8Array([0, 1, 2, 0, 255, 0, 7, 0])],
      ['locked.pdf', makeEncryptedPdf()],
      ['old.doc', 'an old binary Word file'],
      ['broken.docx', 'not a zip at all'],
      ['damaged.png', 'not an image'],
      ['blank.md', '  \n'],
      ['bomb.docx', makeDeclaredBomb('word/document.xml', 600 * 1024 * 1024)],
      ['drm.epub', drmEpub()],
      [
        'numbers.pdf',
        await makeTextPdf({ pages: [{ lines: [{ text: '12' }] }, { lines: [{ text: '13' }] }] }),
      ],
    ]
    for (const [name, bytes] of files) fs.writeFileSync(path.join(docs, name), bytes)
    const json = JSON.parse(
      (await cli('ingest', docs, '--library', tempDir(), '--model-dir', 'none', '--json')).out,
    ) as { documents: { status: string; error: string; code: string; remedy: string | null }[] }
    const failed = json.documents.filter((d) => d.status === 'failed')
    expect(failed).toHaveLength(files.length)
    for (const d of failed) {
      expect(sharedRuns(d.error, d.remedy ?? ''), d.code).toEqual([])
      // A legacy .doc's message said "saved as .docx it can be imported" before its remedy said so.
      expect(d.error, d.code).not.toMatch(/\bsaved? (it )?as\b|can be imported|\bimport a copy\b/)
    }
    // A DRM-protected e-book was DOC_ENCRYPTED, whose remedy is to remove a password in Word.
    const drm = failed.find((d) => d.code === 'DOC_DRM')
    expect(drm?.remedy).toMatch(/without DRM/)
  })

  // A path typed on the command line that does not exist was told "It was moved or deleted after
  // it was chosen", the app's words for a file picked in a dialog.
  it('a missing path on the command line is a path to check, not a file that was chosen', async () => {
    const r = await cli(
      'ingest',
      path.join(tempDir(), 'reprot.pdf'),
      '--library',
      tempDir(),
      '--model-dir',
      'none',
    )
    expect(r.out).toMatch(/\[FILE_NOT_FOUND\]\n {9}Check the path/)
    expect(r.out).not.toContain('after it was chosen')
  })

  // docs listed a failed document with what happened only; ingest and the app say what to do too.
  it('docs gives a failed document its remedy, once', async () => {
    const docs = tempDir()
    fs.writeFileSync(path.join(docs, 'empty.txt'), '')
    const lib = tempDir()
    await cli('ingest', docs, '--library', lib, '--model-dir', 'none')
    const listed = (await cli('docs', '--library', lib)).out
    const remedy = ingestRemedy('DOC_EMPTY_FILE', null, 'cli').remedy!
    expect(listed).toMatch(
      /FAILED: empty\.txt is empty \(0 bytes\)\. \[DOC_EMPTY_FILE\]\n {8}It may have been/,
    )
    expect(occurrences(listed, remedy)).toBe(1)
  })
})
