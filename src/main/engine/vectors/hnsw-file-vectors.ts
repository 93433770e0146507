import fs from 'node:fs'

/** hnswlib's saveIndex header: six size_t, an int, an unsigned int, three size_t, a double, a size_t. */
const HEADER_BYTES = 6 * 8 + 4 + 4 + 3 * 8 + 8 + 8
/** Records read per read call: about 1.7 MB at 384 dimensions and m = 16. */
const RECORDS_PER_READ = 1024

/**
 * Copies the vectors of the wanted labels out of a saved hnswlib index file, in one sequential
 * pass over its level-0 block (each record: links, the vector as float32, the label as size_t).
 * hnswlib-node hands out a vector only as a JS array, one call per label (≈ 60 µs at 384-d); the
 * file holds them all contiguously and is read at disk-cache speed. `rowOf` gives the row of `rows`
 * a label goes to, or -1; returns how many rows were filled (a label the file lacks is left to the
 * caller). A file whose layout does not match `dim` fills nothing.
 */
export function copyVectorsFromFile(
  file: string,
  dim: number,
  rowOf: (label: number) => number,
  rows: Float32Array,
): number {
  let fd: number
  try {
    fd = fs.openSync(file, 'r')
  } catch {
    return 0
  }
  try {
    const header = Buffer.alloc(HEADER_BYTES)
    if (fs.readSync(fd, header, 0, HEADER_BYTES, 0) !== HEADER_BYTES) return 0
    const count = Number(header.readBigUInt64LE(16))
    const recordBytes = Number(header.readBigUInt64LE(24))
    const labelOffset = Number(header.readBigUInt64LE(32))
    const dataOffset = Number(header.readBigUInt64LE(40))
    // The vector runs up to the label in hnswlib's layout; anything else is not a file of this index.
    if (
      labelOffset - dataOffset !== dim * 4 ||
      labelOffset + 8 > recordBytes ||
      (recordBytes | dataOffset) % 4 !== 0
    )
      return 0
    const buffer = new ArrayBuffer(recordBytes * RECORDS_PER_READ)
    const bytes = new Uint8Array(buffer)
    const floats = new Float32Array(buffer)
    const words = new Uint32Array(buffer)
    let filled = 0
    for (let first = 0; first < count; first += RECORDS_PER_READ) {
      const n = Math.min(RECORDS_PER_READ, count - first)
      const want = n * recordBytes
      if (fs.readSync(fd, bytes, 0, want, HEADER_BYTES + first * recordBytes) !== want) return filled
      for (let i = 0; i < n; i++) {
        const at = i * recordBytes
        const label = words[(at + labelOffset) / 4]! + words[(at + labelOffset) / 4 + 1]! * 2 ** 32
        const row = rowOf(label)
        if (row < 0) continue
        const from = (at + dataOffset) / 4
        rows.set(floats.subarray(from, from + dim), row * dim)
        filled++
      }
    }
    return filled
  } finally {
    fs.closeSync(fd)
  }
}
