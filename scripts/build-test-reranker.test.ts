import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
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
})
