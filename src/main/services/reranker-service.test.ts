// Settings › Search › reranking through the real services: an imported cross-encoder is copied into
// the app, used from the next search, kept across a restart, and turned off again; a folder that is
// no cross-encoder is refused and search goes on as it was.
import fs from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { tempServices } from '@tests/helpers/temp-services.js'
import { TEST_MODEL_DIR, TEST_RERANKER_DIR } from '@tests/test-model.js'

const opened: { dispose(): Promise<void> }[] = []
afterEach(async () => {
  for (const s of opened.splice(0)) await s.dispose()
})

describe('the reranker in the app', () => {
  it('imports a cross-encoder, reranks with it after a restart, and turns it off', async () => {
    const first = await tempServices()
    const { library } = first.services
    expect(library.rerankerStatus()).toEqual({ model: null, dir: null, weights: null, reason: null })

    const status = await library.importReranker(TEST_RERANKER_DIR)
    expect(status.model).toBe('quire/test-cross-encoder-tiny')
    expect(status.weights).toBe('int8 onnx/model_quantized.onnx')
    expect(status.dir).toBe(path.join(first.tmp, 'data', 'models', 'rerankers', 'quire-tiny-cross-encoder'))
    await first.close()

    const again = await tempServices({ reopen: first.tmp })
    opened.push(again)
    expect(again.services.library.rerankerStatus().model).toBe('quire/test-cross-encoder-tiny')
    expect((await again.services.library.removeReranker()).model).toBeNull()
    expect(again.services.library.rerankerStatus()).toEqual({
      model: null,
      dir: null,
      weights: null,
      reason: null,
    })
  })

  it('says why a reranker imported earlier is no longer used', async () => {
    const first = await tempServices()
    const { dir } = await first.services.library.importReranker(TEST_RERANKER_DIR)
    await first.close()
    fs.rmSync(dir!, { recursive: true })
    const again = await tempServices({ reopen: first.tmp })
    opened.push(again)
    expect(again.services.library.rerankerStatus()).toMatchObject({
      model: null,
      reason: expect.stringMatching(/^Reranker folder not found|Model folder not found/),
    })
  })

  it('refuses an embedding model folder as a reranker and keeps searching without one', async () => {
    const s = await tempServices()
    opened.push(s)
    await expect(s.services.library.importReranker(TEST_MODEL_DIR)).rejects.toMatchObject({
      code: 'MODEL_INVALID',
      message: expect.stringMatching(/not a cross-encoder/),
    })
    expect(s.services.library.rerankerStatus().model).toBeNull()
  })
})
