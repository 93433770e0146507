import { mulberry32 } from './seeded-random.js'

/** `n` seeded random unit vectors of `dim` components: the same on every run. */
export function unitVectors(n: number, seed: number, dim: number): Float32Array[] {
  const random = mulberry32(seed)
  return Array.from({ length: n }, () => {
    const v = Float32Array.from({ length: dim }, () => random() * 2 - 1)
    const norm = Math.hypot(...v)
    return v.map((c) => c / norm)
  })
}

/** The consecutive ids from, from + 1, …, n of them. */
export const consecutiveIds = (from: number, n: number): number[] =>
  Array.from({ length: n }, (_, i) => from + i)
