import { describe, expect, it } from 'vitest'
import { greyTiff } from '@tests/fixtures/image-bombs.js'
import { readTiffDirectory } from './tiff-directory.js'

/** Offset of the n-th (0-based) directory of a greyTiff file, following the chain. */
function directoryAt(tiff: Buffer, n: number): number {
  let at = tiff.readUInt32LE(4)
  for (let i = 0; i < n; i++) at = tiff.readUInt32LE(at + 2 + tiff.readUInt16LE(at) * 12)
  return at
}

describe('readTiffDirectory', () => {
  it('reads every page size without decoding, and stops at a chain that loops', () => {
    const tiff = greyTiff([
      { width: 30, height: 20 },
      { width: 40, height: 10 },
    ])
    expect(readTiffDirectory(tiff)).toMatchObject({
      pages: [
        { width: 30, height: 20, complete: true },
        { width: 40, height: 10, complete: true },
      ],
      endsEarly: false,
    })
    // The second directory's "next" points back at the first: utif2's reader would go round forever.
    const second = directoryAt(tiff, 1)
    tiff.writeUInt32LE(directoryAt(tiff, 0), second + 2 + tiff.readUInt16LE(second) * 12)
    expect(readTiffDirectory(tiff)).toMatchObject({ pages: [{ width: 30 }, { width: 40 }], endsEarly: true })
  })

  it('drops a value whose count reaches past the end of the file instead of reading billions of them', () => {
    const tiff = greyTiff([{ width: 30, height: 20 }])
    const dir = directoryAt(tiff, 0)
    // Entry 6 is StripOffsets (273): claim 4 billion of them.
    expect(tiff.readUInt16LE(dir + 2 + 5 * 12)).toBe(273)
    tiff.writeUInt32LE(0xffffffff, dir + 2 + 5 * 12 + 4)
    const { pages } = readTiffDirectory(tiff)
    expect(pages[0]).toMatchObject({ width: 30, height: 20, complete: false })
    expect(pages[0]!.tags.t273).toBeUndefined()
  })
})
