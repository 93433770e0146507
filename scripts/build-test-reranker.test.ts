import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ort from 'onnxruntime-node'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildTestReranker } from './build-test-reranker.js'

let root: string
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'quire-test-reranker-'))
})
afterEach(async () => {
  await rm(root, { recursive: true, force: true })
})

describe('buildTestReranker', () => {
  it('writes a cross-encoder folder laid out as transformers.js loads ms-marco-MiniLM-L-6-v2', async () => {
    const dir = await buildTestReranker(join(root, 'r'))
    for (const file of [
      'config.json',
      'tokenizer.json',
      'tokenizer_config.json',
      'onnx/model.onnx',
      'onnx/model_quantized.onnx',
    ])
      expect((await stat(join(dir, file))).isFile(), file).toBe(true)
    expect(JSON.parse(await readFile(join(dir, 'config.json'), 'utf8'))).toMatchObject({
      architectures: ['BertForSequenceClassification'],
      model_type: 'bert',
      id2label: { '0': 'LABEL_0' },
    })
  })

  it('lays the int8 file out as quantize_dynamic does, and the fp32 file without it', async () => {
    const dir = await buildTestReranker(join(root, 'r'))
    const ops = async (file: string) => {
      const text = (await readFile(join(dir, file))).toString('latin1')
      return ['MatMulInteger', 'DynamicQuantizeLinear', 'DequantizeLinear'].filter((op) => text.includes(op))
    }
    expect(await ops('onnx/model_quantized.onnx')).toEqual([
      'MatMulInteger',
      'DynamicQuantizeLinear',
      'DequantizeLinear',
    ])
    expect(await ops('onnx/model.onnx')).toEqual([])
  })

  it('is byte-identical when rebuilt elsewhere', async () => {
    const a = await buildTestReranker(join(root, 'a'))
    const b = await buildTestReranker(join(root, 'b'))
    for (const file of ['onnx/model.onnx', 'onnx/model_quantized.onnx'])
      expect(await readFile(join(b, file))).toEqual(await readFile(join(a, file)))
  })

  it('int8 file: ONNX Runtime fuses every linear layer as it fuses the published q8 files', async () => {
    // What ONNX Runtime runs is what the benchmark times: when the export's node pattern is off,
    // the fusion silently fails and MatMulInteger, Cast and the Muls run one by one.
    const dir = await buildTestReranker(join(root, 'r'))
    const session = await ort.InferenceSession.create(join(dir, 'onnx/model_quantized.onnx'), {
      graphOptimizationLevel: 'all',
      intraOpNumThreads: 1,
      enableProfiling: true,
      profileFilePrefix: join(root, 'profile'),
    })
    const ids = BigInt64Array.from([101n, 7n, 102n, 9n, 11n, 102n])
    await session.run({
      input_ids: new ort.Tensor('int64', ids, [1, 6]),
      attention_mask: new ort.Tensor(
        'int64',
        ids.map(() => 1n),
        [1, 6],
      ),
      token_type_ids: new ort.Tensor('int64', BigInt64Array.from([0n, 0n, 0n, 1n, 1n, 1n]), [1, 6]),
    })
    session.endProfiling()
    await session.release()
    const [profile] = (await readdir(root)).filter((f) => f.startsWith('profile'))
    const events = JSON.parse(await readFile(join(root, profile!), 'utf8')) as {
      cat: string
      name: string
      args?: { op_name?: string }
    }[]
    const ran = new Map<string, number>()
    for (const e of events)
      if (e.cat === 'Node' && e.name.endsWith('_kernel_time') && e.args?.op_name)
        ran.set(e.args.op_name, (ran.get(e.args.op_name) ?? 0) + 1)
    // The tiny model: 2 layers of 6 linear layers (q, k, v, output, up, down), pooler, classifier.
    expect((ran.get('DynamicQuantizeMatMul') ?? 0) + (ran.get('MatMulIntegerToFloat') ?? 0)).toBe(14)
    expect(ran.get('MatMulInteger')).toBeUndefined()
    // Of the unfused pattern's Cast and Mul only the padding mask's remain.
    expect([ran.get('Cast'), ran.get('Mul')]).toEqual([1, 1])
    // The attention's own MatMuls stay fp32 (MatMulConstBOnly), as in the published files.
    expect((ran.get('MatMul') ?? 0) + (ran.get('FusedMatMul') ?? 0)).toBe(4)
  })
})
