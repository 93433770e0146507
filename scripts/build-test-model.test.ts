import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildTestModel } from './build-test-model.js'

let root: string
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'quire-test-model-'))
})
afterEach(async () => {
  await rm(root, { recursive: true, force: true })
})

describe('buildTestModel', () => {
  it('writes the same layout as the real model', async () => {
    const dir = await buildTestModel(join(root, 'm'))
    for (const file of [
      'config.json',
      'tokenizer.json',
      'tokenizer_config.json',
      'special_tokens_map.json',
      'onnx/model_quantized.onnx',
      'quire-model.json',
    ]) {
      expect((await stat(join(dir, file))).isFile(), file).toBe(true)
    }
    expect(JSON.parse(await readFile(join(dir, 'config.json'), 'utf8'))).toMatchObject({ model_type: 'bert' })
    expect(JSON.parse(await readFile(join(dir, 'quire-model.json'), 'utf8'))).toEqual({
      modelId: 'quire/tiny-test-bert',
    })
  })

  it('is byte-identical when rebuilt elsewhere', async () => {
    const a = await buildTestModel(join(root, 'a'))
    const b = await buildTestModel(join(root, 'b'))
    for (const file of ['onnx/model_quantized.onnx', 'tokenizer.json']) {
      expect(await readFile(join(b, file))).toEqual(await readFile(join(a, file)))
    }
  })

  it('skips a current build and leaves no temp folders', async () => {
    const dir = await buildTestModel(join(root, 'm'))
    const marker = join(dir, 'marker.txt')
    await writeFile(marker, 'still here')
    await buildTestModel(dir)
    expect(await readFile(marker, 'utf8')).toBe('still here')
    expect(await readdir(root)).toEqual(['m'])
  })

  it('rebuilds a copy with another version stamp', async () => {
    const dir = await buildTestModel(join(root, 'm'))
    await writeFile(join(dir, '.test-model-version'), 'older\n')
    await writeFile(join(dir, 'marker.txt'), 'stale')
    await buildTestModel(dir)
    await expect(stat(join(dir, 'marker.txt'))).rejects.toThrow()
    expect(await readdir(root)).toEqual(['m'])
  })

  it('survives concurrent builds into the same folder', async () => {
    const dirs = await Promise.all([1, 2, 3].map(() => buildTestModel(join(root, 'm'))))
    expect(new Set(dirs).size).toBe(1)
    expect(await readdir(root)).toEqual(['m'])
  })
})
