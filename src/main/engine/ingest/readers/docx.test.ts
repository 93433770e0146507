import { ingestRemedy } from '@shared/ingest-remedies.js'
import { describe, expect, it } from 'vitest'
import { makeDeclaredBomb, makeDocx, makeLyingZip, makeOleFile } from '@tests/fixtures/office-factory.js'
import { blocks, locatorOf, read, readError } from './readers-test-kit.js'

const filler = (topic: string) =>
  Array.from(
    { length: 12 },
    (_, i) => `Sentence ${i + 1} explains ${topic} in some detail for the reader.`,
  ).join(' ')

describe('Word (.docx) reader', () => {
  it('reads headings with levels, paragraphs, tables and footnotes, and locates passages by heading path', async () => {
    const bytes = makeDocx(
      [
        { heading: '3 Remotes', level: 1 },
        { p: filler('remotes') },
        { heading: '3.2 Fetching', level: 2 },
        { p: 'Fetching downloads objects from another repository.', footnote: 'Pulling also merges.' },
        { p: filler('fetching') },
        {
          table: [
            ['Command', 'Effect'],
            ['git fetch', 'downloads refs'],
          ],
        },
      ],
      'Git notes',
    )
    const doc = await read(bytes, '/d/notes.docx')
    expect(doc.format).toBe('docx')
    expect(doc.title).toBe('Git notes')
    const b = blocks(doc)
    expect(b).toContainEqual(['heading', '3 Remotes'])
    expect(b).toContainEqual(['heading', '3.2 Fetching'])
    expect(b).toContainEqual(['table-row', 'Command | Effect'])
    expect(b.find(([, t]) => t.includes('Pulling also merges'))?.[0]).toBe('footnote')
    expect(doc.pages[0]!.lines.find((l) => l.kind === 'heading' && l.level === 2)).toBeTruthy()
    expect(locatorOf(doc, 'Fetching downloads objects')).toBe('3 Remotes > 3.2 Fetching')
    expect(locatorOf(doc, 'explains remotes')).toBe('3 Remotes')
  })

  it('leaves out the navigation a converted web page keeps (contents, "Next topic") and keeps code as code', async () => {
    const bytes = makeDocx([
      { p: 'datetime — Python documentation' },
      { heading: 'Table of Contents', level: 3 },
      { link: 'Aware and Naive Objects', anchor: 'aware' },
      { link: 'Constants', anchor: 'constants' },
      { link: 'Available Types', anchor: 'types' },
      { heading: 'Next topic', level: 3 },
      { link: 'zoneinfo — IANA time zone support', anchor: 'next' },
      { heading: 'Constants', level: 1 },
      { p: 'The largest year number allowed in a date object. MAXYEAR is 9999.' },
      // A link inside prose, and a lone link, are content.
      { p: 'See Constants for the smallest year.' },
      { link: 'Aware and Naive Objects', anchor: 'aware' },
      { code: '>>> from datetime import date\n>>> date.max' },
    ])
    const b = blocks(await read(bytes, '/d/datetime.docx'))
    const texts = b.map(([, t]) => t)
    expect(texts).not.toContain('Table of Contents')
    expect(texts).not.toContain('Next topic')
    expect(texts).not.toContain('Available Types')
    expect(texts).not.toContain('zoneinfo — IANA time zone support')
    expect(b).toContainEqual(['heading', 'Constants'])
    expect(b).toContainEqual(['paragraph', 'See Constants for the smallest year.'])
    expect(b).toContainEqual(['paragraph', 'Aware and Naive Objects'])
    expect(b).toContainEqual(['code', '>>> from datetime import date\n>>> date.max'])
  })

  it('reads what Word writes around the text: numbering, revisions, fields, text boxes, cells of several paragraphs', async () => {
    const run = (t: string) => `<w:r><w:t xml:space="preserve">${t}</w:t></w:r>`
    const bytes = makeDocx([
      { heading: 'Procedure', level: 1 },
      {
        raw: `<w:p><w:pPr><w:numPr><w:ilvl w:val="1"/><w:numId w:val="3"/></w:numPr></w:pPr>${run('Seal the crate.')}</w:p>`,
      },
      // A deleted revision and a field's code are not text; the field's result is.
      {
        raw: `<w:p>${run('The crate weighs ')}<w:del><w:r><w:delText>forty</w:delText></w:r></w:del><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> DOCPROPERTY Weight </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>${run('twelve')}<w:r><w:fldChar w:fldCharType="end"/></w:r>${run(' kilograms.')}</w:p>`,
      },
      {
        raw: `<w:p><w:r><mc:AlternateContent xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"><mc:Choice Requires="wps"><w:drawing><w:txbxContent><w:p>${run('Handle with care.')}</w:p></w:txbxContent></w:drawing></mc:Choice><mc:Fallback><w:pict><w:p>${run('Handle with care.')}</w:p></w:pict></mc:Fallback></mc:AlternateContent></w:r></w:p>`,
      },
      {
        raw: `<w:tbl><w:tr><w:tc><w:p>${run('Flag')}</w:p></w:tc><w:tc><w:p>${run('First paragraph.')}</w:p><w:p>${run('Second paragraph.')}</w:p></w:tc></w:tr></w:tbl>`,
      },
    ])
    const b = blocks(await read(bytes, '/d/procedure.docx'))
    expect(b).toContainEqual(['list-item', 'Seal the crate.'])
    expect(b).toContainEqual(['paragraph', 'The crate weighs twelve kilograms.'])
    expect(b.filter(([, t]) => t === 'Handle with care.')).toHaveLength(1)
    expect(b).toContainEqual(['table-row', 'Flag | First paragraph. Second paragraph.'])
  })

  it('refuses a zip bomb (declared or actual inflation) with DOC_TOO_LARGE', async () => {
    expect(
      await readError(makeDeclaredBomb('word/document.xml', 600 * 1024 * 1024), '/d/bomb.docx'),
    ).toMatchObject({
      code: 'DOC_TOO_LARGE',
    })
    expect(await readError(makeLyingZip('word/document.xml', 4 * 1024 * 1024), '/d/liar.docx')).toMatchObject(
      {
        code: 'DOC_TOO_LARGE',
      },
    )
  })

  it('names legacy, password-protected and damaged files with what to do', async () => {
    const legacy = await readError(makeOleFile(false), '/d/old.doc')
    expect(legacy).toMatchObject({ code: 'DOC_LEGACY_FORMAT' })
    expect(legacy!.message).toMatch(/Word 97–2003 document.*its successor is \.docx/)
    // An old file given the new name is still the old format.
    expect(await readError(makeOleFile(false), '/d/renamed.docx')).toMatchObject({
      code: 'DOC_LEGACY_FORMAT',
    })
    const locked = await readError(makeOleFile(true), '/d/locked.docx')
    expect(locked).toMatchObject({ code: 'DOC_ENCRYPTED' })
    // The message says what happened; what to do is the code's remedy, printed under it.
    expect(locked!.message).toBe('locked.docx is password-protected.')
    expect(ingestRemedy('DOC_ENCRYPTED').remedy).toMatch(/remove the password/)
    expect(await readError('not a zip at all', '/d/broken.docx')).toMatchObject({ code: 'DOC_CORRUPT' })
    const cut = makeDocx([{ p: 'text' }])
    expect(await readError(cut.subarray(0, cut.length - 30), '/d/cut.docx')).toMatchObject({
      code: 'DOC_CORRUPT',
    })
    expect(await readError(new Uint8Array(0), '/d/empty.docx')).toMatchObject({ code: 'DOC_EMPTY_FILE' })
  })

  it('reads a new Word file saved under the old .doc name', async () => {
    const doc = await read(
      makeDocx([{ heading: 'Memo', level: 1 }, { p: 'The budget was approved.' }]),
      '/d/memo.doc',
    )
    expect(doc.format).toBe('docx')
    expect(locatorOf(doc, 'budget was approved')).toBe('Memo')
  })
})
