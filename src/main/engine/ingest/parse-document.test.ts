import { describe, expect, it } from 'vitest'
import { makeTextPdf } from '@tests/fixtures/pdf-factory.js'
import { parseDocument } from './parse-document.js'

describe('parsing a PDF without words', () => {
  it('calls a PDF whose pages hold only page numbers what it is, not "scanned"', async () => {
    const bytes = await makeTextPdf({ pages: [{ lines: [] }, { lines: [] }, { lines: [] }], footer: '{n}' })
    const err = await parseDocument(bytes, '/x/numbers.pdf', { ocr: false }).then(
      () => null,
      (e: unknown) => e as { code: string; message: string },
    )
    expect(err).toMatchObject({ code: 'PDF_NO_WORDS' })
    expect(err!.message).toMatch(/only numbers or symbols \(such as page numbers\)/)
    expect(err!.message).not.toMatch(/scanned/)
  })
})
