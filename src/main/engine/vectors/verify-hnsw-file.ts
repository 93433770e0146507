import fs from 'node:fs'

/** hnswlib's saveIndex header: six size_t, an int, an unsigned int, three size_t, a double, a size_t. */
const HEADER_BYTES = 6 * 8 + 4 + 4 + 3 * 8 + 8 + 8

/**
 * Checks that an hnswlib index file is complete: its header's element count is `expectedCount`, and
 * after the level-0 block exactly `expectedCount` link lists follow, ending at the end of the file.
 * hnswlib writes through an unchecked std::ofstream, so a full disk leaves a short file and no error;
 * this walks the file's own structure (reading only the header and the small link-list tail) to
 * catch that before the file replaces a good one. Returns null when complete, else what is wrong.
 */
export function verifyHnswFile(file: string, expectedCount: number): string | null {
  const size = fs.statSync(file).size
  if (size < HEADER_BYTES) return `the file has ${size} bytes, less than hnswlib's header`
  const fd = fs.openSync(file, 'r')
  try {
    const header = Buffer.alloc(HEADER_BYTES)
    fs.readSync(fd, header, 0, HEADER_BYTES, 0)
    const count = Number(header.readBigUInt64LE(16))
    const bytesPerElement = Number(header.readBigUInt64LE(24))
    if (count !== expectedCount) return `the header counts ${count} vectors, ${expectedCount} were written`
    let pos = HEADER_BYTES + count * bytesPerElement
    if (pos > size) return `the file ends inside the vectors (${size} of at least ${pos} bytes)`
    const tail = Buffer.alloc(size - pos)
    fs.readSync(fd, tail, 0, tail.length, pos)
    let at = 0
    for (let i = 0; i < count; i++) {
      if (at + 4 > tail.length) return `the file ends after ${i} of ${count} link lists`
      at += 4 + tail.readUInt32LE(at)
    }
    pos += at
    if (at !== tail.length) return `the link lists end at byte ${pos}, the file has ${size}`
    return null
  } finally {
    fs.closeSync(fd)
  }
}
