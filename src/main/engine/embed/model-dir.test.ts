import { existsSync } from 'node:fs'
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { TEST_MODEL_DIR } from '@tests/test-model.js'
import { importModelFolder, inspectModelDir, resolveModelDir } from './model-dir.js'
import { PINNED_MODEL } from './pinned-model.js'

let root: string
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'quire-model-dir-'))
})
afterEach(async () => {
  await rm(root, { recursive: true, force: true })
})

async function modelCopy(name: string): Promise<string> {
  const dir = join(root, 'src', name)
  await cp(TEST_MODEL_DIR, dir, { recursive: true })
  return dir
}

describe('inspectModelDir', () => {
  it('accepts a complete folder and reads the model id from quire-model.json', async () => {
    const dir = await modelCopy('tiny')
    expect(inspectModelDir(dir)).toEqual({ ok: true, modelId: 'quire/tiny-test-bert', dir })
  })

  it('uses the folder name when there is no quire-model.json', async () => {
    const dir = await modelCopy('all-MiniLM-L6-v2')
    await rm(join(dir, 'quire-model.json'))
    expect(inspectModelDir(dir)).toMatchObject({ ok: true, modelId: 'all-MiniLM-L6-v2' })
  })

  it.each(['config.json', 'tokenizer.json', 'tokenizer_config.json'])('names a missing %s', async (file) => {
    const dir = await modelCopy('tiny')
    await rm(join(dir, file))
    const check = inspectModelDir(dir)
    expect(check.ok).toBe(false)
    if (!check.ok) expect(check.reason).toContain(file)
  })

  it('names the ONNX file when neither q8 nor fp32 weights exist', async () => {
    const dir = await modelCopy('tiny')
    await rm(join(dir, 'onnx'), { recursive: true })
    const check = inspectModelDir(dir)
    expect(check.ok).toBe(false)
    if (!check.ok) expect(check.reason).toMatch(/onnx\/model_quantized\.onnx.*onnx\/model\.onnx/)
  })

  it('accepts fp32-only weights', async () => {
    const dir = await modelCopy('tiny')
    await cp(join(dir, 'onnx', 'model_quantized.onnx'), join(dir, 'onnx', 'model.onnx'))
    await rm(join(dir, 'onnx', 'model_quantized.onnx'))
    expect(inspectModelDir(dir).ok).toBe(true)
  })

  it('reports a folder that does not exist', () => {
    const check = inspectModelDir(join(root, 'nope'))
    expect(check.ok).toBe(false)
    if (!check.ok) expect(check.reason).toMatch(/not found/)
  })
})

describe('resolveModelDir', () => {
  it('returns the first valid candidate, skipping unset and invalid ones', async () => {
    const first = await modelCopy('first')
    const second = await modelCopy('second')
    const result = resolveModelDir([undefined, null, join(root, 'missing'), first, second])
    expect(result).toMatchObject({ ok: true, dir: first })
  })

  it('lists every place it looked when none is valid', () => {
    const a = join(root, 'a')
    const b = join(root, 'b')
    const result = resolveModelDir([a, undefined, b])
    expect(result.ok).toBe(false)
    if (!result.ok) {
      expect(result.reason).toContain(a)
      expect(result.reason).toContain(b)
    }
  })

  it('says so when nothing was configured', () => {
    const result = resolveModelDir([undefined, null, ''])
    expect(result.ok).toBe(false)
  })
})

describe('importModelFolder', () => {
  it('copies the folder under destRoot with the same name and leaves no temp folders', async () => {
    const src = await modelCopy('tiny')
    const destRoot = join(root, 'models')
    const dest = await importModelFolder(src, destRoot)
    expect(dest).toBe(join(destRoot, 'tiny'))
    expect(inspectModelDir(dest)).toMatchObject({ ok: true, modelId: 'quire/tiny-test-bert' })
    expect(await readFile(join(dest, 'onnx', 'model_quantized.onnx'))).toEqual(
      await readFile(join(src, 'onnx', 'model_quantized.onnx')),
    )
    expect(await readdir(destRoot)).toEqual(['tiny'])
  })

  it('replaces an existing model of the same name', async () => {
    const src = await modelCopy('tiny')
    const destRoot = join(root, 'models')
    await mkdir(join(destRoot, 'tiny'), { recursive: true })
    await writeFile(join(destRoot, 'tiny', 'stale.txt'), 'old')
    const dest = await importModelFolder(src, destRoot)
    expect(existsSync(join(dest, 'stale.txt'))).toBe(false)
    expect(await readdir(destRoot)).toEqual(['tiny'])
  })

  it('refuses an invalid folder and writes nothing', async () => {
    const src = await modelCopy('tiny')
    await rm(join(src, 'config.json'))
    const destRoot = join(root, 'models')
    await expect(importModelFolder(src, destRoot)).rejects.toThrow(/config\.json/)
    expect(existsSync(destRoot)).toBe(false)
  })

  it('refuses a copy of the pinned model whose files do not match the pinned hashes, keeping the old one', async () => {
    // Named like the real model, so the pinned manifest applies; its test-model bytes cannot match.
    const src = await modelCopy('all-MiniLM-L6-v2')
    await rm(join(src, 'quire-model.json'))
    const destRoot = join(root, 'models')
    await mkdir(join(destRoot, 'all-MiniLM-L6-v2'), { recursive: true })
    await writeFile(join(destRoot, 'all-MiniLM-L6-v2', 'previous.txt'), 'keep me')
    await expect(importModelFolder(src, destRoot)).rejects.toThrow(/does not match the pinned/)
    expect(await readdir(destRoot)).toEqual(['all-MiniLM-L6-v2'])
    expect(await readFile(join(destRoot, 'all-MiniLM-L6-v2', 'previous.txt'), 'utf8')).toBe('keep me')
  })

  it('skips a .git folder', async () => {
    const src = await modelCopy('tiny')
    await mkdir(join(src, '.git'))
    await writeFile(join(src, '.git', 'HEAD'), 'ref: refs/heads/main')
    const dest = await importModelFolder(src, join(root, 'models'))
    expect(existsSync(join(dest, '.git'))).toBe(false)
  })
})

describe('PINNED_MODEL', () => {
  it('agrees with scripts/model-manifest.json, which fetch-model.mjs downloads with', async () => {
    const manifestPath = new URL('../../../../scripts/model-manifest.json', import.meta.url)
    const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as typeof PINNED_MODEL
    expect({
      modelId: manifest.modelId,
      revision: manifest.revision,
      folder: manifest.folder,
      files: manifest.files,
    }).toEqual(PINNED_MODEL)
  })
})
