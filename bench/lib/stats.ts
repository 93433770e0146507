/** A figure measured over repeated runs: the median and how far the runs spread around it. */
export interface Summary {
  median: number
  min: number
  max: number
  n: number
  /** (max - min) / median, in percent: how much to trust the median. */
  spread_pct: number
}

export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return NaN
  const s = [...values].sort((a, b) => a - b)
  const pos = (s.length - 1) * q
  const lo = Math.floor(pos)
  const hi = Math.ceil(pos)
  return s[lo]! + (s[hi]! - s[lo]!) * (pos - lo)
}

export const median = (values: readonly number[]): number => quantile(values, 0.5)

export function summarize(values: readonly number[]): Summary {
  const m = median(values)
  const min = Math.min(...values)
  const max = Math.max(...values)
  return {
    median: round(m),
    min: round(min),
    max: round(max),
    n: values.length,
    spread_pct: round((100 * (max - min)) / m, 1),
  }
}

/** Rounds to `digits` significant-ish decimals so JSON stays readable. */
export function round(x: number, digits = 2): number {
  if (!Number.isFinite(x)) return x
  const f = 10 ** digits
  return Math.round(x * f) / f
}

/** Runs `fn` `reps` times and returns each run's result. */
export async function repeat<T>(reps: number, fn: (rep: number) => Promise<T>): Promise<T[]> {
  const out: T[] = []
  for (let i = 0; i < reps; i++) out.push(await fn(i))
  return out
}
