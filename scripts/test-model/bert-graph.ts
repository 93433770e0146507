// The ONNX graph of a BERT cross-encoder (BertForSequenceClassification with one label, as
// cross-encoder/ms-marco-MiniLM-L-6-v2 and its transformers.js export Xenova/ms-marco-MiniLM-L-6-v2):
// embeddings (word + position + token type, LayerNorm) → N encoder layers (multi-head self-attention
// with the padding mask, residual + LayerNorm, GELU feed-forward, residual + LayerNorm) → pooler
// (dense + tanh on [CLS]) → classifier (one logit). Random weights: the same operators and tensor
// shapes as the real model, so it costs what the real one costs, but its scores mean nothing.
// `quantized` lays the graph out as transformers.js's q8 files are written (scripts/quantize.py:
// onnxruntime's dynamic quantizer with int8 weights, per_channel and reduce_range on for BERT,
// MatMulConstBOnly): each linear layer DynamicQuantizeLinear + MatMulInteger with int8 weights, one
// scale per output column within ±64, then Cast + Mul + Mul + Add, which ONNX Runtime fuses at load
// into DynamicQuantizeMatMul / MatMulIntegerToFloat (build-test-reranker.test.ts checks that it
// does); the attention's two activation-by-activation MatMuls stay fp32; the three embedding tables
// int8, their looked-up rows dequantized. The same seed gives the fp32 and q8 files the same
// weights, up to int8 rounding.
import { mulberry32 as prng } from '../../tests/helpers/seeded-random.js'
import { AttributeType, DataType, type NodeSpec, type TensorSpec } from './onnx-proto.js'

export interface BertShape {
  layers: number
  hidden: number
  heads: number
  intermediate: number
  vocabSize: number
  maxPositions: number
}

/** cross-encoder/ms-marco-MiniLM-L-6-v2's shape (its config.json). */
export const MINILM_L6_SHAPE: BertShape = {
  layers: 6,
  hidden: 384,
  heads: 12,
  intermediate: 1536,
  vocabSize: 30522,
  maxPositions: 512,
}

export interface BertGraph {
  nodes: NodeSpec[]
  initializers: TensorSpec[]
}

const bytes = (a: Float32Array | Int8Array | BigInt64Array) => new Uint8Array(a.buffer)

