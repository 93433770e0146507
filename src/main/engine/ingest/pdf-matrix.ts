// PDF transformation matrices [a b c d e f] (PDF 32000-1 §8.3.3), as pdf.js hands them over in
// operator lists: what a page's painting operators are placed with (ruled tables, scanned pages).

export type PdfMatrix = [number, number, number, number, number, number]

export const IDENTITY: PdfMatrix = [1, 0, 0, 1, 0, 0]

/** `n` applied within `m` (a `cm` operator on the current matrix): n first, then m. */
export function multiply(m: PdfMatrix, n: PdfMatrix): PdfMatrix {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ]
}

/** The point (x, y) in the space the matrix maps to. */
export function applyMatrix(m: PdfMatrix, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]]
}
