import { QuireError } from '@shared/errors.js'

// Text files come in UTF-8 (with or without a byte-order mark), UTF-16 with a byte-order mark, or
// an older 8-bit encoding (Latin-1/Windows-1252). Binary content named as text is refused as such.

/** Share of control characters (other than tab, newline, carriage return, form feed) that marks binary. */
const MAX_CONTROL_SHARE = 0.01

export function decodeText(bytes: Uint8Array, name: string): string {
  let text: string
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) text = decode('utf-8', bytes.subarray(3))
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) text = decode('utf-16le', bytes.subarray(2))
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = decode('utf-16be', bytes.subarray(2))
  else {
    if (bytes.subarray(0, 8192).includes(0)) throw binary(name)
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    } catch {
      // Not UTF-8: an 8-bit encoding; WHATWG's "latin1" is Windows-1252, a superset for text.
      text = new TextDecoder('latin1').decode(bytes)
    }
  }
  const sample = text.slice(0, 65536)
  const control = sample.match(/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/g)?.length ?? 0
  if (sample.length > 0 && control / sample.length > MAX_CONTROL_SHARE) throw binary(name)
  return text
}

function decode(encoding: string, bytes: Uint8Array): string {
  return new TextDecoder(encoding).decode(bytes)
}

function binary(name: string): QuireError {
  return new QuireError('DOC_BINARY', `${name} is not text: it holds binary data.`)
}
