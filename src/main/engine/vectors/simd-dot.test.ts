import { describe, expect, it } from 'vitest'
import { unitVectors } from '@tests/helpers/unit-vectors.js'
import { simdDotKernel } from './simd-dot.js'

describe('the WebAssembly SIMD inner products', () => {
  it('gives every row’s inner product with the query, also after its memory grew', () => {
    const kernel = simdDotKernel()
    expect(kernel).not.toBeNull()
    for (const [n, dim] of [
      [3, 4],
      [50, 384],
      [700, 96],
    ] as const) {
      const [q, ...rows] = unitVectors(n + 1, n, dim)
      kernel!.reserve(dim + n * dim + n)
      const memory = kernel!.view()
      memory.set(q!, 0)
      rows.forEach((r, i) => memory.set(r, dim + i * dim))
      const out = dim + n * dim
      kernel!.scores(0, dim, n, dim, out)
      const got = kernel!.view().subarray(out, out + n)
      rows.forEach((r, i) =>
        expect(got[i]).toBeCloseTo(
          r.reduce((s, x, j) => s + x * q![j]!, 0),
          5,
        ),
      )
    }
  })
})
