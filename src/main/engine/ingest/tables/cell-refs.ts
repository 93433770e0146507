// A1 cell references, as spreadsheets write them: column letters (A…Z, AA…) and a row number.

/** Column letters (A, B, …, Z, AA, …) of column `i` (from 0). */
export function columnLetters(i: number): string {
  let s = ''
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s
  return s
}

/** Column index (from 0) and row number of an A1 reference ("B12", "$B$12"); null for anything else. */
export function parseRef(ref: string): { col: number; row: number } | null {
  const m = /^\$?([A-Z]{1,3})\$?(\d+)$/i.exec(ref.trim())
  if (!m) return null
  let col = 0
  for (const ch of m[1]!.toUpperCase()) col = col * 26 + (ch.charCodeAt(0) - 64)
  return { col: col - 1, row: Number(m[2]) }
}