/** Builds the graph; inputs input_ids, attention_mask, token_type_ids, output `logits` [batch, 1]. */
export function bertCrossEncoderGraph(
  shape: BertShape,
  quantized: boolean,
  seed: number,
  /** The weights' standard deviation: BERT's 0.02, or wider so a tiny model's scores spread. */
  std = 0.02,
): BertGraph {
  const next = prng(seed)
  const nodes: NodeSpec[] = []
  const initializers: TensorSpec[] = []
  let n = 0
  const name = (base: string) => `${base}_${n++}`
  const node = (opType: string, inputs: string[], attributes?: NodeSpec['attributes']): string => {
    const out = name(opType.toLowerCase())
    nodes.push({ name: out, opType, inputs, outputs: [out], ...(attributes ? { attributes } : {}) })
    return out
  }
  const init = (base: string, dims: number[], dataType: number, raw: Uint8Array): string => {
    const id = name(base)
    initializers.push({ name: id, dims, dataType, raw })
    return id
  }
  const floats = (base: string, dims: number[], fill: (i: number) => number): string => {
    const size = dims.reduce((a, b) => a * b, 1)
    const data = new Float32Array(size)
    for (let i = 0; i < size; i++) data[i] = fill(i)
    return init(base, dims, DataType.FLOAT, bytes(data))
  }
  const ints = (base: string, values: number[], scalar = false): string =>
    init(base, scalar ? [] : [values.length], DataType.INT64, bytes(BigInt64Array.from(values.map(BigInt))))
  // N(0, std) as BERT initialises, approximated by a uniform of the same spread (√3 · std).
  const weight = () => (next() * 2 - 1) * std * Math.sqrt(3)
  const random = (rows: number, cols: number) => {
    const w = new Float32Array(rows * cols)
    for (let i = 0; i < w.length; i++) w[i] = weight()
    return w
  }
  /**
   * Symmetric int8 with reduce_range, as onnxruntime's quantizer stores int8 weights: values within
   * ±64 (7 bits), zero point 0, one scale per column of a [rows, cols] matrix (per_channel) or one
   * for all of it (`columns` 1).
   */
  const int8 = (w: Float32Array, columns: number) => {
    const max = new Float32Array(columns)
    for (let i = 0; i < w.length; i++) max[i % columns] = Math.max(max[i % columns]!, Math.abs(w[i]!))
    const scales = Float32Array.from(max, (m) => m / 64 || 1)
    return { q: Int8Array.from(w, (x, i) => Math.round(x / scales[i % columns]!)), scales }
  }

  const linear = (x: string, inDim: number, outDim: number): string => {
    const w = random(inDim, outDim)
    const bias = floats('bias', [outDim], () => 0)
    if (!quantized)
      return node('Add', [node('MatMul', [x, init('weight', [inDim, outDim], 1, bytes(w))]), bias])
    const { q, scales } = int8(w, outDim)
    const xq = name('x_quantized')
    const xs = name('x_scale')
    const xz = name('x_zero_point')
    nodes.push({
      name: name('quantize'),
      opType: 'DynamicQuantizeLinear',
      inputs: [x],
      outputs: [xq, xs, xz],
    })
    const wq = init('weight_quantized', [inDim, outDim], DataType.INT8, bytes(q))
    const wz = init('weight_zero_point', [outDim], DataType.INT8, bytes(new Int8Array(outDim)))
    const product = node('MatMulInteger', [xq, wq, xz, wz])
    const asFloat = node('Cast', [product], [{ name: 'to', type: AttributeType.INT, i: DataType.FLOAT }])
    const scaleBoth = node('Mul', [xs, floats('weight_scale', [outDim], (i) => scales[i]!)])
    return node('Add', [node('Mul', [asFloat, scaleBoth]), bias])
  }
  const layerNorm = (x: string, dim: number): string =>
    node(
      'LayerNormalization',
      [x, floats('gamma', [dim], () => 1), floats('beta', [dim], () => 0)],
      [
        { name: 'axis', type: AttributeType.INT, i: -1 },
        { name: 'epsilon', type: AttributeType.FLOAT, f: 1e-12 },
      ],
    )

  const { hidden: H, heads, intermediate: I } = shape
  const headDim = H / heads

  // Embeddings. In the q8 layout the three tables stay int8 and the looked-up rows are dequantized,
  // as the quantizer's Gather quantization writes them (the published q8 files keep the 23 MB word
  // table int8): dequantizing a whole table first would cost ~5% of every forward pass.
  const embedding = (base: string, rows: number, ids: string): string => {
    const table = random(rows, H)
    if (!quantized) return node('Gather', [init(base, [rows, H], DataType.FLOAT, bytes(table)), ids])
    const { q, scales } = int8(table, 1)
    return node('DequantizeLinear', [
      node('Gather', [init(`${base}_quantized`, [rows, H], DataType.INT8, bytes(q)), ids]),
      floats(`${base}_scale`, [], () => scales[0]!),
      init(`${base}_zero_point`, [], DataType.INT8, bytes(Int8Array.of(0))),
    ])
  }
  const words = embedding('word_embeddings', shape.vocabSize, 'input_ids')
  const seqLen = node('Gather', [node('Shape', ['input_ids']), ints('seq_axis', [1], true)])
  const positionIds = node('Range', [ints('zero', [0], true), seqLen, ints('one', [1], true)])
  const positions = embedding('position_embeddings', shape.maxPositions, positionIds)
  const types = embedding('token_type_embeddings', 2, 'token_type_ids')
  let h = layerNorm(node('Add', [node('Add', [words, positions]), types]), H)

  // The padding mask as an additive bias on the attention scores: 0 where attended, -10000 where not.
  const maskFloat = node(
    'Cast',
    ['attention_mask'],
    [{ name: 'to', type: AttributeType.INT, i: DataType.FLOAT }],
  )
  const mask4d = node('Unsqueeze', [maskFloat, ints('mask_axes', [1, 2])])
  const maskBias = node('Mul', [
    node('Sub', [floats('one_f', [], () => 1), mask4d]),
    floats('neg', [], () => -10000),
  ])

  const splitHeads = (x: string, perm: number[]) =>
    node(
      'Transpose',
      [node('Reshape', [x, ints('head_shape', [0, 0, heads, headDim])])],
      [{ name: 'perm', type: AttributeType.INTS, ints: perm }],
    )
  for (let l = 0; l < shape.layers; l++) {
    const q = splitHeads(linear(h, H, H), [0, 2, 1, 3])
    const k = splitHeads(linear(h, H, H), [0, 2, 3, 1])
    const v = splitHeads(linear(h, H, H), [0, 2, 1, 3])
    const scores = node('Mul', [node('MatMul', [q, k]), floats('scale', [], () => 1 / Math.sqrt(headDim))])
    const probs = node(
      'Softmax',
      [node('Add', [scores, maskBias])],
      [{ name: 'axis', type: AttributeType.INT, i: -1 }],
    )
    const context = node('Reshape', [
      node(
        'Transpose',
        [node('MatMul', [probs, v])],
        [{ name: 'perm', type: AttributeType.INTS, ints: [0, 2, 1, 3] }],
      ),
      ints('merged_shape', [0, 0, H]),
    ])
    const attended = layerNorm(node('Add', [linear(context, H, H), h]), H)
    // GELU as BERT computes it: x · ½ · (1 + erf(x / √2)).
    const up = linear(attended, H, I)
    const erf = node('Erf', [node('Div', [up, floats('sqrt2', [], () => Math.SQRT2)])])
    const gelu = node('Mul', [
      node('Mul', [up, floats('half', [], () => 0.5)]),
      node('Add', [erf, floats('one_g', [], () => 1)]),
    ])
    h = layerNorm(node('Add', [linear(gelu, I, H), attended]), H)
  }

  const cls = node('Gather', [h, ints('cls', [0], true)], [{ name: 'axis', type: AttributeType.INT, i: 1 }])
  const pooled = node('Tanh', [linear(cls, H, H)])
  const logits = linear(pooled, H, 1)
  nodes.push({ name: 'logits', opType: 'Identity', inputs: [logits], outputs: ['logits'] })
  return { nodes, initializers }
}
