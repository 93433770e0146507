/**
 * Turns what a person types into a safe FTS5 query: every word quoted (so AND, NEAR, quotes and
 * colons are plain text, never syntax), all words required, the last one as a prefix so results
 * appear while typing. Null when there is nothing to search for.
 */
export function ftsQuery(input: string): string | null {
  const words = input.match(/[\p{L}\p{N}]+/gu) ?? []
  if (words.length === 0) return null
  return words.map((w, i) => `"${w}"${i === words.length - 1 ? '*' : ''}`).join(' ')
}
