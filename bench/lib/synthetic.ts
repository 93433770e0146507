/**
 * Synthetic scale data. Vectors: unit vectors scattered around 1024 random centres (real sentence
 * embeddings are clustered by topic; uniform random 384-d vectors would be a harsher, unrealistic
 * case for HNSW). Text: words drawn from the dev corpus's own word stream, so term frequencies
 * (and therefore FTS5 posting-list lengths) follow real technical prose.
 */
export class Rng {
  constructor(private s: number) {}
  next(): number {
    // mulberry32
    let t = (this.s = (this.s + 0x6d2b79f5) | 0)
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  gauss(): number {
    return Math.sqrt(-2 * Math.log(this.next() + 1e-12)) * Math.cos(2 * Math.PI * this.next())
  }
}

export function normalize(v: Float32Array): Float32Array {
  let n = 0
  for (const x of v) n += x * x
  n = Math.sqrt(n) || 1
  for (let i = 0; i < v.length; i++) v[i]! /= n
  return v
}

export class VectorSource {
  private readonly centres: Float32Array[]
  constructor(
    readonly dim: number,
    private readonly rng: Rng,
    clusters = 1024,
    /** Noise relative to the centre: 1.5 gives within-topic cosines around 0.3 and a non-trivial recall curve. */
    private readonly noise = 1.5,
  ) {
    this.centres = Array.from({ length: clusters }, () =>
      normalize(Float32Array.from({ length: dim }, () => rng.gauss())),
    )
  }
  next(): Float32Array {
    const c = this.centres[Math.floor(this.rng.next() * this.centres.length)]!
    const s = this.noise / Math.sqrt(this.dim)
    return normalize(Float32Array.from(c, (x) => x + s * this.rng.gauss()))
  }
}

export class TextSource {
  constructor(
    private readonly words: string[],
    private readonly lengths: number[],
    private readonly rng: Rng,
  ) {}
  /** A chunk: a real chunk's length, words sampled in runs of 8 so local phrases stay plausible. */
  next(): string {
    const len = this.lengths[Math.floor(this.rng.next() * this.lengths.length)]!
    const out: string[] = []
    while (out.length < len) {
      const at = Math.floor(this.rng.next() * (this.words.length - 8))
      for (let i = 0; i < 8 && out.length < len; i++) out.push(this.words[at + i]!)
    }
    return out.join(' ')
  }
}

/** Exact top-k by inner product (the ground truth for recall). */
export function exactTopK(data: Float32Array, dim: number, q: Float32Array, k: number): number[] {
  const n = data.length / dim
  const best: { i: number; s: number }[] = []
  for (let i = 0; i < n; i++) {
    let s = 0
    const o = i * dim
    for (let d = 0; d < dim; d++) s += data[o + d]! * q[d]!
    if (best.length < k || s > best[best.length - 1]!.s) {
      best.push({ i, s })
      best.sort((a, b) => b.s - a.s)
      if (best.length > k) best.pop()
    }
  }
  return best.map((b) => b.i)
}
