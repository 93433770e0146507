/**
 * A TIFF file's pages as its directories (IFDs) declare them, read without decoding any pixels and
 * without trusting any offset or count: every value must lie inside the file, the chain of
 * directories may not loop, and sub-directories (EXIF, maker notes, thumbnails) are not followed.
 * utif2's own reader follows all of them, and a hostile count or a looping chain makes it allocate
 * or spin without end; here a bad directory ends the list instead (`endsEarly`).
 *
 * Each page's tags come out in utif2's shape (`t256: [width]`…), so utif2 decodes one page at a
 * time from them (decode-image.ts).
 */
export interface TiffPage {
  /** Tag number → values, as utif2's decodeImage and toRGBA8 read them. */
  tags: Record<string, unknown>
  width: number
  height: number
  /** False when the page's pixel data (its strips or tiles) runs past the end of the file. */
  complete: boolean
}

export interface TiffDirectory {
  pages: TiffPage[]
  /** The chain of directories is broken (cut off, pointing outside the file, or looping): pages may follow that cannot be found. */
  endsEarly: boolean
}

/** More directories than any scanner writes: a chain this long is treated as broken. */
const MAX_PAGES = 10_000
/** Bytes per value of each TIFF field type (1 BYTE … 12 DOUBLE, 13 IFD). */
const TYPE_SIZE = [0, 1, 1, 2, 4, 8, 1, 1, 2, 4, 8, 4, 8, 4]

export function readTiffDirectory(bytes: Uint8Array): TiffDirectory {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const le = bytes[0] === 0x49
  const u16 = (o: number) => view.getUint16(o, le)
  const u32 = (o: number) => view.getUint32(o, le)
  const inFile = (o: number, n: number) => o >= 0 && n >= 0 && o + n <= bytes.length
  const pages: TiffPage[] = []
  const seen = new Set<number>()
  let at = inFile(4, 4) ? u32(4) : 0
  while (at !== 0) {
    if (seen.has(at) || pages.length >= MAX_PAGES || !inFile(at, 2)) return { pages, endsEarly: true }
    seen.add(at)
    const count = u16(at)
    if (!inFile(at + 2, count * 12 + 4)) return { pages, endsEarly: true }
    const tags: Record<string, unknown> = {}
    for (let i = 0; i < count; i++) {
      const entry = at + 2 + i * 12
      const tag = u16(entry)
      const type = u16(entry + 2)
      const n = u32(entry + 4)
      const size = TYPE_SIZE[type] ?? 0
      if (size === 0 || n === 0) continue // an unknown type: utif2 skips it too
      const inline = n * size <= 4
      const off = inline ? entry + 8 : u32(entry + 8)
      // A value outside the file is dropped; a page that needed it is then incomplete or unreadable.
      if (!inFile(off, n * size)) continue
      tags[`t${tag}`] = tagValues(view, le, bytes, type, off, n)
    }
    pages.push(pageOf(tags, bytes.length))
    at = u32(at + 2 + count * 12)
  }
  return { pages, endsEarly: false }
}

function tagValues(
  view: DataView,
  le: boolean,
  bytes: Uint8Array,
  type: number,
  off: number,
  n: number,
): unknown {
  if (type === 1 || type === 7 || type === 6) return bytes.subarray(off, off + n)
  if (type === 2) {
    let end = off
    while (end < off + n && bytes[end] !== 0) end++
    return [Buffer.from(bytes.subarray(off, end)).toString('latin1')]
  }
  const out: unknown[] = []
  for (let j = 0; j < n; j++) {
    if (type === 3) out.push(view.getUint16(off + 2 * j, le))
    else if (type === 8) out.push(view.getInt16(off + 2 * j, le))
    else if (type === 4 || type === 13) out.push(view.getUint32(off + 4 * j, le))
    else if (type === 9) out.push(view.getInt32(off + 4 * j, le))
    else if (type === 5) out.push([view.getUint32(off + 8 * j, le), view.getUint32(off + 8 * j + 4, le)])
    else if (type === 10) out.push([view.getInt32(off + 8 * j, le), view.getInt32(off + 8 * j + 4, le)])
    else if (type === 11) out.push(view.getFloat32(off + 4 * j, le))
    else if (type === 12) out.push(view.getFloat64(off + 8 * j, le))
  }
  return out
}

function pageOf(tags: Record<string, unknown>, fileLength: number): TiffPage {
  const first = (t: number) => (tags[`t${t}`] as number[] | undefined)?.[0] ?? 0
  const width = first(256)
  const height = first(257)
  // Strips (273/279) or tiles (324/325): every piece of pixel data must be inside the file.
  const offsets = (tags.t273 ?? tags.t324) as number[] | undefined
  const counts = (tags.t279 ?? tags.t325) as number[] | undefined
  const complete =
    !!offsets &&
    offsets.length > 0 &&
    offsets.every((o, i) => {
      const n = counts?.[i]
      return n !== undefined && o + n <= fileLength
    })
  return { tags, width, height, complete }
}
