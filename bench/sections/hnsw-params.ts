// Chooses hnswlib's M / efConstruction / efSearch from measured recall@10 (against exact search)
// and latency, on synthetic clustered 384-d vectors.
import hnswlib from 'hnswlib-node'
import { DEFAULT_TUNING } from '../../src/main/engine/retrieve/tuning.js'
import { DEFAULT_VECTOR_PARAMS } from '../../src/main/engine/vectors/vector-index.js'
import { arg, emit, log } from '../lib/env.js'
import { quantile, round } from '../lib/stats.js'
import { exactTopK, Rng, VectorSource } from '../lib/synthetic.js'

const n = Number(arg('n', '20000'))
const nq = Number(arg('queries', '200'))
const ms = arg('m', '8,16,32').split(',').map(Number)
const efcs = arg('efc', '100').split(',').map(Number)
const efs = arg('ef', '16,32,64,100,200').split(',').map(Number)
const dim = 384
const src = new VectorSource(dim, new Rng(42))
const data = new Float32Array(n * dim)
for (let i = 0; i < n; i++) data.set(src.next(), i * dim)
const queries = Array.from({ length: nq }, () => src.next())
const truth = queries.map((q) => exactTopK(data, dim, q, 10))
log(`hnsw: ${n} vectors, exact top-10 of ${nq} queries computed`)

const rows: Record<string, number>[] = []
for (const m of ms) {
  for (const efc of efcs) {
    const index = new hnswlib.HierarchicalNSW('ip', dim)
    index.initIndex({ maxElements: n, m, efConstruction: efc })
    const t = performance.now()
    for (let i = 0; i < n; i++) index.addPoint(Array.from(data.subarray(i * dim, (i + 1) * dim)), i)
    const buildS = (performance.now() - t) / 1000
    const plain = queries.map((q) => Array.from(q))
    for (const ef of efs) {
      index.setEf(ef)
      // k=10 alone, and k=vectorCandidates as HybridSearch asks (hnswlib then searches with max(ef, k)).
      for (const k of [10, DEFAULT_TUNING.vectorCandidates]) {
        if (k > 10 && ef > k) continue
        const lat: number[] = []
        let hits = 0
        plain.forEach((q, i) => {
          const t0 = performance.now()
          const res = index.searchKnn(q, k)
          lat.push(performance.now() - t0)
          const top = new Set(res.neighbors.slice(0, 10))
          hits += truth[i]!.filter((id) => top.has(id)).length
        })
        rows.push({
          m,
          efc,
          ef,
          k,
          build_s: round(buildS, 1),
          recall_at_10: round(hits / (10 * nq), 3),
          p50_ms: round(quantile(lat, 0.5), 3),
          p95_ms: round(quantile(lat, 0.95), 3),
        })
        log(
          `hnsw M=${m} efC=${efc} ef=${ef} k=${k}: recall@10 ${rows.at(-1)!.recall_at_10}, p50 ${rows.at(-1)!.p50_ms} ms (build ${buildS.toFixed(1)} s)`,
        )
      }
    }
  }
}
const chosen = rows.find(
  (r) =>
    r.m === DEFAULT_VECTOR_PARAMS.m &&
    r.efc === DEFAULT_VECTOR_PARAMS.efConstruction &&
    r.k === DEFAULT_TUNING.vectorCandidates,
)
emit({
  n,
  queries: nq,
  chosen: DEFAULT_VECTOR_PARAMS,
  recall_at_10: chosen?.recall_at_10 ?? null,
  grid: rows,
})
