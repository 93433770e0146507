/**
 * Tesseract reads the letter l at the start of a word as the digit 1 in many faces (`1m.fit`,
 * `1m(formula`, `1wd=2`, `1evels=50` for `lm.fit`, `lm(formula`, `lwd=2`, `levels=50`), most of
 * all in monospaced code. A word never starts with the digit 1 followed by letters, except a
 * quantity: an ordinal (1st), a unit (1px, 1mm, 1cm), a power of ten (1e-07) or a size (1x1). So
 * a leading 1 followed by a lower-case letter is read as l when what follows is a call (`1m(`) or
 * at least two characters that are not a unit; a single letter (1s, 1m, 1h) stays, as it may be one.
 * Measured on the development and third-set corpora scanned at 150 dpi (705 pages), against the
 * text layer of the same documents: of the words this changes, 72 read l there and none 1 (13 are
 * found neither way); of those it leaves, 12 read 1 (units) and 20 l (mostly `1s`, `1m` alone).
 */
export function readLeadingOneAsL(text: string): string {
  const m = /^([([{"']?)1(\p{Ll}[\p{L}\p{N}_.]*)(.*)$/u.exec(text)
  if (!m) return text
  const [, open, rest, after] = m as unknown as [string, string, string, string]
  const name = rest.replace(/\.+$/, '')
  const letters = /^\p{L}+/u.exec(name)![0]
  const call = after.startsWith('(')
  if (!call && (name.length < 2 || QUANTITY.test(name) || QUANTITY.test(letters))) return text
  return `${open}l${rest}${after}`
}

/** What may follow a leading 1 in a quantity: ordinal suffixes, units, exponents, sizes. */
const QUANTITY =
  /^(?:st|nd|rd|th|px|pt|pc|mm|cm|km|kg|mg|ms|ns|us|em|ex|in|bp|sp|dd|cc|hz|khz|mhz|ghz|kb|mb|gb|tb)$|^e[-+]?\d|^x\d/i
