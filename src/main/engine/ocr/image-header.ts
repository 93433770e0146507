/**
 * The size in pixels a PNG or JPEG declares in its header, read before anything is decoded: a file
 * of under 1 MB can declare 30000 × 30000 pixels, which decoded takes gigabytes (pixel-budget.ts).
 * TIFF pages are sized by tiff-directory.ts. Null when the header holds no size.
 */
export function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  // Signature (8), then the IHDR chunk: length (4), 'IHDR', width (4), height (4).
  if (bytes.length < 24 || String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') return null
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  return { width: view.getUint32(16), height: view.getUint32(20) }
}

/** Start-of-frame markers (SOF0–SOF15) that carry the frame size: all of C0–CF but DHT, JPG and DAC. */
const isStartOfFrame = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc

export function jpegSize(bytes: Uint8Array): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let at = 2
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null
    const marker = bytes[at + 1]!
    if (marker === 0xff) {
      at++ // fill byte
      continue
    }
    // Markers without a length: restart markers, SOI, TEM.
    if ((marker >= 0xd0 && marker <= 0xd8) || marker === 0x01) {
      at += 2
      continue
    }
    if (marker === 0xd9 || marker === 0xda) return null // end of image or start of scan before any frame
    const length = view.getUint16(at + 2)
    if (isStartOfFrame(marker)) {
      if (at + 9 > bytes.length) return null
      return { height: view.getUint16(at + 5), width: view.getUint16(at + 7) }
    }
    at += 2 + length
  }
  return null
}
