/**
 * Inner products of one vector with many rows in WebAssembly SIMD (four float32 lanes at a time):
 * about four times as fast as the JavaScript loop for a scope's exact scan (scope-vectors.ts). The
 * module is eleven instructions of loop; it is written out here opcode by opcode rather than shipped
 * as a binary, so that what runs can be read. Sums are float32, as hnswlib's own.
 *
 *   scores(q, rows, n, dim, out): for r < n: out[r] = Σ_j q[j] · rows[r·dim + j]
 *   (byte offsets into the module's memory; dim a multiple of 4)
 */
const I32 = 0x7f
const V128 = 0x7b
const op = {
  block: [0x02, 0x40],
  loop: [0x03, 0x40],
  end: [0x0b],
  br: (depth: number) => [0x0c, depth],
  brIf: (depth: number) => [0x0d, depth],
  get: (local: number) => [0x20, local],
  set: (local: number) => [0x21, local],
  tee: (local: number) => [0x22, local],
  i32: (value: number) => [0x41, value],
  i32Add: [0x6a],
  i32Mul: [0x6c],
  i32LtU: [0x49],
  i32GeU: [0x4f],
  f32Add: [0x92],
  f32Store: [0x38, 0x02, 0x00],
  v128Load: [0xfd, 0x00, 0x02, 0x00],
  v128Zero: [0xfd, 0x0c, ...new Array<number>(16).fill(0)],
  f32x4Add: [0xfd, 0xe4, 0x01],
  f32x4Mul: [0xfd, 0xe6, 0x01],
  lane: (i: number) => [0xfd, 0x1f, i],
}
// Locals: the parameters q 0, rows 1, n 2, dim 3, out 4; then end 5, j 6, rowBytes 7, acc 8.
const [Q, ROWS, N, DIM, OUT, END, J, ROW_BYTES, ACC] = [0, 1, 2, 3, 4, 5, 6, 7, 8]
const body = [
  [0x02, 0x03, I32, 0x01, V128], // locals: three i32, one v128
  [...op.get(DIM), ...op.i32(4), ...op.i32Mul, ...op.set(ROW_BYTES)],
  [...op.get(OUT), ...op.get(N), ...op.i32(4), ...op.i32Mul, ...op.i32Add, ...op.set(END)],
  op.block,
  op.loop, // each row
  [...op.get(OUT), ...op.get(END), ...op.i32GeU, ...op.brIf(1)],
  [...op.v128Zero, ...op.set(ACC), ...op.i32(0), ...op.set(J)],
  op.loop, // four columns at a time
  [...op.get(ACC), ...op.get(ROWS), ...op.get(J), ...op.i32Add, ...op.v128Load],
  [...op.get(Q), ...op.get(J), ...op.i32Add, ...op.v128Load, ...op.f32x4Mul, ...op.f32x4Add, ...op.set(ACC)],
  [
    ...op.get(J),
    ...op.i32(16),
    ...op.i32Add,
    ...op.tee(J),
    ...op.get(ROW_BYTES),
    ...op.i32LtU,
    ...op.brIf(0),
  ],
  op.end,
  [...op.get(OUT), ...op.get(ACC), ...op.lane(0), ...op.get(ACC), ...op.lane(1), ...op.f32Add],
  [...op.get(ACC), ...op.lane(2), ...op.f32Add, ...op.get(ACC), ...op.lane(3), ...op.f32Add, ...op.f32Store],
  [...op.get(OUT), ...op.i32(4), ...op.i32Add, ...op.set(OUT)],
  [...op.get(ROWS), ...op.get(ROW_BYTES), ...op.i32Add, ...op.set(ROWS), ...op.br(0)],
  op.end,
  op.end,
  op.end,
].flat()

function leb(n: number): number[] {
  const out: number[] = []
  do {
    let b = n & 0x7f
    n >>>= 7
    if (n) b |= 0x80
    out.push(b)
  } while (n)
  return out
}
const section = (id: number, bytes: number[]) => [id, ...leb(bytes.length), ...bytes]
const name = (s: string) => [s.length, ...Array.from(s, (c) => c.charCodeAt(0))]

const MODULE = new Uint8Array([
  ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
  ...section(1, [0x01, 0x60, 0x05, I32, I32, I32, I32, I32, 0x00]), // type: (i32 ×5) → ()
  ...section(3, [0x01, 0x00]), // one function of that type
  ...section(5, [0x01, 0x00, 0x01]), // one memory, one page to start
  ...section(7, [0x02, ...name('m'), 0x02, 0x00, ...name('scores'), 0x00, 0x00]),
  ...section(10, [0x01, ...leb(body.length), ...body]),
])

export interface DotKernel {
  /** Room for `floats` float32 values from byte 0; views taken before a call to this are stale. */
  reserve(floats: number): void
  /** The module's memory as float32s (valid until the next reserve). */
  view(): Float32Array
  /** out[r] = q·rows[r] for r < n, all given as float32 indices into view(). */
  scores(q: number, rows: number, n: number, dim: number, out: number): void
}

// The engine's TypeScript libraries do not declare WebAssembly's API; Node has had it since v8.
interface WasmMemory {
  buffer: ArrayBuffer
  grow(pages: number): number
}
interface Wasm {
  validate(bytes: Uint8Array): boolean
  Module: new (bytes: Uint8Array) => object
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> }
}

/** A kernel with its own memory, or null where WebAssembly SIMD is not available. */
export function simdDotKernel(): DotKernel | null {
  const wasm = (globalThis as { WebAssembly?: Wasm }).WebAssembly
  if (!wasm?.validate(MODULE)) return null
  const instance = new wasm.Instance(new wasm.Module(MODULE), {})
  const memory = instance.exports.m as WasmMemory
  const scores = instance.exports.scores as (q: number, r: number, n: number, d: number, o: number) => void
  return {
    reserve(floats) {
      const pages = Math.ceil((floats * 4) / 65536)
      const have = memory.buffer.byteLength / 65536
      if (pages > have) memory.grow(pages - have)
    },
    view: () => new Float32Array(memory.buffer),
    scores: (q, rows, n, dim, out) => scores(q * 4, rows * 4, n, dim, out * 4),
  }
}
