import { describe, expect, it } from 'vitest'
import { applyMatrix, IDENTITY, multiply, type PdfMatrix } from './pdf-matrix.js'

describe('PDF matrices', () => {
  it('applies the inner matrix first: a scale inside a translation scales, then moves', () => {
    const moved: PdfMatrix = [1, 0, 0, 1, 100, 50]
    const scaled: PdfMatrix = [2, 0, 0, 3, 0, 0]
    const both = multiply(moved, scaled)
    expect(applyMatrix(both, 1, 1)).toEqual([102, 53])
    // The other way round the translation is scaled too.
    expect(applyMatrix(multiply(scaled, moved), 1, 1)).toEqual([202, 153])
  })

  it('keeps a matrix as it is with the identity, and a rotation turns the unit square', () => {
    const m: PdfMatrix = [0.5, 0.25, -1, 2, 7, -3]
    expect(multiply(IDENTITY, m)).toEqual(m)
    expect(multiply(m, IDENTITY)).toEqual(m)
    const quarterTurn: PdfMatrix = [0, 1, -1, 0, 0, 0]
    expect(applyMatrix(quarterTurn, 1, 0)).toEqual([0, 1])
    expect(IDENTITY).toEqual([1, 0, 0, 1, 0, 0])
  })
})
