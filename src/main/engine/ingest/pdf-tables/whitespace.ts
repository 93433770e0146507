// Telling spaces from the rest of a page's text by character code, with exactly the characters a
// regular expression's \s matches, so the table finder can scan a page's text in place instead of
// slicing it into strings and matching (it runs on every page of every PDF; see docs/tables.md,
// "Cost").

/** True for the UTF-16 code units JavaScript's \s matches (without the u flag). */
export function isSpaceCode(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d)
  if (c < 0xa0) return false
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  )
}

/** Whether text[start, end) holds a character other than a space (/\S/ on the slice). */
export function hasNonSpace(text: string, start: number, end: number): boolean {
  for (let i = start, to = Math.min(end, text.length); i < to; i++)
    if (!isSpaceCode(text.charCodeAt(i))) return true
  return false
}
