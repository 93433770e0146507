// The vector index's labels (chunk ids), sorted, saved beside vectors.hnsw. Opening a 1M-chunk
// library needs them sorted for reconciliation; taking them from hnswlib (getIdsList walks its hash
// table into a 1M-element JS array, then a numeric sort) cost 0.25 CPU-s after the file was read,
// on the JS thread. Reading this 8 MB file takes milliseconds while hnswlib is still reading.
// It is a cache: trusted only when it carries the generation of the manifest saved with the index
// (VectorIndex checks that, the element count and that the index file did not change meanwhile);
// anything else falls back to hnswlib's own list.
import fs from 'node:fs'

const MAGIC = 0x5149_4c31 // "QIL1"
/** magic u32, reserved u32, generation f64, count f64. */
const HEADER_BYTES = 24

/**
 * Writes `ids` (sorted ascending, no duplicates) for `generation` into `file` (use replaceFile
 * around it). Little-endian, as every platform Quire ships for.
 */
export function writeIdListFile(file: string, generation: number, ids: Float64Array): void {
  const header = Buffer.alloc(HEADER_BYTES)
  header.writeUInt32LE(MAGIC, 0)
  header.writeDoubleLE(generation, 8)
  header.writeDoubleLE(ids.length, 16)
  const body = Buffer.from(ids.buffer, ids.byteOffset, ids.byteLength)
  fs.writeFileSync(file, Buffer.concat([header, body]))
}

/**
 * The ids saved for `generation`, or null when the file is missing, of another generation, cut
 * short or not strictly ascending (never trusted half-way).
 */
export function readIdListFile(file: string, generation: number): Float64Array | null {
  let buf: Buffer
  try {
    buf = fs.readFileSync(file)
  } catch {
    return null
  }
  if (buf.length < HEADER_BYTES || buf.readUInt32LE(0) !== MAGIC) return null
  if (buf.readDoubleLE(8) !== generation) return null
  const count = buf.readDoubleLE(16)
  if (buf.length !== HEADER_BYTES + count * 8) return null
  // A copy: a Float64Array needs an 8-byte-aligned offset, which the Buffer may not have.
  const start = buf.byteOffset + HEADER_BYTES
  const ids = new Float64Array(buf.buffer.slice(start, start + count * 8))
  for (let i = 1; i < ids.length; i++) if (!(ids[i]! > ids[i - 1]!)) return null
  return ids
}
