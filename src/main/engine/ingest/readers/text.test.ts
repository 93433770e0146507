import { describe, expect, it } from 'vitest'
import { blocks, locatorOf, read, readError } from './readers-test-kit.js'

describe('plain text reader', () => {
  it('finds headings after two blank lines or underlined, and falls back to paragraph numbers', async () => {
    const txt =
      'Title line\n\nFirst paragraph of the preface, which says who wrote the list of sequences, when it was last revised, and which terminals it describes in the sections below.\n\n\nDefinitions\n\nc  The literal character c.\nC  A single character, any of the printable ones, as typed at the keyboard by the user.\nP  A single numeric parameter, a decimal number.\n\nUsage\n=====\n\nCall it twice.\n'
    const doc = await read(txt, '/d/seqs.txt')
    expect(blocks(doc)).toContainEqual(['heading', 'Definitions'])
    expect(blocks(doc)).toContainEqual(['heading', 'Usage'])
    expect(locatorOf(doc, 'The literal character c.')).toBe('Definitions')
    expect(locatorOf(doc, 'Call it twice')).toBe('Usage')
    const flat = await read('one paragraph here.\n\nsecond paragraph follows it.\n', '/d/flat.txt')
    expect(locatorOf(flat, 'one paragraph')).toBe('¶ 1')
  })

  it('decodes UTF-16 with a byte-order mark, UTF-8 with one, and Latin-1', async () => {
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('Grüße aus Köln, sagte er.', 'utf16le'),
    ])
    expect((await read(utf16, '/d/a.txt')).pages[0]!.text).toBe('Grüße aus Köln, sagte er.')
    const utf16be = Buffer.from(Buffer.from('Ünïcode in big endian.', 'utf16le').swap16())
    expect((await read(Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be]), '/d/b.txt')).pages[0]!.text).toBe(
      'Ünïcode in big endian.',
    )
    const bom8 = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('naïve café text', 'utf8')])
    expect((await read(bom8, '/d/c.txt')).pages[0]!.text).toBe('naïve café text')
    expect((await read(Buffer.from('déjà vu, encore', 'latin1'), '/d/d.txt')).pages[0]!.text).toBe(
      'déjà vu, encore',
    )
  })

  it('refuses binary content and empty text with their own codes', async () => {
    const binary = await readError(Uint8Array.from([0x50, 0x4b, 3, 4, 0, 0, 8, 0, 1, 2, 3]), '/d/x.txt')
    expect(binary).toMatchObject({ code: 'DOC_BINARY' })
    expect(binary!.message).toMatch(/binary data/)
    expect(await readError('\n\n  \n', '/d/blank.txt')).toMatchObject({ code: 'DOC_NO_TEXT' })
  })
})
